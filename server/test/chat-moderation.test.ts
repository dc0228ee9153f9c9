/**
 * Content moderation in the chat (chat-spec section 8, issue 30), with the local double: risky
 * text refused with 80001 and a listed image with 80004 before anything is stored; a listed audio
 * accepted, then flagged (hasRiskContent) and pushed as `modified`, its content kept from everyone
 * but its sender; a forward of risky text refused like a send; clean messages pass.
 */
import assert from 'node:assert/strict'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { chatApi, type ChatMessage } from '@api/chat'
import type { ServerFrame, SyncResult } from '@api/chatFrames'
import { ChatErrors } from '@rules/chat'
import { chatMessages } from '../src/db/schema'
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
} from './chatHelpers'
import { restPath, startServer, type TestServer } from './helpers'

const RISKY_IMAGE = fs.readFileSync(path.join(__dirname, 'fixtures', 'moderation-risky.png'))
const RISKY_AUDIO = randomBytes(2048)
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')

const refusal = async (c: ChatClient, message: Parameters<ChatClient['send']>[0]) => {
  try {
    await c.send(message)
  } catch (err) {
    assert.ok(err instanceof FrameError, String(err))
    return err
  }
  throw new Error('the send was accepted')
}

/** No frame matching `match` arrives within `ms`. */
async function nothing(socket: RawSocket, match: (f: ServerFrame) => boolean, ms = 300) {
  await assert.rejects(socket.next(match, ms), /no such frame in time/)
}

const isMessage = (f: ServerFrame) => f.op === 'message'
const modifiedOf = (id: string) => (f: ServerFrame) => f.op === 'modified' && f.message.ID === id

describe('chat moderation', () => {
  let s: TestServer
  before(async () => {
    // The committed hash list (the risky PNG) stays; the audio's digest is added for this suite.
    s = await startServer({ MODERATION_RISKY_SHA256: sha256(RISKY_AUDIO) })
  })
  after(() => s.close())

  async function upload(who: Reader, data: Buffer, name: string, type: string) {
    const fd = new FormData()
    fd.append('file', new Blob([data], { type }), name)
    const res = await s.post(restPath(chatApi.upload), undefined, { token: who.token, raw: fd })
    assert.equal(res.body.code, 200, JSON.stringify(res.body))
    return res.body.data.url as string
  }

  const image = (from: Reader, conversationID: string, url: string) => ({
    ID: ChatClient.messageId(from.userID),
    conversationID,
    type: 'TIMImageElem' as const,
    payload: {
      imageFormat: 'png',
      imageInfoArray: [{ type: 0, url, width: 8, height: 8, size: 1 }],
    },
  })
  const sound = (from: Reader, conversationID: string, url: string) => ({
    ID: ChatClient.messageId(from.userID),
    conversationID,
    type: 'TIMSoundElem' as const,
    payload: { url, second: 3, size: 2048 },
  })

  async function storedCount(conversationID: string, who: Reader): Promise<number> {
    const res = await call(s, 'getMessageList', { conversationID }, who.token)
    assert.equal(res.body.code, 200, JSON.stringify(res.body))
    return (res.body.data.messageList as ChatMessage[]).length
  }

  test('risky text is refused with 80001: nothing stored, the peer gets nothing', async () => {
    const a = await reader(s)
    const b = await reader(s)
    await befriendAll(s, a, b)
    const peer = await RawSocket.authed(s, b.token)
    const c = await client(s, a)
    for (const body of ['看看六合彩吧', '代 开 发 票', 'ｌｏｏｋ 裸聊']) {
      const refused = await refusal(c, text(a, b, body))
      assert.deepEqual(
        [refused.code, refused.message],
        [ChatErrors.sensitive.code, '消息或者资料中文本存在敏感内容,发送失败'],
      )
    }
    // A location's name is text a reader sees too.
    const place = await refusal(c, {
      ID: ChatClient.messageId(a.userID),
      conversationID: a.with(b),
      type: 'TIMLocationElem',
      payload: { description: '赌博网站总部', longitude: 120, latitude: 30 },
    })
    assert.equal(place.code, ChatErrors.sensitive.code)
    // So is a custom message's text (the app shows data.text).
    const custom = await refusal(c, {
      ID: ChatClient.messageId(a.userID),
      conversationID: a.with(b),
      type: 'TIMCustomElem',
      payload: { data: JSON.stringify({ text: '一起刷单兼职' }), description: '', extension: '' },
    })
    assert.equal(custom.code, ChatErrors.sensitive.code)
    await nothing(peer, isMessage)
    assert.equal(await storedCount(b.with(a), b), 0)
    assert.equal(await storedCount(a.with(b), a), 0)
    c.close()
    peer.close()
  })

  test('a listed image is refused with 80004; another image goes', async () => {
    const a = await reader(s)
    const b = await reader(s)
    await befriendAll(s, a, b)
    const peer = await RawSocket.authed(s, b.token)
    const c = await client(s, a)
    const risky = await upload(a, RISKY_IMAGE, 'red.png', 'image/png')
    const refused = await refusal(c, image(a, a.with(b), risky))
    assert.deepEqual(
      [refused.code, refused.message],
      [ChatErrors.sensitiveImage.code, '消息中图片存在敏感内容,发送失败'],
    )
    // Hidden as a thumbnail of an innocent original: still refused.
    const clean = await upload(
      a,
      Buffer.concat([RISKY_IMAGE, Buffer.from([0])]),
      'ok.png',
      'image/png',
    )
    const hidden = image(a, a.with(b), clean)
    hidden.payload.imageInfoArray.push({ type: 2, url: risky, width: 8, height: 8, size: 1 })
    assert.equal((await refusal(c, hidden)).code, ChatErrors.sensitiveImage.code)
    await nothing(peer, isMessage)
    assert.equal(await storedCount(b.with(a), b), 0)

    const sent = await c.send(image(a, a.with(b), clean))
    assert.equal(sent.hasRiskContent, false)
    const pushed = await peer.next(isMessage)
    assert.equal(pushed.op === 'message' && pushed.message.ID, sent.ID)
    c.close()
    peer.close()
  })

  test('a listed audio is accepted, then flagged: the peer gets it modified without its URL', async () => {
    const a = await reader(s)
    const b = await reader(s)
    await befriendAll(s, a, b)
    const peer = await RawSocket.authed(s, b.token)
    const senderElsewhere = await RawSocket.authed(s, a.token)
    const c = await client(s, a)
    const cleanUrl = await upload(a, randomBytes(1024), 'fine.m4a', 'audio/mp4')
    const riskyUrl = await upload(a, RISKY_AUDIO, 'voice.m4a', 'audio/mp4')
    const clean = await c.send(sound(a, a.with(b), cleanUrl))
    const risky = await c.send(sound(a, a.with(b), riskyUrl))
    // Acknowledged as sent: the check comes after the commit.
    assert.equal(risky.hasRiskContent, false)
    assert.equal(risky.payload.url, riskyUrl)

    const arrived = await peer.next((f) => f.op === 'message' && f.message.ID === risky.ID)
    assert.equal(arrived.op === 'message' && arrived.message.payload.url, riskyUrl)
    const modified = await peer.next(modifiedOf(risky.ID))
    assert.equal(modified.op, 'modified')
    if (modified.op === 'modified') {
      assert.equal(modified.message.hasRiskContent, true)
      assert.deepEqual(modified.message.payload, { url: '', second: 3, size: 2048 })
    }
    // Its sender's other connection: flagged, the content kept for them.
    const own = await senderElsewhere.next(modifiedOf(risky.ID))
    if (own.op === 'modified') {
      assert.equal(own.message.hasRiskContent, true)
      assert.equal(own.message.payload.url, riskyUrl)
    }
    await nothing(peer, modifiedOf(clean.ID))

    const theirs = await call(s, 'getMessageList', { conversationID: b.with(a) }, b.token)
    const seen = new Map(
      (theirs.body.data.messageList as ChatMessage[]).map((m) => [m.ID, m] as const),
    )
    assert.equal(seen.get(risky.ID)?.hasRiskContent, true)
    assert.equal(seen.get(risky.ID)?.payload.url, '')
    assert.equal(seen.get(clean.ID)?.hasRiskContent, false)
    assert.equal(seen.get(clean.ID)?.payload.url, cleanUrl)
    const mine = await call(s, 'getMessageList', { conversationID: a.with(b) }, a.token)
    const myRisky = (mine.body.data.messageList as ChatMessage[]).find((m) => m.ID === risky.ID)
    assert.deepEqual([myRisky?.hasRiskContent, myRisky?.payload.url], [true, riskyUrl])
    // A reconnecting client's sync: flagged and emptied as well.
    peer.send({ op: 'sync', rid: 7, cursors: { [b.with(a)]: 0 } })
    const synced = await peer.next((f) => f.op === 'ack' && f.rid === 7)
    const list = (synced as { data: SyncResult }).data.conversations[0].messageList
    const syncedRisky = list.find((m) => m.ID === risky.ID)
    assert.deepEqual([syncedRisky?.hasRiskContent, syncedRisky?.payload.url], [true, ''])
    // The conversation row's last message is the flagged one, emptied for the peer too.
    const rows = await call(s, 'getConversationList', {}, b.token)
    const row = (rows.body.data.conversationList as Array<{ lastMessage: ChatMessage }>).find(
      (r) => r.lastMessage?.ID === risky.ID,
    )
    assert.equal(row?.lastMessage.payload.url, '')
    const [stored] = await s.db
      .select({ flag: chatMessages.hasRiskContent })
      .from(chatMessages)
      .where(eq(chatMessages.clientId, clean.ID))
    assert.equal(stored.flag, false)
    c.close()
    peer.close()
    senderElsewhere.close()
  })

  test('in a group, a flagged audio reaches every member emptied, its sender whole', async () => {
    const owner = await reader(s)
    const m1 = await reader(s)
    const m2 = await reader(s)
    const group = await makeGroup(s, owner, [m1, m2])
    const member = await RawSocket.authed(s, m2.token)
    const c = await client(s, m1)
    const url = await upload(m1, RISKY_AUDIO, 'again.m4a', 'audio/mp4')
    const sent = await c.send(sound(m1, group.conversationID, url))
    const modified = await member.next(modifiedOf(sent.ID))
    if (modified.op === 'modified') {
      assert.equal(modified.message.hasRiskContent, true)
      assert.equal(modified.message.payload.url, '')
    }
    const history = await call(
      s,
      'getMessageList',
      { conversationID: group.conversationID },
      owner.token,
    )
    const seen = (history.body.data.messageList as ChatMessage[]).find((m) => m.ID === sent.ID)
    assert.deepEqual([seen?.hasRiskContent, seen?.payload.url], [true, ''])
    c.close()
    member.close()
  })

  test('a forward of text that is risky now is refused with 80001, nothing stored', async () => {
    const a = await reader(s)
    const b = await reader(s)
    const d = await reader(s)
    await befriendAll(s, a, b, d)
    const c = await client(s, a)
    const original = await c.send(text(a, b, '今天读了三章'))
    // Stored before the word list had this word (as a stored message may be).
    await s.db
      .update(chatMessages)
      .set({ payload: { text: '今天读了三章，还有六合彩' } })
      .where(eq(chatMessages.clientId, original.ID))
    const refused = await refusal(c, {
      ...text(a, d, 'ignored'),
      forwardOf: original.ID,
    })
    assert.deepEqual(
      [refused.code, refused.message],
      [ChatErrors.sensitive.code, ChatErrors.sensitive.text],
    )
    assert.equal(await storedCount(a.with(d), a), 0)
    c.close()
  })

  test('risky text hidden in a custom text array, a reply quote or a merged card is refused', async () => {
    const a = await reader(s)
    const b = await reader(s)
    await befriendAll(s, a, b)
    const c = await client(s, a)
    const mine = await c.send(text(a, b, '今天读了三章'))
    const attempts = [
      // The app shows String(data.text || data.title): an array is shown joined.
      {
        ...text(a, b, ''),
        type: 'TIMCustomElem' as const,
        payload: {
          data: JSON.stringify({ text: ['看看', '六合彩吧'] }),
          description: '',
          extension: '',
        },
      },
      // A reply's quote (its abstract and sender's name) is shown above the reply.
      {
        ...text(a, b, '同意'),
        cloudCustomData: JSON.stringify({
          messageReply: {
            messageID: mine.ID,
            messageAbstract: '看看六合彩吧',
            messageSender: '甲',
            messageType: 1,
            version: 1,
          },
        }),
      },
      // A merged card's compatible text is the card's text where merged cards are not drawn.
      {
        ...text(a, b, ''),
        type: 'TIMRelayElem' as const,
        payload: {
          title: '聊天记录',
          abstractList: [],
          compatibleText: '看看六合彩吧',
          messageIDList: [mine.ID],
        },
      },
    ]
    for (const attempt of attempts) {
      const refused = await refusal(c, { ...attempt, ID: ChatClient.messageId(a.userID) })
      assert.deepEqual(
        [refused.code, refused.message],
        [ChatErrors.sensitive.code, ChatErrors.sensitive.text],
        JSON.stringify(attempt.payload),
      )
    }
    assert.equal(await storedCount(a.with(b), a), 1)
    c.close()
  })
})
