/**
 * Read receipts over HTTP and the gateway: asked for with needReadReceipt (kept only while the
 * server enables them), sent by readers of the conversation only and never for their own messages,
 * idempotent, counted exactly (50 members reading the same messages at once), pushed live to the
 * sender, and the group's read and unread members paged by cursor.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, inArray, sql } from 'drizzle-orm'
import { MESSAGE_INVALID, type ChatMessage, type MessageReceipt } from '@api/chat'
import type { ServerFrame } from '@api/chatFrames'
import { chatMessageReceipts, chatMessages } from '../src/db/schema'
import { NOT_YOUR_MESSAGE } from '../src/chat/errors'
import { NOT_GROUP_MESSAGE, OWN_MESSAGE_RECEIPT } from '../src/chat/receipts'
import {
  befriendAll,
  call,
  client,
  groupText,
  joinGroup,
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

type ReceiptFrame = Extract<ServerFrame, { op: 'receipt' }>

function ok(res: Reply): void {
  assert.equal(res.body.code, 200, JSON.stringify(res.body))
}

function fails(res: Reply, code: number, msg?: string): void {
  assert.equal(res.body.code, code, JSON.stringify(res.body))
  if (msg !== undefined) assert.equal(res.body.msg, msg)
}

async function authed(who: Reader): Promise<RawSocket> {
  const raw = await RawSocket.open(s)
  raw.send({ op: 'auth', rid: 1, token: who.token })
  const ack = await raw.next((f) => f.op === 'ack' || f.op === 'error')
  assert.equal(ack.op, 'ack', JSON.stringify(ack))
  return raw
}

const nextReceipts = async (raw: RawSocket): Promise<MessageReceipt[]> =>
  ((await raw.next((f) => f.op === 'receipt')) as ReceiptFrame).receiptList

async function quiet(raw: RawSocket, ms = 200): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms))
  assert.deepEqual(
    raw.frames.filter((f) => f.op === 'receipt'),
    [],
  )
}

async function readers(n: number): Promise<Reader[]> {
  const out: Reader[] = []
  for (let i = 0; i < n; i++) out.push(await reader(s))
  return out
}

const receipt = (who: Reader, ids: string[]) =>
  call(s, 'sendMessageReadReceipt', { messageIDList: ids }, who.token)

async function counts(who: Reader, ids: string[]): Promise<MessageReceipt[]> {
  const res = await call(s, 'getMessageReadReceiptList', { messageIDList: ids }, who.token)
  ok(res)
  return res.body.data.messageList
}

async function storedReceipts(clientIds: string[]): Promise<number> {
  const [row] = await s.db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessageReceipts)
    .innerJoin(chatMessages, eq(chatMessages.id, chatMessageReceipts.messageId))
    .where(inArray(chatMessages.clientId, clientIds))
  return Number(row.n)
}

const asking = <T extends object>(message: T): T & { needReadReceipt: true } => ({
  ...message,
  needReadReceipt: true,
})

describe('chat: read receipts', () => {
  test('C2C: the peer receipts once, the sender is told live; others are refused and change nothing', async () => {
    const [a, b, x] = await readers(3)
    await befriendAll(s, a, b)
    const login = await call(s, 'login', {}, a.token)
    assert.equal(login.body.data.enabledMessageReadReceipt, true)
    const ac = await client(s, a)
    const sent: ChatMessage = await ac.send(asking(text(a, b, '读完了吗')))
    assert.equal(sent.needReadReceipt, true)
    const plain: ChatMessage = await ac.send(text(a, b, '不用回执'))
    assert.equal(plain.needReadReceipt, false)
    const history = await call(s, 'getMessageList', { conversationID: b.with(a) }, b.token)
    assert.deepEqual(
      history.body.data.messageList.map((m: ChatMessage) => m.needReadReceipt),
      [true, false],
    )
    assert.deepEqual(await counts(a, [sent.ID]), [
      {
        messageID: sent.ID,
        conversationID: a.with(b),
        groupID: '',
        readCount: 0,
        unreadCount: 1,
        isPeerRead: false,
      },
    ])

    const raw = await authed(a)
    // Someone outside the conversation: 404, nothing kept, nothing pushed.
    fails(await receipt(x, [sent.ID]), 404, MESSAGE_INVALID)
    fails(await receipt(b, [sent.ID, `${x.id}-nosuch`]), 404, MESSAGE_INVALID)
    assert.equal(await storedReceipts([sent.ID]), 0)
    // Not one's own.
    fails(await receipt(a, [sent.ID]), 400, OWN_MESSAGE_RECEIPT)
    await quiet(raw)

    ok(await receipt(b, [sent.ID, plain.ID]))
    const pushed = await nextReceipts(raw)
    assert.deepEqual(pushed, [
      {
        messageID: sent.ID,
        conversationID: a.with(b),
        groupID: '',
        readCount: 1,
        unreadCount: 0,
        isPeerRead: true,
      },
    ])
    // Again: nothing new, nothing pushed.
    ok(await receipt(b, [sent.ID]))
    await quiet(raw)
    assert.equal(await storedReceipts([sent.ID, plain.ID]), 1)
    const [read, unasked] = await counts(a, [sent.ID, plain.ID])
    assert.equal(read.isPeerRead, true)
    assert.equal(unasked.isPeerRead, false)

    // Counts are the sender's: the peer gets 403, a stranger 404.
    fails(
      await call(s, 'getMessageReadReceiptList', { messageIDList: [sent.ID] }, b.token),
      403,
      NOT_YOUR_MESSAGE,
    )
    fails(
      await call(s, 'getMessageReadReceiptList', { messageIDList: [sent.ID] }, x.token),
      404,
      MESSAGE_INVALID,
    )
    fails(
      await call(s, 'getGroupMessageReadMemberList', { messageID: sent.ID, filter: 0 }, a.token),
      400,
      NOT_GROUP_MESSAGE,
    )
    raw.close()
    ac.close()
  })

  test('a send frame whose needReadReceipt is not a boolean answers 400 and stores nothing', async () => {
    const [a, b] = await readers(2)
    const raw = await authed(a)
    let rid = 10
    for (const wrong of ['yes', 1, {}, [], null]) {
      const message = { ...text(a, b, '格式不对'), needReadReceipt: wrong }
      raw.send({ op: 'send', rid: ++rid, message })
      const answer = await raw.next((f) => f.op === 'error' || f.op === 'ack')
      assert.equal(answer.op, 'error', JSON.stringify(answer))
      assert.equal((answer as Extract<ServerFrame, { op: 'error' }>).code, 400)
    }
    const history = await call(s, 'getMessageList', { conversationID: a.with(b) }, a.token)
    assert.deepEqual(history.body.data?.messageList ?? [], [])
    raw.close()
  })

  test('the server setting off: login says so and needReadReceipt is not kept', async () => {
    const off = await startServer({ CHAT_READ_RECEIPTS: 'off' }, s)
    try {
      const [a, b] = await readers(2)
      await befriendAll(s, a, b)
      const login = await off.get('/api/chat/login', { token: a.token })
      assert.equal(login.body.data.enabledMessageReadReceipt, false)
      const ac = await client(off, a)
      const sent = await ac.send(asking(text(a, b, '不会有回执')))
      assert.equal(sent.needReadReceipt, false)
      ac.close()
    } finally {
      await off.close()
    }
  })

  test('groups: members only, from when they joined; read and unread members paged by cursor', async () => {
    const [o, m1, m2, m3, late, x] = await readers(6)
    const g = await makeGroup(s, o, [m1, m2, m3])
    const oc = await client(s, o)
    const sent = await oc.send(asking(groupText(o, g, '今晚读第三章')))
    await joinGroup(s, g, o.id, [late])
    const raw = await authed(o)

    fails(await receipt(x, [sent.ID]), 404, MESSAGE_INVALID)
    fails(await receipt(late, [sent.ID]), 404, MESSAGE_INVALID)
    await removeFromGroup(s, g, m3.id, [m3])
    fails(await receipt(m3, [sent.ID]), 404, MESSAGE_INVALID)
    assert.equal(await storedReceipts([sent.ID]), 0)
    await quiet(raw)

    ok(await receipt(m1, [sent.ID]))
    assert.deepEqual(await nextReceipts(raw), [
      {
        messageID: sent.ID,
        conversationID: g.conversationID,
        groupID: String(g.id),
        readCount: 1,
        unreadCount: 1,
        isPeerRead: false,
      },
    ])
    const members = (filter: 0 | 1, extra: Record<string, unknown> = {}) =>
      call(s, 'getGroupMessageReadMemberList', { messageID: sent.ID, filter, ...extra }, o.token)
    const readPage = await members(0)
    ok(readPage)
    assert.deepEqual(readPage.body.data.readUserIDList, [m1.userID])
    assert.deepEqual(readPage.body.data.unreadUserIDList, [])
    assert.equal(readPage.body.data.memberList[0].userID, m1.userID)
    assert.equal(readPage.body.data.isCompleted, true)
    assert.equal(readPage.body.data.cursor, '')
    const unreadPage = await members(1)
    assert.deepEqual(unreadPage.body.data.unreadUserIDList, [m2.userID])

    ok(await receipt(m2, [sent.ID]))
    const [all] = await nextReceipts(raw)
    assert.equal(all.readCount, 2)
    assert.equal(all.unreadCount, 0)
    fails(await members(0, { count: 101 }), 400)
    fails(await members(0, { cursor: 'abc' }), 400)
    const past = await members(1, { cursor: '9999999999' })
    ok(past)
    assert.deepEqual(past.body.data.unreadUserIDList, [])
    assert.equal(past.body.data.isCompleted, true)
    fails(
      await call(s, 'getGroupMessageReadMemberList', { messageID: sent.ID, filter: 0 }, m1.token),
      403,
      NOT_YOUR_MESSAGE,
    )
    raw.close()
    oc.close()
  })

  test('50 members reading the same messages at once give exact counts and pages', async () => {
    const owner = await reader(s)
    const crowd = await readers(55)
    const g = await makeGroup(s, owner, crowd)
    const oc = await client(s, owner)
    const sent: ChatMessage[] = []
    for (let i = 0; i < 3; i++) sent.push(await oc.send(asking(groupText(owner, g, `第${i}条`))))
    const ids = sent.map((m) => m.ID)
    const raw = await authed(owner)
    const readersNow = crowd.slice(0, 50)
    // Each reads all three, some twice, all at once.
    const results = await Promise.all([
      ...readersNow.map((r) => receipt(r, ids)),
      ...readersNow.slice(0, 10).map((r) => receipt(r, ids.slice(1))),
    ])
    for (const res of results) ok(res)
    assert.equal(await storedReceipts(ids), 150)
    for (const info of await counts(owner, ids)) {
      assert.equal(info.readCount, 50, JSON.stringify(info))
      assert.equal(info.unreadCount, 5)
    }
    // A push per call that landed a receipt (50 to 60); the highest count of each is exact.
    const best = new Map<string, number>()
    let frames = 0
    while (ids.some((id) => best.get(id) !== 50)) {
      for (const r of await nextReceipts(raw)) {
        assert.ok(r.readCount <= 50)
        best.set(r.messageID, Math.max(best.get(r.messageID) ?? 0, r.readCount))
      }
      frames++
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
    frames += raw.frames.filter((f) => f.op === 'receipt').length
    assert.ok(frames >= 50 && frames <= 60, String(frames))

    // Read members, 20 a page by cursor: every reader once, in user ID order.
    const seen: string[] = []
    let cursor = ''
    let pages = 0
    for (;;) {
      const res = await call(
        s,
        'getGroupMessageReadMemberList',
        { messageID: ids[0], filter: 0, cursor, count: 20 },
        owner.token,
      )
      ok(res)
      seen.push(...res.body.data.readUserIDList)
      pages++
      if (res.body.data.isCompleted) break
      cursor = res.body.data.cursor
    }
    assert.equal(pages, 3)
    assert.deepEqual(
      seen,
      readersNow.map((r) => r.userID).sort((x, y) => Number(x) - Number(y)),
    )
    const unread = await call(
      s,
      'getGroupMessageReadMemberList',
      { messageID: ids[0], filter: 1 },
      owner.token,
    )
    assert.deepEqual(
      unread.body.data.unreadUserIDList,
      crowd.slice(50).map((r) => r.userID),
    )
    assert.equal(unread.body.data.isCompleted, true)
    raw.close()
    oc.close()
  })
})
