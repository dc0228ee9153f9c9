/**
 * Forwarding over the gateway (逐条转发 with forwardOf, 合并转发 with TIMRelayElem) and
 * downloadMergerMessage over HTTP: only messages the sender sees now, never revoked, risky or gift
 * cards, the STORED payload sent (a tampered client payload ignored), merged messages snapshotted
 * under a server-made key and readable (nested ones too) by whoever received them.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { MESSAGE_INVALID, type ChatMessage, type MergedMessageItem } from '@api/chat'
import { FrameErrors, type ServerFrame } from '@api/chatFrames'
import { ChatErrors, ChatLimits } from '@rules/chat'
import { GiftBusiness } from '@rules/gifts'
import { MERGE_TOO_MANY } from '../src/chat/merged'
import { sendMessage, type OutgoingMessage } from '../src/chat/send'
import type { AppContext } from '../src/context'
import { chatConversations, chatMergedMessages, chatMessages } from '../src/db/schema'
import { ChatClient, FrameError } from './chatClient'
import {
  befriendAll,
  call,
  client,
  makeGroup,
  RawSocket,
  reader,
  text,
  type Reader,
  type TestGroup,
} from './chatHelpers'
import { startServer, type Reply, type TestServer } from './helpers'

let s: TestServer
before(async () => {
  s = await startServer()
})
after(() => s.close())

type MessageFrame = Extract<ServerFrame, { op: 'message' }>

function ok(res: Reply): void {
  assert.equal(res.body.code, 200, JSON.stringify(res.body))
}

function fails(res: Reply, code: number, msg?: string): void {
  assert.equal(res.body.code, code, JSON.stringify(res.body))
  if (msg !== undefined) assert.equal(res.body.msg, msg)
}

async function refusal(c: ChatClient, message: OutgoingMessage): Promise<FrameError> {
  try {
    await c.send(message)
  } catch (err) {
    assert.ok(err instanceof FrameError, String(err))
    return err
  }
  throw new Error('the send was accepted')
}

const stored = async (clientId: string): Promise<number> => {
  const rows = await s.db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.clientId, clientId))
  return rows.length
}

const snapshots = async (): Promise<number> => {
  const [row] = await s.db.select({ n: sql<number>`count(*)::int` }).from(chatMergedMessages)
  return Number(row.n)
}

const download = (who: Reader, downloadKey: string) =>
  call(s, 'downloadMergerMessage', { downloadKey }, who.token)

async function downloaded(who: Reader, downloadKey: string): Promise<MergedMessageItem[]> {
  const res = await download(who, downloadKey)
  ok(res)
  return res.body.data.messageList
}

/** A forward of `original` from `from` into `conversationID`, with a tampered type and payload. */
const forwardOf = (from: Reader, conversationID: string, original: string): OutgoingMessage => ({
  ID: ChatClient.messageId(from.userID),
  conversationID,
  type: 'TIMCustomElem',
  payload: { data: '{"forged":true}', description: '伪造', extension: '' },
  forwardOf: original,
})

const merged = (
  from: Reader,
  conversationID: string,
  messageIDList: string[],
  extra: Record<string, unknown> = {},
): OutgoingMessage => ({
  ID: ChatClient.messageId(from.userID),
  conversationID,
  type: 'TIMRelayElem',
  payload: {
    title: '甲和乙的聊天记录',
    abstractList: ['甲: 你好', '乙: 读书去'],
    compatibleText: '[聊天记录]',
    messageIDList,
    ...extra,
  },
})

const ctx = (): AppContext => s.fastify.chatContext

describe('chat forwarding', () => {
  let a: Reader
  let b: Reader
  let c: Reader
  let stranger: Reader
  let group: TestGroup
  let ca: ChatClient
  let cb: ChatClient
  let rawC: RawSocket

  before(async () => {
    a = await reader(s)
    b = await reader(s)
    c = await reader(s)
    stranger = await reader(s)
    await befriendAll(s, a, b, c)
    group = await makeGroup(s, a, [c])
    ca = await client(s, a)
    cb = await client(s, b)
    rawC = await RawSocket.authed(s, c.token)
  })
  after(() => {
    ca.close()
    cb.close()
    rawC.close()
  })

  const nextAt = async (conversationID: string): Promise<ChatMessage> =>
    (
      (await rawC.next(
        (f) => f.op === 'message' && f.message.conversationID === conversationID,
      )) as MessageFrame
    ).message

  test('a forward sends the stored type and payload, not the client’s', async () => {
    const original = await cb.send(text(b, a, '原文：读书使人充实'))
    const sent = await ca.send(forwardOf(a, a.with(c), original.ID))
    assert.equal(sent.type, 'TIMTextElem')
    assert.deepEqual(sent.payload, { text: '原文：读书使人充实' })
    const got = await nextAt(c.with(a))
    assert.equal(got.ID, sent.ID)
    assert.deepEqual(got.payload, { text: '原文：读书使人充实' })
    // A group's @ list is not forwarded with the text.
    const atText = await ca.send({
      ...text(a, c, '@读者 你好'),
      conversationID: group.conversationID,
      payload: { text: '@读者 你好', atUserList: [c.userID] },
    })
    await nextAt(group.conversationID)
    const copy = await ca.send(forwardOf(a, a.with(b), atText.ID))
    assert.deepEqual(copy.payload, { text: '@读者 你好' })
  })

  test('a message of a conversation one is not in is refused and nothing is stored', async () => {
    const theirs = await cb.send(text(b, c, '只给丙看'))
    await nextAt(c.with(b))
    const [before] = await s.db
      .select({ lastSeq: chatConversations.lastSeq })
      .from(chatConversations)
      .where(eq(chatConversations.id, group.conversationId))
    const attempt = forwardOf(a, group.conversationID, theirs.ID)
    const err = await refusal(ca, attempt)
    assert.equal(err.code, 404)
    assert.equal(err.message, MESSAGE_INVALID)
    assert.equal(await stored(attempt.ID), 0)
    const [after] = await s.db
      .select({ lastSeq: chatConversations.lastSeq })
      .from(chatConversations)
      .where(eq(chatConversations.id, group.conversationId))
    assert.equal(after.lastSeq, before.lastSeq)
    // Nor a message one deleted for oneself, nor an ID that does not exist.
    const mine = await ca.send(text(a, b, '删了就不见了'))
    ok(await call(s, 'deleteMessage', { messageIDList: [mine.ID] }, a.token))
    assert.equal((await refusal(ca, forwardOf(a, a.with(c), mine.ID))).code, 404)
    const none = `${b.userID}-nosuchmessage`
    assert.equal((await refusal(ca, forwardOf(a, a.with(c), none))).code, 404)
  })

  test('revoked, risky and gift card messages are refused', async () => {
    const revoked = await ca.send(text(a, b, '说错了'))
    ok(await call(s, 'revokeMessage', { messageID: revoked.ID }, a.token))
    const tries = [forwardOf(a, a.with(c), revoked.ID)]
    const risky = await cb.send(text(b, a, '后来被标记'))
    await s.db
      .update(chatMessages)
      .set({ hasRiskContent: true })
      .where(eq(chatMessages.clientId, risky.ID))
    tries.push(forwardOf(a, a.with(c), risky.ID))
    const gift = await sendMessage(
      ctx(),
      b.id,
      {
        ID: ChatClient.messageId(b.userID),
        conversationID: b.with(a),
        type: 'TIMCustomElem',
        payload: {
          data: JSON.stringify({ businessID: GiftBusiness.book, state: 0 }),
          description: GiftBusiness.book,
          extension: '',
        },
      },
      { server: { tx: s.db } },
    )
    tries.push(forwardOf(a, a.with(c), gift.row.clientId))
    for (const attempt of tries) {
      const err = await refusal(ca, attempt)
      assert.equal(err.code, 404, attempt.forwardOf)
      assert.equal(await stored(attempt.ID), 0)
    }
    // Merged with any of them: refused too, and no snapshot kept.
    const ok1 = await ca.send(text(a, b, '这条可以'))
    const before = await snapshots()
    for (const bad of [revoked.ID, risky.ID, gift.row.clientId]) {
      const attempt = merged(a, a.with(c), [ok1.ID, bad])
      assert.equal((await refusal(ca, attempt)).code, 404)
      assert.equal(await stored(attempt.ID), 0)
    }
    assert.equal(await snapshots(), before)
  })

  test('a merged message is snapshotted, readable by its receiver, nested too', async () => {
    const m1 = await cb.send(text(b, a, '乙：明天读《论语》'))
    const m2 = await ca.send(text(a, b, '甲：好，学而时习之'))
    // Merged into the A-B chat first (IDs in any order: the snapshot is oldest first).
    const inner = await ca.send(merged(a, a.with(b), [m2.ID, m1.ID]))
    assert.equal(inner.type, 'TIMRelayElem')
    const innerKey = inner.payload.downloadKey as string
    assert.match(innerKey, /^[0-9a-f]{32}$/)
    assert.deepEqual(inner.payload, {
      title: '甲和乙的聊天记录',
      abstractList: ['甲: 你好', '乙: 读书去'],
      compatibleText: '[聊天记录]',
      downloadKey: innerKey,
      layersOverLimit: false,
    })
    // Then that merged message with another into the group with C.
    const outer = await ca.send(merged(a, group.conversationID, [inner.ID, m1.ID]))
    const got = await nextAt(group.conversationID)
    assert.equal(got.ID, outer.ID)
    assert.equal(got.type, 'TIMRelayElem')
    assert.equal('messageIDList' in got.payload, false)
    const outerKey = got.payload.downloadKey as string
    assert.notEqual(outerKey, innerKey)

    const items = await downloaded(c, outerKey)
    assert.deepEqual(
      items.map((i) => [i.ID, i.type, i.from]),
      [
        [m1.ID, 'TIMTextElem', b.userID],
        [inner.ID, 'TIMRelayElem', a.userID],
      ],
    )
    assert.deepEqual(items[0].payload, { text: '乙：明天读《论语》' })
    assert.equal(items[0].nick, m1.nick)
    assert.equal(items[0].time, m1.time)
    assert.equal(items[1].payload.downloadKey, innerKey)
    const nested = await downloaded(c, innerKey)
    assert.deepEqual(
      nested.map((i) => [i.ID, i.payload.text]),
      [
        [m1.ID, '乙：明天读《论语》'],
        [m2.ID, '甲：好，学而时习之'],
      ],
    )
    // The snapshot stays as it was when merged, whatever happens to the messages after.
    ok(await call(s, 'revokeMessage', { messageID: m2.ID }, a.token))
    assert.equal((await downloaded(b, innerKey))[1].payload.text, '甲：好，学而时习之')
    // Flagged by moderation after it was merged: emptied for all but its sender.
    await s.db
      .update(chatMessages)
      .set({ hasRiskContent: true })
      .where(eq(chatMessages.clientId, m1.ID))
    assert.deepEqual((await downloaded(c, outerKey))[0].payload, { text: '' })
    assert.deepEqual((await downloaded(b, innerKey))[0].payload, { text: '乙：明天读《论语》' })
    // A merged message forwarded alone keeps its key.
    const again = await ca.send(forwardOf(a, a.with(c), outer.ID))
    assert.equal(again.type, 'TIMRelayElem')
    assert.equal(again.payload.downloadKey, outerKey)
  })

  test('a forward of text with blocked words (stored before they were) is refused with 80001', async () => {
    const original = await cb.send(text(b, a, '原来无害'))
    await s.db
      .update(chatMessages)
      .set({ payload: { text: '现在是代开发票广告' } })
      .where(eq(chatMessages.clientId, original.ID))
    const attempt = forwardOf(a, a.with(c), original.ID)
    const err = await refusal(ca, attempt)
    assert.equal(err.code, ChatErrors.sensitive.code)
    assert.equal(err.message, ChatErrors.sensitive.text)
    assert.equal(await stored(attempt.ID), 0)
  })

  test('a malformed forwardOf is refused as a bad frame', async () => {
    const original = await cb.send(text(b, a, '好句子'))
    for (const bad of ['not an id', 42, 'x'.repeat(100), null]) {
      const attempt = { ...forwardOf(a, a.with(c), original.ID), forwardOf: bad }
      const err = await refusal(ca, attempt as unknown as OutgoingMessage)
      assert.equal(err.code, FrameErrors.badFrame.code, String(bad))
      assert.equal(await stored(attempt.ID), 0)
    }
  })

  test('a key that was never made is refused; a malformed one too', async () => {
    fails(await download(stranger, '0123456789abcdef0123456789abcdef'), 404, MESSAGE_INVALID)
    fails(await download(stranger, 'not-a-key'), 400, MESSAGE_INVALID)
    const res = await s.get('/api/chat/merged?downloadKey=0123456789abcdef0123456789abcdef')
    assert.notEqual(res.body.code, 200)
  })

  test('more than the limit, a client’s own downloadKey, a blocked word: refused', async () => {
    const one = await ca.send(text(a, b, '一条'))
    const before = await snapshots()
    const many = Array.from({ length: ChatLimits.mergeMaxMessages + 1 }, (_, i) =>
      i === 0 ? one.ID : `${a.userID}-x${i}`,
    )
    const tooMany = merged(a, a.with(c), many)
    const err = await refusal(ca, tooMany)
    assert.equal(err.code, 400)
    assert.equal(err.message, MERGE_TOO_MANY)
    const ownKey = merged(a, a.with(c), [one.ID], { downloadKey: 'ab'.repeat(16) })
    assert.equal((await refusal(ca, ownKey)).code, FrameErrors.badFrame.code)
    // The stored shape sent as is (no message IDs, a key of its own): refused the same.
    const forged: OutgoingMessage = {
      ID: ChatClient.messageId(a.userID),
      conversationID: a.with(c),
      type: 'TIMRelayElem',
      payload: {
        title: '伪造',
        abstractList: [],
        compatibleText: '',
        downloadKey: 'cd'.repeat(16),
        layersOverLimit: false,
      },
    }
    assert.equal((await refusal(ca, forged)).code, FrameErrors.badFrame.code)
    const blocked = merged(a, a.with(c), [one.ID], { title: '代开发票的聊天记录' })
    const refused = await refusal(ca, blocked)
    assert.equal(refused.code, ChatErrors.sensitive.code)
    assert.equal(refused.message, ChatErrors.sensitive.text)
    for (const attempt of [tooMany, ownKey, forged, blocked]) {
      assert.equal(await stored(attempt.ID), 0)
    }
    assert.equal(await snapshots(), before)
  })
})
