/**
 * A book friend's remark (备注) in the chat (issue 30): the C2C conversation carries the member's
 * own remark for the peer (the SDK's conversation.remark), never the peer's remark for them, and
 * setting one pushes the conversation to the member's sockets while it is in their list.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { ChatConversation } from '@api/chat'
import { friendsApi } from '@api/friends'
import { befriendAll, call, client, RawSocket, reader, text, type Reader } from './chatHelpers'
import { restPath, startServer, type TestServer } from './helpers'

const REMARK = restPath(friendsApi.updateRemark)

let s: TestServer
before(async () => {
  s = await startServer()
})
after(() => s.close())

async function rowOf(who: Reader, other: Reader): Promise<ChatConversation | undefined> {
  const res = await call(s, 'getConversationList', {}, who.token)
  assert.equal(res.body.code, 200, JSON.stringify(res.body))
  const list = res.body.data.conversationList as ChatConversation[]
  return list.find((c) => c.conversationID === who.with(other))
}

async function setRemark(who: Reader, other: Reader, remark: string): Promise<void> {
  const res = await s.post(REMARK, { userId: other.id, remark }, { token: who.token })
  assert.equal(res.body.code, 200, JSON.stringify(res.body))
}

describe('remarks in the chat', () => {
  test('each side sees its own remark for the other; none set, none sent', async () => {
    const [a, b] = [await reader(s), await reader(s)]
    await befriendAll(s, a, b)
    const ac = await client(s, a)
    await ac.send(text(a, b, '你好'))
    ac.close()
    assert.equal((await rowOf(a, b))?.remark, undefined)
    await setRemark(a, b, '读书会老李')
    const mine = await rowOf(a, b)
    assert.equal(mine?.remark, '读书会老李')
    assert.notEqual(mine?.userProfile.nick, '读书会老李')
    assert.equal((await rowOf(b, a))?.remark, undefined)
    const one = await call(s, 'getConversationProfile', { conversationID: a.with(b) }, a.token)
    assert.equal(one.body.data.remark, '读书会老李')
    await setRemark(a, b, '')
    assert.equal((await rowOf(a, b))?.remark, undefined)
  })

  test('setting a remark pushes the listed conversation to my sockets, not to theirs', async () => {
    const [a, b] = [await reader(s), await reader(s)]
    await befriendAll(s, a, b)
    const ac = await client(s, a)
    await ac.send(text(a, b, 'hi'))
    ac.close()
    const [aSocket, bSocket] = [
      await RawSocket.authed(s, a.token),
      await RawSocket.authed(s, b.token),
    ]
    await setRemark(a, b, '小B')
    const pushed = await aSocket.next((f) => f.op === 'conversation')
    assert.equal(pushed.op === 'conversation' && pushed.conversation.remark, '小B')
    await assert.rejects(bSocket.next((f) => f.op === 'conversation', 300))
    aSocket.close()
    bSocket.close()
  })

  test('no push for a friend I never chatted with', async () => {
    const [a, b] = [await reader(s), await reader(s)]
    await befriendAll(s, a, b)
    const aSocket = await RawSocket.authed(s, a.token)
    await setRemark(a, b, '未聊过')
    await assert.rejects(aSocket.next((f) => f.op === 'conversation', 300))
    aSocket.close()
  })
})
