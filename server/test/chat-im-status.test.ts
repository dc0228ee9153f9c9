/**
 * users.im_status other than 1 (chat-spec sections 5 and 6): the server refuses what the chat's
 * input does, on the gateway and over HTTP, with 您暂无权限使用此功能; reading stays open (the app
 * still shows the conversation, the text standing in place of the input).
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { chatApi } from '@api/chat'
import { ChatErrors } from '@rules/chat'
import { users } from '../src/db/schema'
import { FrameError } from './chatClient'
import { befriendAll, call, client, reader, text, type Reader } from './chatHelpers'
import { restPath, startServer, tinyPng, type Reply, type TestServer } from './helpers'

let s: TestServer
before(async () => {
  s = await startServer()
})
after(() => s.close())

const refused = ChatErrors.noPermission

const setImStatus = (who: Reader, imStatus: number) =>
  s.db.update(users).set({ imStatus }).where(eq(users.id, who.id))

function isRefused(res: Reply, label: string): void {
  assert.equal(res.body.code, refused.code, `${label} ${JSON.stringify(res.body)}`)
  assert.equal(res.body.msg, refused.text, label)
}

function ok(res: Reply, label: string): void {
  assert.equal(res.body.code, 200, `${label} ${JSON.stringify(res.body)}`)
}

function upload(who: Reader): Promise<Reply> {
  const fd = new FormData()
  fd.append('file', new Blob([tinyPng()], { type: 'image/png' }), 'a.png')
  return s.post(restPath(chatApi.upload), undefined, { token: who.token, raw: fd })
}

describe('im_status', () => {
  test('a reader with im_status 0 may not send by frame; they still read and catch up', async () => {
    const a = await reader(s)
    const b = await reader(s)
    await befriendAll(s, a, b)
    const ca = await client(s, a)
    const first = await ca.send(text(a, b, '你好'))
    ca.close()

    await setImStatus(b, 0)
    const cb = await client(s, b)
    await assert.rejects(cb.send(text(b, a, '回复')), (err: unknown) => {
      assert.ok(err instanceof FrameError)
      assert.equal(err.code, refused.code)
      assert.equal(err.message, refused.text)
      return true
    })
    // Reading: catch-up over the socket, the list, history, marking read.
    cb.track(b.with(a), 0)
    await cb.sync()
    assert.equal(cb.cursors.get(b.with(a)), first.sequence)
    ok(await call(s, 'getConversationList', {}, b.token), 'list')
    const history = await call(s, 'getMessageList', { conversationID: b.with(a) }, b.token)
    ok(history, 'history')
    assert.deepEqual(
      history.body.data.messageList.map((m: { ID: string }) => m.ID),
      [first.ID],
    )
    ok(
      await call(s, 'getMessagesAfter', { conversationID: b.with(a), afterSequence: 0 }, b.token),
      'after',
    )
    ok(await call(s, 'setMessageRead', { conversationID: b.with(a) }, b.token), 'read')
    ok(await call(s, 'getTotalUnreadMessageCount', {}, b.token), 'unread')
    ok(await call(s, 'login', {}, b.token), 'login')
    cb.close()

    // Status 1 again: a new socket (the status is read with the session) may send.
    await setImStatus(b, 1)
    const again = await client(s, b)
    const sent = await again.send(text(b, a, '回复'))
    assert.equal(sent.from, b.userID)
    again.close()
  })

  test('every chat call of the input over HTTP is refused, and nothing changes', async () => {
    const a = await reader(s)
    const b = await reader(s)
    await befriendAll(s, a, b)
    const ca = await client(s, a)
    const mine = await ca.send(text(a, b, '要撤回的'))
    ca.close()
    await setImStatus(a, 2)
    const conversationID = a.with(b)
    isRefused(await upload(a), 'upload')
    isRefused(await call(s, 'revokeMessage', { messageID: mine.ID }, a.token), 'revoke')
    isRefused(await call(s, 'deleteMessage', { messageIDList: mine.ID }, a.token), 'delete')
    isRefused(
      await call(s, 'setConversationDraft', { conversationID, draftText: '草稿' }, a.token),
      'draft',
    )
    isRefused(await call(s, 'pinConversation', { conversationID, isPinned: true }, a.token), 'pin')
    isRefused(
      await call(s, 'setMessageRemindType', { conversationID, isMuted: true }, a.token),
      'mute',
    )
    isRefused(await call(s, 'deleteConversation', { conversationID }, a.token), 'deleteConv')
    const history = await call(s, 'getMessageList', { conversationID }, a.token)
    ok(history, 'history')
    const [kept] = history.body.data.messageList
    assert.equal(kept.ID, mine.ID)
    assert.equal(kept.isRevoked, false)
    const [row] = (await call(s, 'getConversationList', {}, a.token)).body.data.conversationList
    assert.equal(row.isPinned, false)
    assert.equal(row.draftText, '')
  })

  test('a changed status holds from the next HTTP call', async () => {
    const a = await reader(s)
    await setImStatus(a, 0)
    isRefused(await upload(a), 'upload')
    await setImStatus(a, 1)
    const res = await upload(a)
    ok(res, 'upload')
    assert.match(res.body.data.url, /^\/uploads\/chat\//)
  })
})
