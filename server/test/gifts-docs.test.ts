/**
 * Document, magazine and newspaper gifts (issue 17) over HTTP, query style: what I may give (my
 * collections of a kind, my own public documents), giving one to a friend with its card (pushed
 * live), only the receiver settles once (giver 403, third reader 404, guest refused, nothing
 * changes), accepting puts the item into the receiver's collections, refusing does not; the card
 * is modified on both sides and history and sync show it; two settles at once: one wins; items not
 * mine, not public or unknown are refused; not a friend or blocked: refused. And a client cannot
 * send a gift card itself over the gateway (the only way clients send).
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { chatApi } from '@api/chat'
import { GiftText } from '@rules/gifts'
import { ChatClient, FrameError } from './chatClient'
import {
  documentCategories,
  documents,
  docGifts,
  itemCollections,
  magazineIssues,
  magazines,
  newspaperEditions,
  newspapers,
} from '../src/db/schema'
import { restPath, startServer, type TestServer } from './helpers'
import { fails, ok, readers, type Reader } from './shopHelpers'
import { block, cardData, Listener, makeFriends, q, unblock } from './giftHelpers'

describe('document gifts', () => {
  let s: TestServer
  let giver: Reader
  let friend: Reader
  let third: Reader
  let stranger: Reader
  let publicDoc: number
  let privateDoc: number
  let myDoc: number
  let magazine: number
  let newspaper: number

  const collect = async (who: Reader, kind: 'doc' | 'maga' | 'paper', itemId: number) => {
    await s.db
      .insert(itemCollections)
      .values({ userId: who.id, kind, itemId, createdAt: new Date(s.clock.now()) })
      .onConflictDoNothing()
  }
  const collectedBy = async (who: Reader, kind: 'doc' | 'maga' | 'paper', itemId: number) =>
    (
      await s.db
        .select()
        .from(itemCollections)
        .where(
          and(
            eq(itemCollections.userId, who.id),
            eq(itemCollections.kind, kind),
            eq(itemCollections.itemId, itemId),
          ),
        )
    ).length > 0

  before(async () => {
    s = await startServer()
    ;[giver, friend, third, stranger] = await readers(s, 4)
    await makeFriends(s, giver, friend)
    await makeFriends(s, giver, third)
    const [doc] = await s.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(isNull(documents.ownerId), eq(documents.reviewState, 'approved')))
      .orderBy(asc(documents.id))
      .limit(1)
    publicDoc = doc.id
    const [category] = await s.db.select({ id: documentCategories.id }).from(documentCategories)
    const now = new Date(s.clock.now())
    const base = {
      ownerId: giver.id,
      categoryId: category.id,
      fileName: 'gift-test.pdf',
      fileType: 'pdf' as const,
      fileSize: 10,
      createdAt: now,
      updatedAt: now,
    }
    const [mineRow] = await s.db
      .insert(documents)
      .values({
        ...base,
        title: '我的公开文档',
        thumb: '/thumb.png',
        contributed: true,
        reviewState: 'approved',
      })
      .returning({ id: documents.id })
    myDoc = mineRow.id
    const [privateRow] = await s.db
      .insert(documents)
      .values({ ...base, title: '我的私有文档' })
      .returning({ id: documents.id })
    privateDoc = privateRow.id
    const [mag] = await s.db
      .select({ id: magazines.id, name: magazines.name })
      .from(magazines)
      .where(
        sql`exists (select 1 from ${magazineIssues} i where i.magazine_id = ${magazines.id} and i.review_state = 'approved')`,
      )
      .limit(1)
    magazine = mag.id
    const [paper] = await s.db
      .select({ id: newspapers.id })
      .from(newspapers)
      .where(
        sql`exists (select 1 from ${newspaperEditions} e where e.newspaper_id = ${newspapers.id} and e.review_state = 'approved')`,
      )
      .limit(1)
    newspaper = paper.id
    await collect(giver, 'doc', publicDoc)
    await collect(giver, 'maga', magazine)
    await collect(giver, 'paper', newspaper)
  })
  after(() => s.close())

  const send = (who: Reader, body: Record<string, unknown>) =>
    s.post(q('sendDocGift'), body, { token: who.token })
  const receive = (who: Reader | null, id: number) =>
    s.post(q('receiveDocGift'), { record_id: id }, who ? { token: who.token } : {})
  const refuse = (who: Reader | null, id: number) =>
    s.post(q('refuseDocGift'), { record_id: id }, who ? { token: who.token } : {})

  test('GiftableList: my collections of each kind, and my own public documents', async () => {
    const docs = await s.get(`${q('giftableItems')}&type=doc`, { token: giver.token })
    ok(docs)
    const byId = new Map(
      docs.body.data.list.map((i: { id: number; mine: boolean; kind: string }) => [i.id, i]),
    )
    assert.equal(docs.body.data.total, 2)
    assert.deepEqual(
      { ...(byId.get(myDoc) as object) },
      { id: myDoc, name: '我的公开文档', thumb: '/thumb.png', kind: 'doc', mine: true },
    )
    assert.equal((byId.get(publicDoc) as { mine: boolean }).mine, false)
    assert.ok(!byId.has(privateDoc))
    const mags = await s.get(`${q('giftableItems')}&type=mag`, { token: giver.token })
    ok(mags)
    assert.deepEqual(
      mags.body.data.list.map((i: { id: number; kind: string }) => [i.id, i.kind]),
      [[magazine, 'mag']],
    )
    const papers = await s.get(`${q('giftableItems')}&type=newspaper`, { token: giver.token })
    ok(papers)
    assert.deepEqual(
      papers.body.data.list.map((i: { id: number }) => i.id),
      [newspaper],
    )
    fails(
      await s.get(`${q('giftableItems')}&type=video`, { token: giver.token }),
      400,
      GiftText.docsTypeInvalid,
    )
  })

  test('send a document: the card live; accept: collected, card modified on both sides, history and sync show it', async () => {
    const giverWs = await Listener.open(s, giver)
    const friendWs = await Listener.open(s, friend)
    try {
      const res = await send(giver, {
        docs_type: 'doc',
        doc_id: myDoc,
        receive_user_id: friend.id,
        text: '这份资料给你',
      })
      ok(res)
      assert.equal(res.body.msg, GiftText.sent)
      const { record_id, message } = res.body.data
      assert.equal(message.payload.description, 'sendDoc')
      const data = cardData(message)
      assert.deepEqual(data, {
        businessID: 'sendDoc',
        doc: true,
        giftDocId: record_id,
        docs_thumb: '/thumb.png',
        docs_name: '我的公开文档',
        docs_type: 'doc',
        docs_id: myDoc,
        to: String(friend.id),
        text: '这份资料给你',
        extension: 0,
      })
      const live = await friendWs.waitFor('message', message.ID)
      assert.equal(cardData(live).giftDocId, record_id)

      const detail = await s.get(`${q('docGift')}&record_id=${record_id}`, {
        token: friend.token,
      })
      ok(detail)
      assert.equal(detail.body.data.receive_user_id, friend.id)
      assert.equal(detail.body.data.docs_name, '我的公开文档')
      assert.equal(detail.body.data.state, 0)
      assert.equal(detail.body.data.conversationID, `C2C${giver.id}`)
      assert.equal(detail.body.data.messageID, message.ID)
      const list = await s.get(`${q('docGiftList')}&type=received&state=0`, {
        token: friend.token,
      })
      ok(list)
      assert.equal(list.body.data.total, 1)
      const sent = await s.get(`${q('docGiftList')}&type=sent`, { token: giver.token })
      assert.equal(sent.body.data.list[0].record_id, record_id)

      // Only the receiver: the giver 403, a third reader 404, a guest refused; nothing changed.
      fails(await receive(giver, record_id), 403, GiftText.onlyReceiver)
      fails(await refuse(third, record_id), 404, GiftText.giftNotFound)
      const guest = await receive(null, record_id)
      assert.ok([302, 401].includes(guest.body.ret), JSON.stringify(guest.body))
      fails(
        await s.get(`${q('docGift')}&record_id=${record_id}`, { token: third.token }),
        404,
        GiftText.giftNotFound,
      )

      const acc = await receive(friend, record_id)
      ok(acc)
      assert.equal(acc.body.msg, GiftText.accepted)
      assert.equal(acc.body.data.record.state, 1)
      assert.ok(acc.body.data.record.settledAt > 0)
      assert.equal(cardData(acc.body.data.message).extension, 1)
      assert.equal(await collectedBy(friend, 'doc', myDoc), true)
      for (const ws of [giverWs, friendWs]) {
        assert.equal(cardData(await ws.waitFor('modified', message.ID)).extension, 1)
      }
      fails(await refuse(friend, record_id), 400, GiftText.settled)
      fails(await receive(friend, record_id), 400, GiftText.settled)

      // After a reload: history (HTTP) and sync (the gateway) show the accepted card.
      const h = await s.get(`${restPath(chatApi.getMessageList)}?conversationID=C2C${friend.id}`, {
        token: giver.token,
      })
      ok(h)
      const card = h.body.data.messageList.find((m: { ID: string }) => m.ID === message.ID)
      assert.equal(cardData(card).extension, 1)
      const fresh = new ChatClient({
        url: `${s.base.replace(/^http/, 'ws')}/api/chat/ws`,
        token: friend.token,
        reconnect: false,
      })
      const seen: { ID: string; payload: Record<string, unknown> }[] = []
      const sync = new ChatClient({
        url: `${s.base.replace(/^http/, 'ws')}/api/chat/ws`,
        token: friend.token,
        reconnect: false,
        onMessage: (m) => seen.push(m),
      })
      sync.track(`C2C${giver.id}`, 0)
      await sync.connect()
      const synced = seen.find((m) => m.ID === message.ID)
      assert.ok(synced, 'card in sync')
      assert.equal(cardData(synced).extension, 1)
      sync.close()
      fresh.close()
    } finally {
      giverWs.close()
      friendWs.close()
    }
  })

  test('magazine and newspaper gifts: refuse leaves nothing; accept collects; two settles at once: one wins', async () => {
    const mag = await send(giver, {
      docs_type: 'mag',
      doc_id: magazine,
      receive_user_id: friend.id,
    })
    ok(mag)
    const magId = mag.body.data.record_id
    assert.equal(cardData(mag.body.data.message).docs_type, 'mag')
    assert.equal(cardData(mag.body.data.message).text, '')
    const ref = await refuse(friend, magId)
    ok(ref)
    assert.equal(ref.body.msg, GiftText.refused)
    assert.equal(ref.body.data.record.state, 2)
    assert.equal(cardData(ref.body.data.message).extension, 2)
    assert.equal(await collectedBy(friend, 'maga', magazine), false)

    const paper = await send(giver, {
      docs_type: 'newspaper',
      doc_id: newspaper,
      receive_user_id: friend.id,
    })
    ok(paper)
    const paperId = paper.body.data.record_id
    const replies = await Promise.all([receive(friend, paperId), refuse(friend, paperId)])
    const won = replies.filter((x) => x.body.ret === 200)
    assert.equal(won.length, 1, JSON.stringify(replies.map((x) => x.body)))
    fails(
      replies.find((x) => x.body.ret !== 200)!,
      400,
      GiftText.settled,
    )
    const [row] = await s.db.select().from(docGifts).where(eq(docGifts.id, paperId))
    assert.equal(await collectedBy(friend, 'paper', newspaper), row.state === 1)
    const refused = await s.get(`${q('docGiftList')}&type=received&state=2`, {
      token: friend.token,
    })
    assert.ok(refused.body.data.list.some((g: { record_id: number }) => g.record_id === magId))
  })

  test('refused: not mine, not public, unknown, not a friend, blocked, long text', async () => {
    const body = (extra: Record<string, unknown>) => ({
      docs_type: 'doc',
      doc_id: publicDoc,
      receive_user_id: friend.id,
      ...extra,
    })
    fails(await send(friend, body({ receive_user_id: giver.id })), 400, GiftText.itemNotYours)
    fails(await send(giver, body({ doc_id: privateDoc })), 404, GiftText.itemNotFound)
    fails(await send(giver, body({ doc_id: 99999999 })), 404, GiftText.itemNotFound)
    fails(
      await send(giver, body({ docs_type: 'mag', doc_id: 99999999 })),
      404,
      GiftText.itemNotFound,
    )
    fails(
      await send(friend, body({ docs_type: 'mag', doc_id: magazine, receive_user_id: giver.id })),
      400,
      GiftText.itemNotYours,
    )
    fails(await send(giver, body({ receive_user_id: stranger.id })), 400, GiftText.notFriend)
    await block(s, friend, giver)
    fails(await send(giver, body({})), 403, GiftText.blockedByThem)
    await unblock(s, friend)
    fails(await send(giver, body({ text: '字'.repeat(51) })), 400, GiftText.textTooLong)
    fails(await send(giver, body({ docs_type: 'book' })), 400, GiftText.docsTypeInvalid)
    const none = await s.db.select().from(docGifts).where(eq(docGifts.receiverId, stranger.id))
    assert.equal(none.length, 0)
  })

  test('a client cannot send a gift card itself over the gateway', async () => {
    const c = new ChatClient({
      url: `${s.base.replace(/^http/, 'ws')}/api/chat/ws`,
      token: giver.token,
      reconnect: false,
    })
    await c.connect()
    try {
      const forged = (data: Record<string, unknown>, description = '') => ({
        ID: ChatClient.messageId(String(giver.id)),
        conversationID: `C2C${friend.id}`,
        type: 'TIMCustomElem' as const,
        payload: { data: JSON.stringify(data), description, extension: '' },
      })
      for (const message of [
        forged({ businessID: 'giveBook', giftBooksLogId: '1', bookInfo: [], extension: 1 }),
        forged({ businessID: 'sendDoc', doc: true, giftDocId: 1, extension: 1 }),
        forged({ text: 'x' }, 'giveBook'),
      ]) {
        await assert.rejects(c.send(message), (err: unknown) => {
          assert.ok(err instanceof FrameError)
          assert.equal(err.message, GiftText.forgedCard)
          return true
        })
      }
      // Other custom messages still go.
      const fine = await c.send(forged({ businessID: 'text_link', text: 'hi' }))
      assert.equal(fine.type, 'TIMCustomElem')
    } finally {
      c.close()
    }
  })

  test('after a block either way: accepting refused, the gift still waits; refusing still works', async () => {
    for (const [blocker, blocked] of [
      [friend, giver],
      [giver, friend],
    ]) {
      const res = await send(giver, {
        docs_type: 'doc',
        doc_id: publicDoc,
        receive_user_id: friend.id,
      })
      ok(res)
      const id = res.body.data.record_id
      await block(s, blocker, blocked)
      try {
        fails(await receive(friend, id), 403, GiftText.acceptBlocked)
        const [row] = await s.db.select().from(docGifts).where(eq(docGifts.id, id))
        assert.equal(row.state, 0)
        ok(await refuse(friend, id))
      } finally {
        await unblock(s, blocker)
      }
    }
  })

  test('a document taken down after it was given: accepting refused (404), nothing collected; refusing works', async () => {
    await s.db
      .delete(itemCollections)
      .where(
        and(
          eq(itemCollections.userId, friend.id),
          eq(itemCollections.kind, 'doc'),
          eq(itemCollections.itemId, myDoc),
        ),
      )
    const res = await send(giver, { docs_type: 'doc', doc_id: myDoc, receive_user_id: friend.id })
    ok(res)
    const id = res.body.data.record_id
    await s.db.update(documents).set({ contributed: false }).where(eq(documents.id, myDoc))
    try {
      fails(await receive(friend, id), 404, GiftText.itemGone)
      assert.equal(await collectedBy(friend, 'doc', myDoc), false)
      const [row] = await s.db.select().from(docGifts).where(eq(docGifts.id, id))
      assert.equal(row.state, 0)
      ok(await refuse(friend, id))
    } finally {
      await s.db.update(documents).set({ contributed: true }).where(eq(documents.id, myDoc))
    }
  })
})
