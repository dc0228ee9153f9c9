/**
 * The chat gateway over a real WebSocket: auth, sends (idempotent, acknowledged when stored),
 * pushes, catch-up, bad frames, kicks and the send rules.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { ChatMessage } from '@api/chat'
import { FrameErrors, type ServerFrame } from '@api/chatFrames'
import { ChatErrors, ChatLimits } from '@rules/chat'
import { socialApi } from '@api/social'
import { ChatClient, FrameError } from './chatClient'
import { befriendAll, call, client, RawSocket, reader, text, type Reader } from './chatHelpers'
import { restPath, startServer, type TestServer } from './helpers'
import { sendMessage } from '../src/chat/send'
import { inTx } from '../src/db/tx'

let s: TestServer
before(async () => {
  s = await startServer()
})
after(() => s.close())

async function authed(who: Reader, platform?: string): Promise<RawSocket> {
  const raw = await RawSocket.open(s)
  raw.send({ op: 'auth', rid: 1, token: who.token, platform })
  const ack = await raw.next((f) => f.op === 'ack' || f.op === 'error')
  assert.equal(ack.op, 'ack', JSON.stringify(ack))
  return raw
}

const refusal = async (c: ChatClient, message: ReturnType<typeof text>): Promise<FrameError> => {
  try {
    await c.send(message)
  } catch (err) {
    assert.ok(err instanceof FrameError, String(err))
    return err
  }
  throw new Error('the send was accepted')
}

describe('chat gateway', () => {
  test('a send is acknowledged with the stored message and pushed to the peer and my other sockets', async () => {
    const a = await reader(s)
    const b = await reader(s)
    const bSocket = await authed(b)
    const aOther = await authed(a)
    const aClient = await client(s, a)
    const stored = await aClient.send(text(a, b, '你好'))
    assert.equal(stored.sequence, 1)
    assert.equal(stored.from, a.userID)
    assert.equal(stored.to, b.userID)
    assert.equal(stored.conversationID, a.with(b))
    assert.deepEqual(stored.payload, { text: '你好' })

    const atB = (await bSocket.next((f) => f.op === 'message')) as Extract<
      ServerFrame,
      { op: 'message' }
    >
    assert.equal(atB.message.ID, stored.ID)
    assert.equal(atB.message.conversationID, b.with(a))
    const atOther = await aOther.next((f) => f.op === 'message')
    assert.equal((atOther as { message: ChatMessage }).message.conversationID, a.with(b))
    // Not echoed to the sending socket.
    await new Promise((resolve) => setTimeout(resolve, 100))
    const history = await call(s, 'getMessageList', { conversationID: b.with(a) }, b.token)
    assert.equal(history.body.data.messageList.length, 1)
    bSocket.close()
    aOther.close()
    aClient.close()
  })

  test('resending an ID answers the stored message: one row, the same sequence', async () => {
    const a = await reader(s)
    const b = await reader(s)
    const c = await client(s, a)
    const message = text(a, b, 'once')
    const first = await c.send(message)
    const second = await c.send({ ...message, payload: { text: 'changed' } })
    assert.equal(second.sequence, first.sequence)
    assert.deepEqual(second.payload, { text: 'once' })
    // Both at once, too.
    const twin = text(a, b, 'twin')
    const [x, y] = await Promise.all([c.send(twin), c.send({ ...twin })])
    assert.equal(x.sequence, y.sequence)
    const list = await call(s, 'getMessageList', { conversationID: a.with(b) }, a.token)
    assert.deepEqual(
      list.body.data.messageList.map((m: ChatMessage) => m.sequence),
      [1, 2],
    )
    // Another reader cannot take my ID (it must start with their own user ID).
    const intruder = await client(s, b)
    const stolen = await refusal(intruder, { ...text(b, a, 'mine now'), ID: message.ID })
    assert.equal(stolen.code, 400)
    c.close()
    intruder.close()
  })

  test('catch-up after a sequence: sync over the socket and getMessagesAfter over HTTP', async () => {
    const a = await reader(s)
    const b = await reader(s)
    await befriendAll(s, a, b)
    const c = await client(s, a)
    for (let i = 1; i <= 5; i++) await c.send(text(a, b, `m${i}`))
    const raw = await authed(b)
    raw.send({ op: 'sync', rid: 7, cursors: { [b.with(a)]: 2 } })
    const ack = (await raw.next((f) => f.op === 'ack' && f.rid === 7)) as { data: unknown }
    const res = ack.data as {
      conversations: Array<{ messageList: ChatMessage[]; reload: boolean }>
    }
    assert.deepEqual(
      res.conversations[0].messageList.map((m) => [m.sequence, m.payload.text]),
      [
        [3, 'm3'],
        [4, 'm4'],
        [5, 'm5'],
      ],
    )
    assert.equal(res.conversations[0].reload, false)
    const http = await call(
      s,
      'getMessagesAfter',
      { conversationID: b.with(a), afterSequence: 4 },
      b.token,
    )
    assert.equal(http.body.code, 200)
    assert.deepEqual(
      http.body.data.messageList.map((m: ChatMessage) => m.sequence),
      [5],
    )
    assert.equal(http.body.data.isCompleted, true)
    raw.close()
    c.close()
  })

  test('sync caps a conversation at syncMaxPerConversation and says reload', async () => {
    const a = await reader(s)
    const b = await reader(s)
    await befriendAll(s, a, b)
    const c = await client(s, a, { window: 50 })
    const total = ChatLimits.syncMaxPerConversation + 5
    // Written as the server writes (one transaction): past the gateway's per-reader frame rate.
    await inTx(s.db, async (tx) => {
      for (let i = 0; i < total; i++) {
        await sendMessage(s.fastify.chatContext, a.id, text(a, b, `n${i}`), { server: { tx } })
      }
    })
    const raw = await authed(b)
    raw.send({ op: 'sync', rid: 2, cursors: { [b.with(a)]: 0 } })
    const ack = (await raw.next((f) => f.op === 'ack')) as { data: unknown }
    const conv = (
      ack.data as { conversations: Array<{ messageList: ChatMessage[]; reload: boolean }> }
    ).conversations[0]
    assert.equal(conv.messageList.length, ChatLimits.syncMaxPerConversation)
    assert.equal(conv.messageList[0].sequence, 1)
    assert.equal(conv.reload, true)
    raw.close()
    c.close()
  })

  test('bad frames get a clear error and the socket and server keep working', async () => {
    const a = await reader(s)
    const b = await reader(s)
    const raw = await RawSocket.open(s)
    const bad = FrameErrors.badFrame
    // Before auth: a valid frame is refused as not logged in.
    raw.send({ op: 'ping', rid: 3 })
    assert.deepEqual(await raw.next(), {
      op: 'error',
      rid: 3,
      code: FrameErrors.notAuthed.code,
      message: FrameErrors.notAuthed.text,
    })
    raw.send({ op: 'auth', rid: 1, token: a.token })
    assert.equal((await raw.next()).op, 'ack')
    const cases: Array<[string, unknown, number]> = [
      ['garbage', 'not json {', 0],
      ['unknown op', { op: 'launch', rid: 4 }, 4],
      ['wrong shape', { op: 'send', rid: 5, message: { ID: 1 } }, 5],
      ['a number', '42', 0],
      ['huge', JSON.stringify({ op: 'ping', rid: 6, pad: 'x'.repeat(70 * 1024) }), 0],
      ['binary', Buffer.from([1, 2, 3]), 0],
    ]
    for (const [label, frame, rid] of cases) {
      raw.send(frame)
      assert.deepEqual(
        await raw.next(),
        { op: 'error', rid, code: bad.code, message: bad.text },
        label,
      )
    }
    raw.send({ op: 'ping', rid: 9 })
    assert.deepEqual(await raw.next(), { op: 'ack', rid: 9, data: {} })
    raw.send({ op: 'send', rid: 10, message: text(a, b, 'still here') })
    const ack = await raw.next()
    assert.equal(ack.op, 'ack', JSON.stringify(ack))
    const http = await s.get('/index.php?s=App.Common_Config.AppSysConf')
    assert.equal(http.status, 200)
    raw.close()
  })

  test('a bad or missing token is refused with 401 and the socket closed', async () => {
    const raw = await RawSocket.open(s)
    raw.send({ op: 'auth', rid: 1, token: 'nope' })
    const err = await raw.next()
    assert.equal(err.op, 'error')
    assert.equal((err as { code: number }).code, 401)
    assert.equal(await raw.closed(), 4401)
  })

  test('a second login on the same platform kicks the first socket out', async () => {
    const a = await reader(s)
    const first = await authed(a, 'web')
    const otherPlatform = await authed(a, 'weapp')
    const second = await authed(a, 'web')
    const kicked = await first.next((f) => f.op === 'kicked')
    assert.equal(kicked.op, 'kicked')
    assert.equal(await first.closed(), 4409)
    second.send({ op: 'ping', rid: 2 })
    assert.equal((await second.next()).op, 'ack')
    otherPlatform.send({ op: 'ping', rid: 2 })
    assert.equal((await otherPlatform.next()).op, 'ack')
    second.close()
    otherPlatform.close()
  })

  test('send rules: empty, 12K+1, blocked words, blocked by the peer, bad payloads and files', async () => {
    const a = await reader(s)
    const b = await reader(s)
    const c = await client(s, a)
    assert.equal((await refusal(c, text(a, b, '   '))).code, 400)
    const long = await refusal(c, text(a, b, 'x'.repeat(ChatLimits.textMaxChars + 1)))
    assert.deepEqual([long.code, long.message], [ChatErrors.tooLong.code, ChatErrors.tooLong.text])
    await c.send(text(a, b, 'x'.repeat(ChatLimits.textMaxChars)))
    const words = await refusal(c, text(a, b, '看看六合彩吧'))
    // The server's moderation (its local double: the blocked-word list) answers 80001.
    assert.deepEqual(
      [words.code, words.message],
      [ChatErrors.sensitive.code, ChatErrors.sensitive.text],
    )
    const badPayload = await refusal(c, { ...text(a, b, ''), payload: { words: 1 } as never })
    assert.equal(badPayload.code, FrameErrors.badFrame.code)
    const file = await refusal(c, {
      ID: ChatClient.messageId(a.userID),
      conversationID: a.with(b),
      type: 'TIMFileElem' as never,
      payload: {
        fileName: 'a.pdf',
        fileSize: 3,
        fileUrl: 'https://elsewhere.example/a.pdf',
      } as never,
    })
    assert.equal(file.code, ChatErrors.noFile.code)
    const self = await refusal(c, { ...text(a, b, 'me'), conversationID: `C2C${a.id}` })
    assert.equal(self.code, 400)
    const nobody = await refusal(c, { ...text(a, b, 'hi'), conversationID: 'C2C999999' })
    assert.equal(nobody.code, 404)
    const group = await refusal(c, { ...text(a, b, 'hi'), conversationID: 'GROUPabc' })
    assert.equal(group.code, 404)

    const blocked = await s.post(
      restPath(socialApi.block),
      { userId: a.id, block: 1 },
      { token: b.token },
    )
    assert.equal(blocked.body.code, 200, JSON.stringify(blocked.body))
    const refused = await refusal(c, text(a, b, 'hello?'))
    assert.deepEqual(
      [refused.code, refused.message],
      [ChatErrors.blocked.code, ChatErrors.blocked.text],
    )
    c.close()
  })

  test('pin and read push the conversation to my sockets', async () => {
    const a = await reader(s)
    const b = await reader(s)
    const c = await client(s, a)
    await c.send(text(a, b, 'read me'))
    const bSocket = await authed(b)
    const pin = await call(
      s,
      'pinConversation',
      { conversationID: b.with(a), isPinned: true },
      b.token,
    )
    assert.equal(pin.body.code, 200, JSON.stringify(pin.body))
    const pinned = (await bSocket.next((f) => f.op === 'conversation')) as Extract<
      ServerFrame,
      { op: 'conversation' }
    >
    assert.equal(pinned.conversation.isPinned, true)
    assert.equal(pinned.conversation.unreadCount, 1)
    await call(s, 'setMessageRead', { conversationID: b.with(a) }, b.token)
    const read = (await bSocket.next((f) => f.op === 'conversation')) as Extract<
      ServerFrame,
      { op: 'conversation' }
    >
    assert.equal(read.conversation.unreadCount, 0)
    assert.equal(read.conversation.readSequence, 1)
    bSocket.close()
    c.close()
  })
})
