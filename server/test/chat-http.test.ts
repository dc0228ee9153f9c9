/** The chat's HTTP calls: conversations, history, permissions, revoke, delete, login. */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { ChatConversation, ChatMessage } from '@api/chat'
import { CONVERSATION_INVALID, MESSAGE_INVALID } from '@api/chat'
import type { ServerFrame } from '@api/chatFrames'
import { CHAT_TEXTS } from '@rules/chat'
import type { ChatClient } from './chatClient'
import { befriendAll, call, client, RawSocket, reader, text, type Reader } from './chatHelpers'
import { startServer, type Reply, type TestServer } from './helpers'

let s: TestServer
before(async () => {
  s = await startServer()
})
after(() => s.close())

function ok(res: Reply, label = ''): void {
  assert.equal(res.body.code, 200, `${label} ${JSON.stringify(res.body)}`)
}

function fails(res: Reply, code: number, msg?: string): void {
  assert.equal(res.body.code, code, JSON.stringify(res.body))
  if (msg !== undefined) assert.equal(res.body.msg, msg)
}

async function sendMany(
  c: ChatClient,
  from: Reader,
  to: Reader,
  n: number,
): Promise<ChatMessage[]> {
  const out: ChatMessage[] = []
  for (let i = 1; i <= n; i++) out.push(await c.send(text(from, to, `msg ${i}`)))
  return out
}

const list = async (who: Reader): Promise<ChatConversation[]> => {
  const res = await call(s, 'getConversationList', {}, who.token)
  ok(res)
  return res.body.data.conversationList
}

describe('chat over HTTP', () => {
  test('guests get 401 on every chat call', async () => {
    for (const key of ['login', 'getConversationList', 'getTotalUnreadMessageCount'] as const) {
      const res = await call(s, key)
      assert.equal(res.status, 401, key)
    }
    const res = await call(s, 'revokeMessage', { messageID: '1-abc' })
    assert.equal(res.status, 401)
  })

  test('login answers the chat identity with a local userSig', async () => {
    const a = await reader(s)
    const res = await call(s, 'login', {}, a.token)
    ok(res)
    assert.equal(res.body.data.userID, a.userID)
    assert.equal(res.body.data.engine, 'local')
    assert.equal(res.body.data.SDKAppID, 0)
    assert.match(res.body.data.userSig, /^local\./)
  })

  test('getConversationProfile creates a C2C conversation; nobody 404, oneself 400, groups 404', async () => {
    const a = await reader(s)
    const b = await reader(s)
    const res = await call(s, 'getConversationProfile', { conversationID: a.with(b) }, a.token)
    ok(res)
    const conv: ChatConversation = res.body.data
    assert.equal(conv.conversationID, a.with(b))
    assert.deepEqual(conv.userProfile.userID, b.userID)
    assert.equal(conv.lastMessage, null)
    assert.equal(conv.lastSequence, 0)
    // Not listed before a message.
    assert.deepEqual(await list(a), [])
    fails(
      await call(s, 'getConversationProfile', { conversationID: 'C2C99999999' }, a.token),
      404,
      CHAT_TEXTS.userNotFound,
    )
    fails(await call(s, 'getConversationProfile', { conversationID: `C2C${a.id}` }, a.token), 400)
    fails(
      await call(s, 'getConversationProfile', { conversationID: 'GROUPreaders' }, a.token),
      404,
      CONVERSATION_INVALID,
    )
    fails(await call(s, 'getConversationProfile', { conversationID: 'X1' }, a.token), 400)
  })

  test('history: 15 a page, oldest first, then the page before, until completed', async () => {
    const a = await reader(s)
    const b = await reader(s)
    await befriendAll(s, a, b)
    const c = await client(s, a)
    await sendMany(c, a, b, 33)
    const seqs: number[][] = []
    let before: number | undefined
    for (;;) {
      const input: Record<string, unknown> = { conversationID: b.with(a) }
      if (before !== undefined) input.beforeSequence = before
      const res = await call(s, 'getMessageList', input, b.token)
      ok(res)
      seqs.push(res.body.data.messageList.map((m: ChatMessage) => m.sequence))
      if (res.body.data.isCompleted) {
        assert.equal(res.body.data.nextSequence, 0)
        break
      }
      before = res.body.data.nextSequence
    }
    const range = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => from + i)
    assert.deepEqual(seqs, [range(19, 33), range(4, 18), range(1, 3)])
    c.close()
  })

  test('only members read: a third reader sees their own (empty) conversation, not theirs', async () => {
    const a = await reader(s)
    const b = await reader(s)
    const third = await reader(s)
    const c = await client(s, a)
    const [first] = await sendMany(c, a, b, 2)
    const peek = await call(s, 'getMessageList', { conversationID: `C2C${b.id}` }, third.token)
    ok(peek)
    assert.deepEqual(peek.body.data.messageList, [])
    const after = await call(
      s,
      'getMessagesAfter',
      { conversationID: `C2C${a.id}`, afterSequence: 0 },
      third.token,
    )
    assert.deepEqual(after.body.data.messageList, [])
    // Nor revoke or delete their messages: the message does not exist for them.
    fails(
      await call(s, 'revokeMessage', { messageID: first.ID }, third.token),
      404,
      MESSAGE_INVALID,
    )
    const del = await s.post(
      '/api/chat/deleteMessage',
      { messageIDList: [first.ID] },
      { token: third.token },
    )
    fails(del, 404, MESSAGE_INVALID)
    // The receiver is a member but not the sender.
    fails(await call(s, 'revokeMessage', { messageID: first.ID }, b.token), 403)
    c.close()
  })

  test('revoke: the sender only; everyone is told who revoked it', async () => {
    const a = await reader(s)
    const b = await reader(s)
    const c = await client(s, a)
    const bSocket = await RawSocket.open(s)
    bSocket.send({ op: 'auth', rid: 1, token: b.token })
    await bSocket.next((f) => f.op === 'ack')
    const [m] = await sendMany(c, a, b, 1)
    const res = await call(s, 'revokeMessage', { messageID: m.ID }, a.token)
    ok(res)
    assert.equal(res.body.data.isRevoked, true)
    assert.equal(res.body.data.revoker, a.userID)
    assert.deepEqual(res.body.data.payload, { text: 'msg 1' })
    const pushed = (await bSocket.next((f) => f.op === 'revoked')) as Extract<
      ServerFrame,
      { op: 'revoked' }
    >
    assert.equal(pushed.message.ID, m.ID)
    assert.equal(pushed.message.revoker, a.userID)
    assert.deepEqual(pushed.message.payload, {})
    const history = await call(s, 'getMessageList', { conversationID: b.with(a) }, b.token)
    assert.equal(history.body.data.messageList[0].isRevoked, true)
    bSocket.close()
    c.close()
  })

  test('revoke: within 2 minutes of sending only (20016 已过撤回时限)', async () => {
    const a = await reader(s)
    const b = await reader(s)
    const c = await client(s, a)
    const [m] = await sendMany(c, a, b, 1)
    s.clock.advance(121_000)
    const res = await call(s, 'revokeMessage', { messageID: m.ID }, a.token)
    assert.equal(res.body.code, 20016)
    assert.equal(res.body.msg, '已过撤回时限')
    const history = await call(s, 'getMessageList', { conversationID: b.with(a) }, b.token)
    assert.equal(history.body.data.messageList[0].isRevoked, false)
    c.close()
  })

  test('the list: pinned first then by time, unread counts, last message, peer profile; total unread', async () => {
    const a = await reader(s)
    const b = await reader(s)
    const d = await reader(s)
    const cb = await client(s, b)
    const cd = await client(s, d)
    await sendMany(cb, b, a, 2)
    s.clock.advance(1000)
    await sendMany(cd, d, a, 3)
    let mine = await list(a)
    assert.deepEqual(
      mine.map((c) => [c.conversationID, c.unreadCount]),
      [
        [a.with(d), 3],
        [a.with(b), 2],
      ],
    )
    assert.equal(mine[0].lastMessage?.payload.text, 'msg 3')
    assert.equal(mine[0].userProfile.userID, d.userID)
    ok(await call(s, 'pinConversation', { conversationID: a.with(b), isPinned: true }, a.token))
    ok(await call(s, 'setMessageRemindType', { conversationID: a.with(d), isMuted: true }, a.token))
    ok(
      await call(
        s,
        'setConversationDraft',
        { conversationID: a.with(d), draftText: '草稿' },
        a.token,
      ),
    )
    mine = await list(a)
    assert.deepEqual(
      mine.map((c) => [c.conversationID, c.isPinned, c.isMuted, c.draftText]),
      [
        [a.with(b), true, false, ''],
        [a.with(d), false, true, '草稿'],
      ],
    )
    const total = await call(s, 'getTotalUnreadMessageCount', {}, a.token)
    assert.equal(total.body.data.total, 5)
    ok(await call(s, 'setMessageRead', { conversationID: a.with(d) }, a.token))
    assert.equal((await call(s, 'getTotalUnreadMessageCount', {}, a.token)).body.data.total, 2)
    cb.close()
    cd.close()
  })

  test('delete conversation hides its history for me until a new message; delete for me', async () => {
    const a = await reader(s)
    const b = await reader(s)
    await befriendAll(s, a, b)
    const cb = await client(s, b)
    const sent = await sendMany(cb, b, a, 3)
    ok(await s.post('/api/chat/deleteMessage', { messageIDList: [sent[1].ID] }, { token: a.token }))
    let history = await call(s, 'getMessageList', { conversationID: a.with(b) }, a.token)
    assert.deepEqual(
      history.body.data.messageList.map((m: ChatMessage) => m.sequence),
      [1, 3],
    )
    ok(await call(s, 'deleteConversation', { conversationID: a.with(b) }, a.token))
    assert.deepEqual(await list(a), [])
    history = await call(s, 'getMessageList', { conversationID: a.with(b) }, a.token)
    assert.deepEqual(history.body.data.messageList, [])
    // The peer keeps everything.
    const theirs = await call(s, 'getMessageList', { conversationID: b.with(a) }, b.token)
    assert.equal(theirs.body.data.messageList.length, 3)
    await cb.send(text(b, a, 'back again'))
    const mine = await list(a)
    assert.equal(mine.length, 1)
    assert.equal(mine[0].unreadCount, 1)
    history = await call(s, 'getMessageList', { conversationID: a.with(b) }, a.token)
    assert.deepEqual(
      history.body.data.messageList.map((m: ChatMessage) => m.payload.text),
      ['back again'],
    )
    cb.close()
  })
})
