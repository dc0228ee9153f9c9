/**
 * The gateway's `sync` (issue 29): any number of cursors in at most two queries (none for malformed
 * IDs), with exactly the visibility of getMessagesAfter (a member's clear, where they left a
 * group, messages deleted for them, revoked messages), and a per-reader cap on cursors per time.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import type { ChatMessage } from '@api/chat'
import { FrameErrors, type ServerFrame, type SyncResult } from '@api/chatFrames'
import { ChatLimits } from '@rules/chat'
import { Limits } from '@rules/limits'
import { postGroupMessage } from '../src/chat/groupConversation'
import {
  call,
  client,
  groupChange,
  groupText,
  makeGroup,
  RawSocket,
  reader,
  removeFromGroup,
  text,
  type Reader,
} from './chatHelpers'
import { countQueries } from './queryCounter'
import { startServer, type TestServer } from './helpers'

let s: TestServer
before(async () => {
  s = await startServer()
})
after(() => s.close())

async function authed(who: Reader): Promise<RawSocket> {
  const raw = await RawSocket.open(s)
  raw.send({ op: 'auth', rid: 1, token: who.token })
  assert.equal((await raw.next()).op, 'ack')
  return raw
}

let rid = 100
async function syncOver(raw: RawSocket, cursors: Record<string, number>): Promise<ServerFrame> {
  const mine = ++rid
  raw.send({ op: 'sync', rid: mine, cursors })
  return raw.next((f) => (f.op === 'ack' || f.op === 'error') && f.rid === mine, 10_000)
}

async function synced(raw: RawSocket, cursors: Record<string, number>): Promise<SyncResult> {
  const answer = await syncOver(raw, cursors)
  assert.equal(answer.op, 'ack', JSON.stringify(answer))
  return (answer as { data: SyncResult }).data
}

/** 500 cursors nobody can read: unknown readers and groups, oneself, and malformed IDs. */
function unknownCursors(me: Reader, count: number): Record<string, number> {
  const cursors: Record<string, number> = {}
  for (let i = 0; Object.keys(cursors).length < count - 1; i++) {
    const forms = [`C2C${1_900_000_000 + i}`, `GROUP${1_800_000_000 + i}`, `C2Cx${i}`, `GROUP0${i}`]
    cursors[forms[i % forms.length]] = i
  }
  cursors[`C2C${me.id}`] = 0
  return cursors
}

const sequences = (list: ChatMessage[]) => list.map((m) => [m.sequence, m.isRevoked, m.payload])

describe('chat sync', () => {
  test('500 unknown cursors cost one query, malformed ones none, and answer nothing', async () => {
    const a = await reader(s)
    const raw = await authed(a)
    let res: SyncResult | undefined
    const unknown = unknownCursors(a, 500)
    const queries = await countQueries(s.db, async () => {
      res = await synced(raw, unknown)
    })
    assert.deepEqual(res, { conversations: [] })
    assert.ok(queries <= 1, `${queries} queries for 500 unknown cursors`)
    const malformed = Object.fromEntries(
      Array.from({ length: 500 }, (_, i) => [`C2Cbad_${i}`, 0] as [string, number]),
    )
    const none = await countQueries(s.db, () => synced(raw, malformed))
    assert.equal(none, 0)
    raw.close()
  })

  test('many real conversations with unknown ones in two queries, as getMessagesAfter sees them', async () => {
    const a = await reader(s)
    const b = await reader(s)
    const c = await reader(s)
    const aClient = await client(s, a)
    const bClient = await client(s, b)
    const cClient = await client(s, c)

    // C2C a-b: b clears the conversation, then deletes one message for himself; a revokes one.
    await aClient.send(text(a, b, 'm1'))
    await bClient.send(text(b, a, 'r2'))
    await call(s, 'deleteConversation', { conversationID: b.with(a) }, b.token)
    const m3 = await aClient.send(text(a, b, 'm3'))
    await aClient.send(text(a, b, 'm4'))
    const m5 = await aClient.send(text(a, b, 'm5'))
    await bClient.send(text(b, a, 'r6'))
    const deleted = await call(s, 'deleteMessage', { messageIDList: [m3.ID] }, b.token)
    assert.equal(deleted.body.code, 200, JSON.stringify(deleted.body))
    const revoked = await call(s, 'revokeMessage', { messageID: m5.ID }, a.token)
    assert.equal(revoked.body.code, 200, JSON.stringify(revoked.body))

    // A group b left: nothing after the sequence he left at.
    const group = await makeGroup(s, c, [a, b])
    await cClient.send(groupText(c, group, 'g1'))
    await removeFromGroup(s, group, c.id, [b])
    await cClient.send(groupText(c, group, 'after b left'))

    // A group with more than a sync's worth: the first ChatLimits.syncMaxPerConversation, reload.
    const big = await makeGroup(s, c, [b])
    await groupChange(s, async (tx, now) => {
      for (let i = 0; i < ChatLimits.syncMaxPerConversation + 3; i++) {
        const payload = { data: `t${i}`, description: '', extension: '' }
        const message = { senderId: c.id, type: 'TIMCustomElem' as const, payload }
        await postGroupMessage(s.fastify.chatContext, tx, big.id, message, now)
      }
      return []
    })

    const raw = await authed(b)
    const cursors = {
      ...unknownCursors(b, 300),
      [b.with(a)]: 0,
      [group.conversationID]: 1,
      [big.conversationID]: 0,
      [b.with(c)]: 0,
    }
    let res: SyncResult | undefined
    const queries = await countQueries(s.db, async () => {
      res = await synced(raw, cursors)
    })
    assert.ok(queries <= 2, `${queries} queries`)
    const got = (res as SyncResult).conversations
    // Readable ones only, in the order asked (C2C b-c was never opened: nothing to catch up on).
    assert.deepEqual(
      got.map((conv) => conv.conversationID),
      [b.with(a), group.conversationID, big.conversationID],
    )
    for (const conv of got) {
      const http = await call(
        s,
        'getMessagesAfter',
        { conversationID: conv.conversationID, afterSequence: cursors[conv.conversationID] },
        b.token,
      )
      assert.equal(http.body.code, 200)
      assert.deepEqual(
        sequences(conv.messageList),
        sequences(http.body.data.messageList),
        conv.conversationID,
      )
      assert.deepEqual(conv.messageList, http.body.data.messageList, conv.conversationID)
      assert.equal(conv.reload, !http.body.data.isCompleted)
    }
    const c2c = got[0].messageList
    assert.deepEqual(
      c2c.map((m) => [m.sequence, m.isRevoked]),
      [
        [4, false],
        [5, true],
        [6, false],
      ],
    )
    const left = got[1].messageList
    assert.ok(left.length > 0 && left.every((m) => m.payload.text !== 'after b left'))
    assert.equal(got[2].messageList.length, ChatLimits.syncMaxPerConversation)
    assert.equal(got[2].reload, true)
    raw.close()
    for (const one of [aClient, bClient, cClient]) one.close()
  })

  test('a reader may ask for so many cursors at once, over all their sockets', async () => {
    const a = await reader(s)
    const first = await authed(a)
    const second = await authed(a)
    const cursors = unknownCursors(a, 500)
    const frames = Math.floor(Limits.chatSyncCursorBurst / 500)
    for (let i = 0; i < frames; i++) await synced(i % 2 ? first : second, cursors)
    const refused = await syncOver(first, cursors)
    assert.equal(refused.op, 'error')
    assert.equal((refused as { code: number }).code, FrameErrors.tooMany.code)
    const alsoRefused = await syncOver(second, cursors)
    assert.equal((alsoRefused as { code: number }).code, FrameErrors.tooMany.code)
    // A small catch-up soon fits again, and the socket works throughout.
    await new Promise((resolve) => setTimeout(resolve, 200))
    assert.deepEqual(await synced(first, { [`C2C${a.id + 1}`]: 0 }), { conversations: [] })
    first.close()
    second.close()
  })

  test('one answer holds at most Limits.chatSyncMaxMessages, the rest marked reload', async () => {
    const a = await reader(s)
    const b = await reader(s)
    const count = 500
    const each = ChatLimits.syncMaxPerConversation + 1
    // 500 group conversations of 201 short messages each, written straight into the tables.
    const first = 1_700_000_000 + (a.id % 1000) * 1000
    await s.db.execute(sql`
      insert into chat_conversations (key, type, last_seq, last_at, created_at)
      select 'group:' || (${first}::int + g), 'GROUP', ${each}::int, now(), now()
      from generate_series(1, ${count}::int) g`)
    const ids = sql`(select id from chat_conversations where key like 'group:%'
      and substr(key, 7)::bigint between ${first + 1}::bigint and ${first + count}::bigint)`
    await s.db.execute(sql`
      insert into chat_members (conversation_id, user_id)
      select id, ${a.id}::int from ${ids} c`)
    await s.db.execute(sql`
      insert into chat_messages (conversation_id, seq, client_id, sender_id, type, payload, created_at)
      select c.id, n, ${b.id}::text || '-cap-' || c.id || '-' || n, ${b.id}::int, 'TIMTextElem',
        '{"text":"hi"}'::jsonb, now()
      from ${ids} c cross join generate_series(1, ${each}::int) n`)
    const cursors = Object.fromEntries(
      Array.from({ length: count }, (_, i) => [`GROUP${first + i + 1}`, 0] as [string, number]),
    )

    const raw = await authed(a)
    // Warm: what is measured is the big frame, not the process's first sync.
    await synced(raw, { [`GROUP${first + 1}`]: ChatLimits.syncMaxPerConversation })
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    const res = await synced(raw, cursors)
    delay.disable()
    const total = res.conversations.reduce((sum, c) => sum + c.messageList.length, 0)
    assert.equal(res.conversations.length, count)
    assert.ok(total <= Limits.chatSyncMaxMessages, `${total} messages in one answer`)
    assert.ok(res.conversations.every((c) => c.reload && c.messageList.length > 0))
    const maxMs = delay.max / 1e6
    assert.ok(maxMs < 200, `the event loop was held ${maxMs.toFixed(0)} ms`)

    // Asked again from where it ended (as the client does), a conversation goes on in order.
    const one = res.conversations[0]
    const last = one.messageList[one.messageList.length - 1].sequence
    const next = await synced(raw, { [one.conversationID]: last })
    assert.equal(next.conversations[0].messageList[0].sequence, last + 1)
    assert.equal(next.conversations[0].messageList.length, each - last)
    assert.equal(next.conversations[0].reload, false)
    raw.close()
  })
})
