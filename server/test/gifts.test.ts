/**
 * Book gifts (issue 17) over HTTP: giving copies to a friend holds them and writes the chat card
 * (pushed live over a real WebSocket); only the receiver settles, once (the giver 403, a third
 * reader 404, a guest the login answer, and nothing changes); accepting moves the copies and puts
 * the books on the receiver's bookcase, refusing gives them back; the card is rewritten and pushed
 * to both sides as `modified`, and history shows it; two settles at once: one wins; one copy in two
 * gifts at once: one refused; not a friend or blocked: refused; the lists, detail and state calls.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq, max, or } from 'drizzle-orm'
import { chatApi } from '@api/chat'
import { GiftLimits, GiftText } from '@rules/gifts'
import { shopApi } from '@api/shop'
import { bookCollections, bookGifts, friendships, readingProgress } from '../src/db/schema'
import { ChatClient } from './chatClient'
import { restPath, startServer, type TestServer } from './helpers'
import { fails, ok, readers, type Reader } from './shopHelpers'
import {
  block,
  bookIds,
  cardData,
  copies,
  copyRow,
  Listener,
  makeFriends,
  r,
  unblock,
} from './giftHelpers'

describe('book gifts', () => {
  let s: TestServer
  let giver: Reader
  let friend: Reader
  let third: Reader
  let stranger: Reader
  let books: number[]
  before(async () => {
    s = await startServer()
    ;[giver, friend, third, stranger] = await readers(s, 4)
    await makeFriends(s, giver, friend)
    await makeFriends(s, giver, third)
    books = await bookIds(s, 2)
  })
  after(() => s.close())

  const give = (who: Reader, body: Record<string, unknown>) =>
    s.post(r('createBookGift'), body, { token: who.token })
  const settle = (who: Reader | null, body: Record<string, unknown>) =>
    s.post(r('settleBookGift'), body, who ? { token: who.token } : {})
  const history = (who: Reader, peer: Reader) =>
    s.get(`${restPath(chatApi.getMessageList)}?conversationID=C2C${peer.id}`, {
      token: who.token,
    })

  test('give two copies: held, one gift each, the card pushed live; accept: copies, bookcase, card modified on both sides', async () => {
    const [c1, c2] = [...(await copies(s, giver, books[0])), ...(await copies(s, giver, books[1]))]
    const giverWs = await Listener.open(s, giver)
    const friendWs = await Listener.open(s, friend)
    try {
      const res = await give(giver, {
        booksOrderIds: [c2, c1],
        receiveUserId: friend.id,
        text: '  送你两本好书  ',
      })
      ok(res, 'give')
      assert.equal(res.body.msg, GiftText.sent)
      const { giftBooksLogIds, message } = res.body.data
      assert.equal(giftBooksLogIds.length, 2)
      assert.equal(message.type, 'TIMCustomElem')
      assert.equal(message.from, String(giver.id))
      assert.equal(message.to, String(friend.id))
      assert.equal(message.conversationID, `C2C${friend.id}`)
      assert.equal(message.payload.description, 'giveBook')
      assert.equal(message.payload.extension, '')
      const data = cardData(message)
      assert.equal(data.businessID, 'giveBook')
      assert.equal(data.giftBooksLogId, giftBooksLogIds.join(','))
      assert.equal(data.to, String(friend.id))
      assert.equal(data.text, '送你两本好书')
      assert.equal(data.extension, 0)
      assert.equal(data.urlH5, '')
      assert.deepEqual(
        data.bookInfo.map((b: { booksOrderId: number; extension: number }) => [
          b.booksOrderId,
          b.extension,
        ]),
        [
          [c1, 0],
          [c2, 0],
        ],
      )
      assert.ok(data.bookInfo.every((b: { booksName: string }) => b.booksName.length > 0))

      // The card reaches the receiver (and the giver's connection) live.
      const live = await friendWs.waitFor('message', message.ID)
      assert.equal(live.conversationID, `C2C${giver.id}`)
      assert.equal(cardData(live).giftBooksLogId, data.giftBooksLogId)
      await giverWs.waitFor('message', message.ID)

      // Held copies: shop's list shows the state; the gift rows keep the message id.
      assert.equal((await copyRow(s, c1)).state, 'held')
      const mine = await s.get(`${restPath(shopApi.bookCopies)}`, { token: giver.token })
      ok(mine)
      const states = Object.fromEntries(
        mine.body.data.list.map((c: { booksOrderId: number; state: string }) => [
          c.booksOrderId,
          c.state,
        ]),
      )
      assert.equal(states[c1], 'held')
      assert.equal(states[c2], 'held')
      const info = await s.post(
        r('copiesInfo'),
        { booksOrderIds: [c1, c2, 999999] },
        { token: giver.token },
      )
      ok(info)
      assert.deepEqual(
        info.body.data.map((c: { booksOrderId: number; state: string }) => [
          c.booksOrderId,
          c.state,
        ]),
        [
          [c1, 'held'],
          [c2, 'held'],
        ],
      )
      const rows = await s.db.select().from(bookGifts).where(eq(bookGifts.giverId, giver.id))
      assert.ok(rows.every((row) => row.messageId === message.ID && row.state === 0))

      // The card is the gift's record in the chat: its giver cannot revoke it (over HTTP).
      const revoke = await s.post(
        restPath(chatApi.revokeMessage),
        { messageID: message.ID },
        { token: giver.token },
      )
      fails(revoke, 400, GiftText.noRevoke)

      // The receiver's lists and detail.
      const received = await s.get(`${r('bookGiftList')}?type=received&state=0`, {
        token: friend.token,
      })
      ok(received)
      assert.equal(received.body.data.total, 2)
      const row = received.body.data.list[0]
      assert.equal(row.giver.id, giver.id)
      assert.equal(row.receiver.id, friend.id)
      assert.equal(row.receiveUserId, friend.id)
      assert.equal(row.conversationID, `C2C${giver.id}`)
      assert.equal(row.messageID, message.ID)
      assert.equal(row.text, '送你两本好书')
      assert.deepEqual(row.batchIds, giftBooksLogIds)
      assert.equal(row.settledAt, null)
      const sent = await s.get(`${r('bookGiftList')}?type=sent`, { token: giver.token })
      assert.equal(sent.body.data.total, 2)
      assert.equal(sent.body.data.list[0].conversationID, `C2C${friend.id}`)

      // Accept (the card's comma list).
      const acc = await settle(friend, { giftBooksLogId: data.giftBooksLogId, state: 1 })
      ok(acc, 'accept')
      assert.equal(acc.body.msg, GiftText.accepted)
      assert.deepEqual(
        acc.body.data.list.map((g: { state: number }) => g.state),
        [1, 1],
      )
      assert.ok(acc.body.data.list[0].settledAt > 0)
      const after1 = cardData(acc.body.data.message)
      assert.equal(after1.extension, 1)
      assert.ok(after1.bookInfo.every((b: { extension: number }) => b.extension === 1))

      // Both sides get the modified card.
      for (const [ws, peer] of [
        [giverWs, friend],
        [friendWs, giver],
      ] as const) {
        const modified = await ws.waitFor('modified', message.ID)
        assert.equal(modified.conversationID, `C2C${peer.id}`)
        assert.equal(cardData(modified).extension, 1)
      }

      // Copies are the receiver's; the books on their bookcase and collected.
      for (const c of [c1, c2])
        assert.deepEqual(await copyRow(s, c), { owner: friend.id, state: 'owned' })
      const shelf = await s.db
        .select({ bookId: readingProgress.bookId })
        .from(readingProgress)
        .where(eq(readingProgress.userId, friend.id))
      assert.deepEqual(shelf.map((x) => x.bookId).sort(), [...books].sort())
      const collected = await s.db
        .select({ bookId: bookCollections.bookId })
        .from(bookCollections)
        .where(eq(bookCollections.userId, friend.id))
      assert.equal(collected.length, 2)
      const bookcase = await s.get('/api/collectionBooks/findReadingBooksApp', {
        token: friend.token,
      })
      ok(bookcase)
      assert.equal(bookcase.body.data.total, 2)

      // After a reload: history shows the settled card to both.
      for (const [who, peer] of [
        [giver, friend],
        [friend, giver],
      ] as const) {
        const h = await history(who, peer)
        ok(h)
        const card = h.body.data.messageList.find((m: { ID: string }) => m.ID === message.ID)
        assert.ok(card, 'card in history')
        assert.equal(cardData(card).extension, 1)
        assert.equal(cardData(card).bookInfo[0].extension, 1)
      }

      // Settled once: again is refused, nothing changes.
      fails(
        await settle(friend, { giftBooksLogId: giftBooksLogIds[0], state: 2 }),
        400,
        GiftText.settled,
      )
      assert.deepEqual(await copyRow(s, c1), { owner: friend.id, state: 'owned' })

      // The state and detail calls.
      const st = await s.get(`${r('bookGiftState')}?giftBooksLogId=${giftBooksLogIds[0]}`, {
        token: giver.token,
      })
      ok(st)
      assert.deepEqual(st.body.data, { giftBooksLogId: giftBooksLogIds[0], state: 1 })
      const one = await s.get(`${r('bookGift')}?id=${giftBooksLogIds[1]}`, { token: friend.token })
      ok(one)
      assert.equal(one.body.data.state, 1)
      const detail = await s.get(`${r('bookGiftDetail')}?ids=${giftBooksLogIds.join(',')}`, {
        token: giver.token,
      })
      ok(detail)
      assert.deepEqual(
        detail.body.data.map((g: { giftBooksLogId: number }) => g.giftBooksLogId),
        giftBooksLogIds,
      )
      const accepted = await s.get(`${r('bookGiftList')}?type=received&state=1`, {
        token: friend.token,
      })
      assert.equal(accepted.body.data.total, 2)
    } finally {
      giverWs.close()
      friendWs.close()
    }
  })

  test('only the receiver settles: giver 403, third reader 404, guest refused; nothing changes; refuse gives the copy back', async () => {
    const [c] = await copies(s, giver, books[0])
    const res = await give(giver, { booksOrderIds: [c], receiveUserId: friend.id })
    ok(res)
    const [id] = res.body.data.giftBooksLogIds
    assert.equal(cardData(res.body.data.message).text, '')
    fails(await settle(giver, { giftBooksLogId: id, state: 1 }), 403, GiftText.onlyReceiver)
    fails(await settle(third, { giftBooksLogId: id, state: 1 }), 404, GiftText.giftNotFound)
    const guest = await settle(null, { giftBooksLogId: id, state: 1 })
    assert.notEqual(guest.body.code, 200)
    assert.ok([302, 401].includes(guest.body.code), JSON.stringify(guest.body))
    // Nobody else sees it either.
    fails(
      await s.get(`${r('bookGift')}?id=${id}`, { token: third.token }),
      404,
      GiftText.giftNotFound,
    )
    fails(
      await s.get(`${r('bookGiftState')}?giftBooksLogId=${id}`, { token: third.token }),
      404,
      GiftText.giftNotFound,
    )
    const none = await s.get(`${r('bookGiftDetail')}?ids=${id}`, { token: third.token })
    ok(none)
    assert.deepEqual(none.body.data, [])
    assert.deepEqual(await copyRow(s, c), { owner: giver.id, state: 'held' })
    const [row] = await s.db.select().from(bookGifts).where(eq(bookGifts.id, id))
    assert.equal(row.state, 0)
    assert.equal(row.settledAt, null)
    // A mix of mine and someone else's: 404 and nothing settled.
    const [c2] = await copies(s, giver, books[1])
    const other = await give(giver, { booksOrderIds: [c2], receiveUserId: third.id })
    ok(other)
    const otherId = other.body.data.giftBooksLogIds[0]
    fails(
      await settle(friend, { giftBooksLogId: `${id},${otherId}`, state: 1 }),
      404,
      GiftText.giftNotFound,
    )
    assert.equal((await copyRow(s, c)).state, 'held')

    // Refuse: the copy is the giver's again and can be given again.
    const ref = await settle(friend, { giftBooksLogId: id, state: 2 })
    ok(ref)
    assert.equal(ref.body.msg, GiftText.refused)
    assert.equal(cardData(ref.body.data.message).extension, 2)
    assert.deepEqual(await copyRow(s, c), { owner: giver.id, state: 'owned' })
    const again = await give(giver, { booksOrderIds: [c], receiveUserId: third.id })
    ok(again)
    // The third reader refuses their first gift with a number id (JSON).
    ok(await settle(third, { giftBooksLogId: otherId, state: 2 }))
    assert.equal((await copyRow(s, c2)).state, 'owned')
  })

  test('two settles at once: exactly one wins', async () => {
    for (const [a, b] of [
      [1, 1],
      [1, 2],
    ]) {
      const [c] = await copies(s, giver, books[0])
      const res = await give(giver, { booksOrderIds: [c], receiveUserId: friend.id })
      ok(res)
      const id = res.body.data.giftBooksLogIds[0]
      const replies = await Promise.all([
        settle(friend, { giftBooksLogId: id, state: a }),
        settle(friend, { giftBooksLogId: id, state: b }),
      ])
      const won = replies.filter((x) => x.body.code === 200)
      const lost = replies.filter((x) => x.body.code !== 200)
      assert.equal(won.length, 1, JSON.stringify(replies.map((x) => x.body)))
      fails(lost[0], 400, GiftText.settled)
      const state = won[0].body.data.list[0].state
      const copy = await copyRow(s, c)
      assert.deepEqual(
        copy,
        state === 1 ? { owner: friend.id, state: 'owned' } : { owner: giver.id, state: 'owned' },
      )
    }
  })

  test('one copy offered in two gifts at once: one refused; copies not mine or held: refused', async () => {
    const [c] = await copies(s, giver, books[1])
    const replies = await Promise.all([
      give(giver, { booksOrderIds: [c], receiveUserId: friend.id }),
      give(giver, { booksOrderIds: [c], receiveUserId: third.id }),
    ])
    assert.equal(replies.filter((x) => x.body.code === 200).length, 1)
    fails(
      replies.find((x) => x.body.code !== 200)!,
      400,
      GiftText.copyUnavailable,
    )
    const waiting = await s.db
      .select()
      .from(bookGifts)
      .where(and(eq(bookGifts.copyId, c), eq(bookGifts.state, 0)))
    assert.equal(waiting.length, 1)
    // Held: refused, and the whole gift with it (the other copy stays owned).
    const [free] = await copies(s, giver, books[0])
    fails(
      await give(giver, { booksOrderIds: [free, c], receiveUserId: friend.id }),
      400,
      GiftText.copyUnavailable,
    )
    assert.equal((await copyRow(s, free)).state, 'owned')
    // Someone else's copy.
    const [theirs] = await copies(s, friend, books[0])
    fails(
      await give(giver, { booksOrderIds: [theirs], receiveUserId: friend.id }),
      400,
      GiftText.copyUnavailable,
    )
    assert.deepEqual(await copyRow(s, theirs), { owner: friend.id, state: 'owned' })
  })

  test('not a friend, blocked, myself, too many, long or blocked words: refused, nothing held', async () => {
    const [c] = await copies(s, giver, books[0])
    const body = (to: Reader, extra: Record<string, unknown> = {}) => ({
      booksOrderIds: [c],
      receiveUserId: to.id,
      ...extra,
    })
    fails(await give(giver, body(stranger)), 400, GiftText.notFriend)
    fails(await give(giver, body(giver)), 400, GiftText.self)
    await block(s, friend, giver)
    fails(await give(giver, body(friend)), 403, GiftText.blockedByThem)
    await unblock(s, friend)
    await block(s, giver, friend)
    fails(await give(giver, body(friend)), 403, GiftText.blockedByMe)
    await unblock(s, giver)
    fails(
      await give(giver, body(friend, { text: '书'.repeat(GiftLimits.textMaxChars + 1) })),
      400,
      GiftText.textTooLong,
    )
    fails(await give(giver, body(friend, { text: '加我看六合彩' })), 400, GiftText.textBlocked)
    fails(
      await give(giver, {
        booksOrderIds: Array.from({ length: GiftLimits.booksMax + 1 }, (_, i) => i + 1),
        receiveUserId: friend.id,
      }),
      400,
      GiftText.booksTooMany,
    )
    assert.equal((await copyRow(s, c)).state, 'owned')
    // 50 characters (emoji count once) pass.
    ok(await give(giver, body(friend, { text: '😀'.repeat(GiftLimits.textMaxChars) })))
  })

  test('a blocked receiver cannot be given to, and a guest cannot give or list', async () => {
    const guest = await s.post(r('createBookGift'), {
      booksOrderIds: [1],
      receiveUserId: friend.id,
    })
    assert.ok([302, 401].includes(guest.body.code))
    const list = await s.get(`${r('bookGiftList')}?type=sent`)
    assert.ok([302, 401].includes(list.body.code))
    fails(
      await s.get(`${r('bookGiftList')}?type=other`, { token: giver.token }),
      400,
      GiftText.typeInvalid,
    )
  })

  test('after the friendship ended or a block either way: accepting refused, nothing moves; refusing still gives the copies back', async () => {
    const giveOne = async (): Promise<[number, number]> => {
      const [c] = await copies(s, giver, books[0])
      const res = await give(giver, { booksOrderIds: [c], receiveUserId: friend.id })
      ok(res)
      return [c, res.body.data.giftBooksLogIds[0]]
    }
    // The receiver blocked the giver, then the giver blocked the receiver.
    for (const [blocker, blocked] of [
      [friend, giver],
      [giver, friend],
    ]) {
      const [c, id] = await giveOne()
      await block(s, blocker, blocked)
      fails(await settle(friend, { giftBooksLogId: id, state: 1 }), 403, GiftText.acceptBlocked)
      assert.deepEqual(await copyRow(s, c), { owner: giver.id, state: 'held' })
      ok(await settle(friend, { giftBooksLogId: id, state: 2 }))
      assert.deepEqual(await copyRow(s, c), { owner: giver.id, state: 'owned' })
      await unblock(s, blocker)
    }
    // No longer friends.
    const [c, id] = await giveOne()
    const pair = or(
      and(eq(friendships.userId, giver.id), eq(friendships.friendId, friend.id)),
      and(eq(friendships.userId, friend.id), eq(friendships.friendId, giver.id)),
    )
    await s.db.delete(friendships).where(pair)
    try {
      fails(await settle(friend, { giftBooksLogId: id, state: 1 }), 400, GiftText.acceptNotFriend)
      const [row] = await s.db.select().from(bookGifts).where(eq(bookGifts.id, id))
      assert.equal(row.state, 0)
      assert.deepEqual(await copyRow(s, c), { owner: giver.id, state: 'held' })
      ok(await settle(friend, { giftBooksLogId: id, state: 2 }))
      assert.deepEqual(await copyRow(s, c), { owner: giver.id, state: 'owned' })
    } finally {
      await makeFriends(s, giver, friend)
    }
  })

  test('a message the giver sent beforehand under a guessable card ID does not stand in for the card; markup stays text; a third socket hears nothing', async () => {
    const [{ last }] = await s.db.select({ last: max(bookGifts.id) }).from(bookGifts)
    const c = new ChatClient({
      url: `${s.base.replace(/^http/, 'ws')}/api/chat/ws`,
      token: giver.token,
      reconnect: false,
    })
    await c.connect()
    const friendWs = await Listener.open(s, friend)
    const thirdWs = await Listener.open(s, third)
    try {
      for (let n = (last ?? 0) + 1; n <= (last ?? 0) + 3; n++) {
        await c.send({
          ID: `${giver.id}-giftbook${n}`,
          conversationID: `C2C${friend.id}`,
          type: 'TIMTextElem',
          payload: { text: '不是礼物' },
        })
      }
      const [copy] = await copies(s, giver, books[0])
      const markup = '<b>送你</b><script>x</script>&amp;'
      const res = await give(giver, {
        booksOrderIds: [copy],
        receiveUserId: friend.id,
        text: markup,
      })
      ok(res)
      const message = res.body.data.message
      assert.equal(cardData(message).text, markup)
      assert.equal(message.type, 'TIMCustomElem')
      assert.equal(cardData(message).businessID, 'giveBook')
      const pushed = await friendWs.waitFor('message', message.ID)
      assert.equal(pushed.type, 'TIMCustomElem')
      const id = res.body.data.giftBooksLogIds[0]
      const [row] = await s.db.select().from(bookGifts).where(eq(bookGifts.id, id))
      assert.equal(row.messageId, message.ID)
      const settled = await settle(friend, { giftBooksLogId: id, state: 2 })
      ok(settled)
      assert.equal(cardData(settled.body.data.message).extension, 2)
      assert.equal(settled.body.data.list[0].text, markup)
      assert.equal(cardData(await friendWs.waitFor('modified', message.ID)).extension, 2)
      // The third reader's socket heard nothing of it.
      assert.ok(
        !thirdWs.pushes.some(
          (f) => (f.op === 'message' || f.op === 'modified') && f.message.ID === message.ID,
        ),
      )
    } finally {
      c.close()
      friendWs.close()
      thirdWs.close()
    }
  })
})
