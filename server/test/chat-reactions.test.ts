/**
 * Emoji reactions over HTTP and the gateway: added and removed by readers of the conversation only
 * (a stranger, a member who left, a revoked message and a group's notices are refused and change
 * nothing), idempotent, at most 10 different emoji per message, listed with the first reactors and
 * paged in full, and pushed live to every member with the conversation ID and reactedByMyself of
 * their own side.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { MESSAGE_INVALID, type ChatMessage, type MessageReactionChange } from '@api/chat'
import type { ServerFrame } from '@api/chatFrames'
import { ChatErrors } from '@rules/chat'
import {
  BASIC_EMOJI_PAIRS,
  REACTION_INVALID,
  REACTION_NOT_ALLOWED,
  ReactionErrors,
} from '@rules/chatReactions'
import { chatMessageReactions, chatMessages, users } from '../src/db/schema'
import {
  befriendAll,
  call,
  client,
  groupText,
  makeGroup,
  RawSocket,
  reader,
  removeFromGroup,
  text,
  type Reader,
} from './chatHelpers'
import { startServer, type Reply, type TestServer } from './helpers'

let s: TestServer
before(async () => {
  s = await startServer()
})
after(() => s.close())

type ReactionsFrame = Extract<ServerFrame, { op: 'reactions' }>

function ok(res: Reply): void {
  assert.equal(res.body.code, 200, JSON.stringify(res.body))
}

function fails(res: Reply, code: number, msg?: string): void {
  assert.equal(res.body.code, code, JSON.stringify(res.body))
  if (msg !== undefined) assert.equal(res.body.msg, msg)
}

const add = (who: Reader, messageID: string, reactionID: string) =>
  call(s, 'addMessageReaction', { messageID, reactionID }, who.token)
const remove = (who: Reader, messageID: string, reactionID: string) =>
  call(s, 'removeMessageReaction', { messageID, reactionID }, who.token)

async function list(
  who: Reader,
  ids: string[],
  maxUserCountPerReaction?: number,
): Promise<MessageReactionChange[]> {
  const input = { messageIDList: ids, maxUserCountPerReaction }
  const res = await call(s, 'getMessageReactions', input, who.token)
  ok(res)
  return res.body.data.resultList
}

/** reactionID: count, with ' *' when the caller reacted with it. */
async function summary(who: Reader, id: string): Promise<string[]> {
  const [change] = await list(who, [id])
  return change.reactionList.map(
    (r) => `${r.reactionID}:${r.totalUserCount}${r.reactedByMyself ? ' *' : ''}`,
  )
}

const nextReactions = async (raw: RawSocket): Promise<ReactionsFrame> =>
  (await raw.next((f) => f.op === 'reactions')) as ReactionsFrame

async function quiet(raw: RawSocket, ms = 200): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms))
  assert.deepEqual(
    raw.frames.filter((f) => f.op === 'reactions'),
    [],
  )
}

async function stored(clientId: string): Promise<number> {
  const [row] = await s.db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessageReactions)
    .innerJoin(chatMessages, eq(chatMessages.id, chatMessageReactions.messageId))
    .where(eq(chatMessages.clientId, clientId))
  return Number(row.n)
}

async function nickOf(who: Reader): Promise<string> {
  const [row] = await s.db.select({ nick: users.nickname }).from(users).where(eq(users.id, who.id))
  return row.nick
}

describe('chat: reactions', () => {
  test('C2C: add, list, remove; idempotent; a stranger is refused; both sides told live', async () => {
    const [a, b, x] = [await reader(s), await reader(s), await reader(s)]
    await befriendAll(s, a, b)
    const ac = await client(s, a)
    const sent: ChatMessage = await ac.send(text(a, b, '今晚读第三章'))
    const rawA = await RawSocket.authed(s, a.token)
    const rawB = await RawSocket.authed(s, b.token)

    // Someone outside the conversation: 404, nothing kept, nothing pushed.
    fails(await add(x, sent.ID, '强'), 404, MESSAGE_INVALID)
    fails(await remove(x, sent.ID, '强'), 404, MESSAGE_INVALID)
    assert.deepEqual(await list(x, [sent.ID]), [])
    const users0 = { messageID: sent.ID, reactionID: '强' }
    fails(await call(s, 'getAllUserListOfMessageReaction', users0, x.token), 404, MESSAGE_INVALID)
    // Not an emoji of the set.
    fails(await add(b, sent.ID, '火箭'), 400, REACTION_INVALID)
    assert.equal(await stored(sent.ID), 0)
    await quiet(rawA)
    await quiet(rawB)

    ok(await add(b, sent.ID, '强'))
    const toA = await nextReactions(rawA)
    const toB = await nextReactions(rawB)
    const bNick = await nickOf(b)
    const reaction = {
      reactionID: '强',
      totalUserCount: 1,
      partialUserList: [{ userID: b.userID, nick: bNick, avatar: '' }],
    }
    assert.equal(toA.conversationID, a.with(b))
    assert.deepEqual(toA.changeInfoList, [
      { messageID: sent.ID, reactionList: [{ ...reaction, reactedByMyself: false }] },
    ])
    assert.equal(toB.conversationID, b.with(a))
    assert.deepEqual(toB.changeInfoList, [
      { messageID: sent.ID, reactionList: [{ ...reaction, reactedByMyself: true }] },
    ])

    // Adding it again changes nothing and pushes nothing.
    ok(await add(b, sent.ID, '强'))
    assert.equal(await stored(sent.ID), 1)
    await quiet(rawA)

    s.clock.advance(1000)
    ok(await add(a, sent.ID, '强'))
    s.clock.advance(1000)
    ok(await add(a, sent.ID, '爱心'))
    assert.deepEqual(await summary(a, sent.ID), ['强:2 *', '爱心:1 *'])
    assert.deepEqual(await summary(b, sent.ID), ['强:2 *', '爱心:1'])
    const [named] = await list(b, [sent.ID], 1)
    assert.deepEqual(
      named.reactionList.map((r) => r.partialUserList.map((u) => u.userID)),
      [[b.userID], [a.userID]],
    )
    const [none] = await list(b, [sent.ID], 0)
    assert.deepEqual(
      none.reactionList.map((r) => [r.totalUserCount, r.partialUserList.length]),
      [
        [2, 0],
        [1, 0],
      ],
    )

    // Removing: one's own only; nothing to remove is fine.
    ok(await remove(a, sent.ID, '爱心'))
    ok(await remove(a, sent.ID, '爱心'))
    ok(await remove(b, sent.ID, '微笑'))
    assert.deepEqual(await summary(b, sent.ID), ['强:2 *'])
    rawA.frames.length = 0
    rawB.frames.length = 0
    ok(await remove(b, sent.ID, '强'))
    const afterB = await nextReactions(rawB)
    assert.deepEqual(afterB.changeInfoList[0].reactionList, [
      {
        reactionID: '强',
        totalUserCount: 1,
        partialUserList: [{ userID: a.userID, nick: await nickOf(a), avatar: '' }],
        reactedByMyself: false,
      },
    ])
    assert.equal(
      (await nextReactions(rawA)).changeInfoList[0].reactionList[0].reactedByMyself,
      true,
    )
    rawA.close()
    rawB.close()
    ac.close()
  })

  test('at most 10 different emoji under a message; the 11th is refused with the spec text', async () => {
    const [a, b] = [await reader(s), await reader(s)]
    await befriendAll(s, a, b)
    const ac = await client(s, a)
    const sent: ChatMessage = await ac.send(text(a, b, '投票'))
    const keys = BASIC_EMOJI_PAIRS.map(([name]) => name)
    for (const key of keys.slice(0, 10)) {
      s.clock.advance(1000)
      ok(await add(a, sent.ID, key))
    }
    fails(await add(b, sent.ID, keys[10]), ReactionErrors.tooMany.code, ReactionErrors.tooMany.text)
    fails(await add(a, sent.ID, keys[11]), ReactionErrors.tooMany.code, ReactionErrors.tooMany.text)
    // One already there may still be joined.
    ok(await add(b, sent.ID, keys[3]))
    assert.equal(await stored(sent.ID), 11)
    // Once one is gone, another fits.
    ok(await remove(a, sent.ID, keys[0]))
    s.clock.advance(1000)
    ok(await add(b, sent.ID, keys[10]))
    const [change] = await list(a, [sent.ID])
    assert.equal(change.reactionList.length, 10)
    assert.equal(change.reactionList[9].reactionID, keys[10])
    ac.close()
  })

  test('a group of three: live to the other two; notices, revoked messages and leavers refused', async () => {
    const [owner, b, c] = [await reader(s), await reader(s), await reader(s)]
    const g = await makeGroup(s, owner, [b, c])
    const oc = await client(s, owner)
    const sent: ChatMessage = await oc.send(groupText(owner, g, '大家好'))
    const rawO = await RawSocket.authed(s, owner.token)
    const rawB = await RawSocket.authed(s, b.token)
    const rawC = await RawSocket.authed(s, c.token)

    ok(await add(b, sent.ID, '鼓掌'))
    for (const [raw, mine] of [
      [rawO, false],
      [rawB, true],
      [rawC, false],
    ] as const) {
      const frame = await nextReactions(raw)
      assert.equal(frame.conversationID, g.conversationID)
      assert.equal(frame.changeInfoList[0].messageID, sent.ID)
      const [r] = frame.changeInfoList[0].reactionList
      assert.deepEqual([r.reactionID, r.totalUserCount, r.reactedByMyself], ['鼓掌', 1, mine])
    }
    ok(await add(c, sent.ID, '鼓掌'))
    const toO = await nextReactions(rawO)
    assert.deepEqual(
      toO.changeInfoList[0].reactionList[0].partialUserList.map((u) => u.userID),
      [b.userID, c.userID],
    )
    assert.equal(
      (await nextReactions(rawB)).changeInfoList[0].reactionList[0].reactedByMyself,
      true,
    )
    assert.equal(
      (await nextReactions(rawC)).changeInfoList[0].reactionList[0].reactedByMyself,
      true,
    )

    // The creation notice takes none.
    const history = await call(s, 'getMessageList', { conversationID: g.conversationID }, b.token)
    const notice = (history.body.data.messageList as ChatMessage[]).find((m) => m.ID !== sent.ID)
    assert.ok(notice)
    fails(await add(b, notice.ID, '强'), 400, REACTION_NOT_ALLOWED)

    // A revoked message takes none.
    const gone: ChatMessage = await oc.send(groupText(owner, g, '发错了'))
    ok(await call(s, 'revokeMessage', { messageID: gone.ID }, owner.token))
    fails(await add(c, gone.ID, '强'), 400, REACTION_NOT_ALLOWED)
    assert.equal(await stored(gone.ID), 0)

    // A member who left sees the history but reacts no more, and is not pushed.
    await removeFromGroup(s, g, c.id, [c])
    rawO.frames.length = 0
    rawC.frames.length = 0
    fails(await add(c, sent.ID, '强'), ChatErrors.removed.code, ChatErrors.removed.text)
    fails(await remove(c, sent.ID, '鼓掌'), ChatErrors.removed.code, ChatErrors.removed.text)
    assert.equal(await stored(sent.ID), 2)
    ok(await add(owner, sent.ID, '强'))
    assert.equal((await nextReactions(rawO)).conversationID, g.conversationID)
    await quiet(rawC)
    rawO.close()
    rawB.close()
    rawC.close()
    oc.close()
  })

  test('a reader without chat permission (im_status not 1) may not react', async () => {
    const [a, b] = [await reader(s), await reader(s)]
    await befriendAll(s, a, b)
    const ac = await client(s, a)
    const sent: ChatMessage = await ac.send(text(a, b, '权限'))
    ok(await add(b, sent.ID, '强'))
    await s.db.update(users).set({ imStatus: 0 }).where(eq(users.id, b.id))
    const refused = ChatErrors.noPermission
    fails(await add(b, sent.ID, '爱心'), refused.code, refused.text)
    fails(await remove(b, sent.ID, '强'), refused.code, refused.text)
    assert.equal(await stored(sent.ID), 1)
    // Reading stays open.
    assert.deepEqual(await summary(b, sent.ID), ['强:1 *'])
    ac.close()
  })

  test('the reactors of one emoji, paged with nextSeq, earliest first', async () => {
    const owner = await reader(s)
    const members = [await reader(s), await reader(s), await reader(s), await reader(s)]
    const g = await makeGroup(s, owner, members)
    const oc = await client(s, owner)
    const sent: ChatMessage = await oc.send(groupText(owner, g, '好书推荐'))
    for (const m of [members[2], members[0], members[3], members[1]]) {
      s.clock.advance(1000)
      ok(await add(m, sent.ID, '书'))
    }
    const seen: string[] = []
    let nextSeq = ''
    let pages = 0
    for (;;) {
      const res = await call(
        s,
        'getAllUserListOfMessageReaction',
        { messageID: sent.ID, reactionID: '书', nextSeq, count: 3 },
        owner.token,
      )
      ok(res)
      pages++
      seen.push(...res.body.data.userList.map((u: { userID: string }) => u.userID))
      if (res.body.data.isCompleted) {
        assert.equal(res.body.data.nextSeq, '')
        break
      }
      nextSeq = res.body.data.nextSeq
    }
    assert.equal(pages, 2)
    assert.deepEqual(
      seen,
      [members[2], members[0], members[3], members[1]].map((m) => m.userID),
    )
    const empty = await call(
      s,
      'getAllUserListOfMessageReaction',
      { messageID: sent.ID, reactionID: '强' },
      owner.token,
    )
    ok(empty)
    assert.deepEqual(empty.body.data, { userList: [], nextSeq: '', isCompleted: true })
    oc.close()
  })
})
