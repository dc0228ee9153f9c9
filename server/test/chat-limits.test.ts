/**
 * The chat send limits (issue 29, chat/sendLimits.ts): a reader's send rates and byte budgets over
 * the gateway, with the server's clock moved past a window; the stranger rule of C2C (3 until they
 * answer; friends, groups, customer service and what the server writes are not limited); and both
 * counted in the database, so two servers on one database share them.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import type { ChatMessage } from '@api/chat'
import { ChatErrors, ChatLimits } from '@rules/chat'
import { sendMessage } from '../src/chat/send'
import { sentBytes } from '../src/chat/sendLimits'
import { setOperator } from '../src/db/operators'
import { chatConversations, chatMessages } from '../src/db/schema'
import { inTx } from '../src/db/tx'
import { ChatClient, FrameError } from './chatClient'
import { befriendAll, client, groupText, makeGroup, reader, text, type Reader } from './chatHelpers'
import { MINUTE, SECOND, startServer, type TestServer } from './helpers'

const [burst, sustained] = ChatLimits.sendRates
const [burstBytes, sustainedBytes] = ChatLimits.sendByteBudgets
const STRANGER_MAX = ChatLimits.strangerMaxMessages

let s: TestServer
let two: TestServer
const clients: ChatClient[] = []
before(async () => {
  s = await startServer({ CHAT_SEND_RATES: 'on' })
  two = await startServer({ CHAT_SEND_RATES: 'on' }, s)
})
after(async () => {
  for (const c of clients) c.close()
  await two.close()
  await s.close()
})

async function open(who: Reader, on: TestServer = s): Promise<ChatClient> {
  const c = await client(on, who)
  clients.push(c)
  return c
}

/** One send frame, answered once: the stored message, or the refusal (no retry, unlike send). */
const sendOnce = (c: ChatClient, message: ReturnType<typeof text>): Promise<ChatMessage> =>
  c.request({ op: 'send', message }) as Promise<ChatMessage>

async function refused(
  c: ChatClient,
  message: ReturnType<typeof text>,
  expected: { code: number; text: string },
): Promise<void> {
  await assert.rejects(sendOnce(c, message), (err: unknown) => {
    assert.ok(err instanceof FrameError, String(err))
    assert.deepEqual({ code: err.code, text: err.message }, expected)
    return true
  })
}

async function friends(): Promise<[Reader, Reader]> {
  const a = await reader(s)
  const b = await reader(s)
  await befriendAll(s, a, b)
  return [a, b]
}

let pastSeq = 1_000_000

/** Rows of `who`'s own in their conversation with `peer`, as if sent `agoMs` before now. */
async function pastRows(
  who: Reader,
  peer: Reader,
  rows: number,
  agoMs: number,
  bytes: number | null,
): Promise<void> {
  const key = `c2c:${Math.min(who.id, peer.id)}:${Math.max(who.id, peer.id)}`
  const [conv] = await s.db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(eq(chatConversations.key, key))
  const at = new Date(s.clock.now() - agoMs)
  await s.db.insert(chatMessages).values(
    Array.from({ length: rows }, () => ({
      conversationId: conv.id,
      seq: pastSeq++,
      clientId: ChatClient.messageId(who.userID),
      senderId: who.id,
      type: 'TIMTextElem',
      payload: { text: 'earlier' },
      sentBytes: bytes,
      createdAt: at,
    })),
  )
}

describe('chat send rates and byte budgets', () => {
  test(`over ${burst.max} messages in ${burst.windowMs / SECOND} s is refused until the window passes; a resend still answers`, async () => {
    const [a, b] = await friends()
    const c = await open(a)
    const first = text(a, b, 'm0')
    await sendOnce(c, first)
    for (let i = 1; i < burst.max; i++) await sendOnce(c, text(a, b, `m${i}`))
    await refused(c, text(a, b, 'one too many'), ChatErrors.sendTooFast)
    // A resend of a stored message is not a new send: it answers the stored one.
    assert.equal((await sendOnce(c, first)).sequence, 1)
    s.clock.advance(burst.windowMs + SECOND)
    const again = await sendOnce(c, text(a, b, 'after the window'))
    assert.equal(again.sequence, burst.max + 1)
  })

  test(`${sustained.max} in ${sustained.windowMs / MINUTE} minutes: refused, accepted once the oldest leave the window; what the server wrote does not count`, async () => {
    const [a, b] = await friends()
    const c = await open(a)
    await sendOnce(c, text(a, b, 'opens the conversation'))
    // Tips and cards (sent_bytes null) are not the reader's sends.
    await pastRows(a, b, sustained.max, MINUTE, null)
    await sendOnce(c, text(a, b, 'still fine'))
    await pastRows(a, b, sustained.max - 2, sustained.windowMs - 2 * MINUTE, 10)
    await refused(c, text(a, b, 'over the ten minutes'), ChatErrors.sendTooFast)
    s.clock.advance(2 * MINUTE + SECOND)
    await sendOnce(c, text(a, b, 'the old ones left the window'))
  })

  test(`payload bytes: ${burstBytes.max / 1024} KB in ${burstBytes.windowMs / SECOND} s, ${sustainedBytes.max / 1024 / 1024} MB in ${sustainedBytes.windowMs / MINUTE} minutes`, async () => {
    const [a, b] = await friends()
    const c = await open(a)
    const long = (i: number) => text(a, b, `${i}`.padEnd(ChatLimits.textMaxChars, '书'))
    const size = sentBytes(long(1).payload, '')
    const fits = Math.floor(burstBytes.max / size)
    assert.ok(fits >= 3 && fits < burst.max, `${fits} long texts fit: a few, fewer than the rate`)
    for (let i = 0; i < fits; i++) await sendOnce(c, long(i))
    await refused(c, long(fits), ChatErrors.sendTooFast)
    // A short one still fits in what is left.
    await sendOnce(c, text(a, b, '短'))
    s.clock.advance(burstBytes.windowMs + SECOND)
    await sendOnce(c, long(fits))

    s.clock.advance(sustained.windowMs)
    await pastRows(a, b, 1, 5 * MINUTE, sustainedBytes.max - size + 1)
    await refused(c, long(0), ChatErrors.sendTooFast)
    s.clock.advance(5 * MINUTE)
    await sendOnce(c, long(0))
  })
})

describe('the stranger rule', () => {
  test(`${STRANGER_MAX} messages to a stranger, then refused until they answer`, async () => {
    const a = await reader(s)
    const b = await reader(s)
    const ca = await open(a)
    const cb = await open(b)
    for (let i = 0; i < STRANGER_MAX; i++) await sendOnce(ca, text(a, b, `你好${i}`))
    await refused(ca, text(a, b, 'again'), ChatErrors.stranger)
    assert.equal(ChatErrors.stranger.text, '对方回复之前，最多只能发送3条消息')
    await sendOnce(cb, text(b, a, '你好，你是？'))
    for (let i = 0; i < STRANGER_MAX + 2; i++) await sendOnce(ca, text(a, b, `聊${i}`))
  })

  test('becoming friends lifts it; friends are never limited', async () => {
    const a = await reader(s)
    const b = await reader(s)
    const ca = await open(a)
    for (let i = 0; i < STRANGER_MAX; i++) await sendOnce(ca, text(a, b, `${i}`))
    await refused(ca, text(a, b, 'again'), ChatErrors.stranger)
    await befriendAll(s, a, b)
    for (let i = 0; i < STRANGER_MAX + 2; i++) await sendOnce(ca, text(a, b, `friends ${i}`))
  })

  test('groups are not limited, nor customer service, nor what the server writes', async () => {
    const owner = await reader(s)
    const member = await reader(s)
    const group = await makeGroup(s, owner, [member])
    const co = await open(owner)
    for (let i = 0; i < STRANGER_MAX + 2; i++) await sendOnce(co, groupText(owner, group, `群${i}`))

    // A reader writing to customer service (an operator), and the operator writing back first.
    const staff = await reader(s)
    await setOperator(s.db, staff.id)
    const cm = await open(member)
    for (let i = 0; i < STRANGER_MAX + 2; i++) await sendOnce(cm, text(member, staff, `客服${i}`))
    const cs = await open(staff)
    for (let i = 0; i < STRANGER_MAX + 2; i++) await sendOnce(cs, text(staff, owner, `通知${i}`))

    // Server-written messages (SendOptions.server, as a gift's card) to a stranger.
    const app = s.fastify.chatContext
    for (let i = 0; i < STRANGER_MAX + 2; i++) {
      const sent = await inTx(s.db, (tx) =>
        sendMessage(
          app,
          owner.id,
          {
            ID: ChatClient.messageId(owner.userID),
            conversationID: owner.with(member),
            type: 'TIMCustomElem',
            payload: { data: '{"businessID":"note"}', description: 'note', extension: '' },
          },
          { server: { tx } },
        ),
      )
      assert.equal(sent.created, true)
    }
    // ...which are not the owner's own: three of those still go.
    for (let i = 0; i < STRANGER_MAX; i++) await sendOnce(co, text(owner, member, `${i}`))
    await refused(co, text(owner, member, 'again'), ChatErrors.stranger)
  })
})

describe('two servers on one database', () => {
  test('the rate and the stranger rule count the sends made through either', async () => {
    const [a, b] = await friends()
    two.clock.t = s.clock.t
    const one = await open(a)
    const other = await open(a, two)
    const half = burst.max / 2
    for (let i = 0; i < half; i++) await sendOnce(one, text(a, b, `one ${i}`))
    for (let i = 0; i < half; i++) await sendOnce(other, text(a, b, `two ${i}`))
    await refused(one, text(a, b, 'over'), ChatErrors.sendTooFast)
    await refused(other, text(a, b, 'over'), ChatErrors.sendTooFast)

    const x = await reader(s)
    const y = await reader(s)
    two.clock.t = s.clock.t
    const xOne = await open(x)
    const xTwo = await open(x, two)
    for (let i = 0; i < STRANGER_MAX; i++) {
      await sendOnce(i % 2 === 0 ? xOne : xTwo, text(x, y, `${i}`))
    }
    await refused(xTwo, text(x, y, 'again'), ChatErrors.stranger)
    await refused(xOne, text(x, y, 'again'), ChatErrors.stranger)
  })
})
