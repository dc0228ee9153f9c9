// Gifts in chat (issue 17) with two readers in Chromium against a fresh server. A and B are made
// friends over HTTP; A buys 论语 through the local pay double (over HTTP: createOrder, then
// POST /dev/pay/confirm) and collects a house document. A opens B's page, 赠书, picks the copy,
// writes words and sends: the chat with B opens with the card (等待对方接收). B, in the chat with A,
// sees the card arrive live and accepts it: 已接受 on B's side, and 论语 is on B's bookcase, where B
// opens it. A's card says 已接受 after a reload. A then gives B the document from the chat's tools
// (礼物 → 赠送文档); B refuses after the confirmation (拒绝后不可恢复) and A sees 已拒绝.
// Screenshots go to test-results/screenshots.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, baseUrl, screenshot } from './support.mjs'
import {
  byTestId,
  confirmModal,
  current,
  freshMobile,
  onPage,
  registerOverHttp,
  signIn,
  text,
} from './taro.mjs'

const PASSWORD = 'reader2026'
/** The seeded shop's book product (server/seed/shop.ts) and its book. */
const PRODUCT = { id: 1, book: '论语' }
/** A house document (server/seed): public, collectable. */
const DOC_ID = 1

/** One call as a reader: REST paths or query names (User.* / App.*), the envelope's data. */
async function api(token, method, pathOrName, body) {
  const query = !pathOrName.startsWith('/')
  const url = query
    ? `${baseUrl}/${pathOrName.startsWith('User.') ? 'user.php' : 'index.php'}?s=${pathOrName}`
    : `${baseUrl}${pathOrName}`
  const get = method === 'GET'
  const qs = get && body ? `${query ? '&' : '?'}${new URLSearchParams(body)}` : ''
  const res = await fetch(url + qs, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(get ? {} : { 'content-type': 'application/json' }),
    },
    ...(!get && body ? { body: JSON.stringify(body) } : {}),
  })
  const json = await res.json()
  const code = json.code ?? json.ret
  if (code !== 200) throw new Error(`${pathOrName}: ${json.msg}`)
  return json.data
}

async function reader(prefix) {
  const mobile = freshMobile(prefix)
  const login = await registerOverHttp(mobile, PASSWORD)
  return { mobile, user: login.user, token: login.access_token }
}

/** Makes two readers friends over HTTP (friends-groups.spec.mjs drives it in the UI). */
async function befriend(x, y) {
  const { code } = await api(y.token, 'GET', '/api/bookCompanion/findMyFriendCode')
  await api(x.token, 'POST', '/api/bookCompanion/createMineFriends', { code })
  const { list } = await api(y.token, 'GET', '/api/bookCompanion/findFriendRequestList')
  await api(y.token, 'POST', '/api/bookCompanion/handleFriendRequest', {
    id: list[0].id,
    accept: 1,
  })
}

/** Buys the book product through the local pay double: A owns a copy once the order is paid. */
async function buyBook(x) {
  const pay = await api(x.token, 'POST', 'User.Mall_Order.CreateOrder', {
    productId: PRODUCT.id,
  })
  assert.equal(pay.payMode, 'local')
  await api(x.token, 'POST', '/dev/pay/confirm', { prepayId: pay.prepayId })
  for (let i = 0; i < 50; i++) {
    const copies = await api(x.token, 'GET', 'User.Mall_Order.BooksOrderList', {})
    if (copies.total > 0) return copies.list[0]
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('the paid order gave no copy')
}

async function openChat(page, peerId) {
  await page.goto(`${baseUrl}/TUIKit/components/TUIChat/index?conversationID=C2C${peerId}`)
  await byTestId(page, 'chat-page').waitFor()
}

const giftCard = (page, kind) =>
  current(page).locator(`[data-testid="msg-gift"][data-kind="${kind}"]`).last()

const sheetItem = (page, label) =>
  page.locator('.taro-actionsheet__cell, .weui-actionsheet__cell').getByText(label, { exact: true })

test('A gives B a book and a document in chat; B accepts one and refuses the other', async () => {
  const a = await reader('136')
  const b = await reader('137')
  await befriend(a, b)
  const copy = await buyBook(a)
  await api(a.token, 'POST', 'User.DocsCollection.Collect', { id: DOC_ID, collect: 1 })

  const A = await launchBrowser()
  const B = await launchBrowser()
  try {
    await signIn(A.page, a.mobile, PASSWORD)
    await signIn(B.page, b.mobile, PASSWORD)
    // B waits in the chat with A: the card comes live.
    await openChat(B.page, a.user.user_id)

    // A: B's page → 赠书 → the copy, words, 赠送.
    await A.page.goto(`${baseUrl}/pagesA/friend/friendDetail?type=chat&id=${b.user.user_id}`)
    await byTestId(A.page, 'gift-entries').waitFor()
    await text(A.page, '赠书', { exact: true }).click()
    await onPage(A.page, '选择要赠送的书')
    await byTestId(A.page, 'gift-friend').getByText(b.user.nickname).waitFor()
    await byTestId(A.page, `gift-item-${copy.booksOrderId}`).click()
    await current(A.page).locator('[data-testid="gift-words"] textarea').fill('这本论语送给你')
    await screenshot(A.page, 'gift-01-a-select-book')
    await byTestId(A.page, 'gift-send').click()

    // The chat with B opens with the card, waiting.
    await A.page.waitForURL((url) => url.pathname.includes('/TUIKit/components/TUIChat/index'))
    await byTestId(A.page, 'chat-page').waitFor()
    const aBook = giftCard(A.page, 'book')
    await aBook.getByText('等待对方接收').waitFor()
    await aBook.getByText('这本论语送给你').waitFor()
    await screenshot(A.page, 'gift-02-a-card-waiting')

    // B sees it live, with 接受 / 拒绝, and accepts.
    const bBook = giftCard(B.page, 'book')
    await bBook
      .locator('[data-testid="gift-name"]')
      .getByText(PRODUCT.book, { exact: true })
      .waitFor({ timeout: 15_000 })
    await screenshot(B.page, 'gift-03-b-card-live')
    await bBook.locator('[data-testid="gift-accept"]').click()
    await bBook.locator('[data-testid="gift-status"]').getByText('已接受').waitFor()
    await screenshot(B.page, 'gift-04-b-accepted')

    // The copy is B's now; 论语 is on B's bookcase, and opens.
    const bCopies = await api(b.token, 'GET', 'User.Mall_Order.BooksOrderList', {})
    assert.equal(bCopies.total, 1)
    await B.page.goto(`${baseUrl}/pagesA/book/case`)
    const shelf = current(B.page).locator('[data-testid^="case-item-"]').filter({
      hasText: PRODUCT.book,
    })
    await shelf.first().waitFor()
    await screenshot(B.page, 'gift-05-b-bookcase')
    await shelf.first().click()
    await onPage(B.page, '学而')
    await screenshot(B.page, 'gift-06-b-reads')

    // A: the card is accepted after a reload (the push came too; the stored card says so).
    await A.page.reload()
    await byTestId(A.page, 'chat-page').waitFor()
    await giftCard(A.page, 'book')
      .locator('[data-testid="gift-status"]')
      .getByText('已接受')
      .waitFor()
    await screenshot(A.page, 'gift-07-a-sees-accepted')

    // A gives the document from the chat's tools: 礼物 → 赠送文档.
    await openChat(B.page, a.user.user_id)
    await byTestId(A.page, 'tools-toggle').click()
    await byTestId(A.page, 'tool-gift').click()
    await sheetItem(A.page, '赠送文档').click()
    await onPage(A.page, '选择要赠送的文档')
    await byTestId(A.page, `gift-item-${DOC_ID}`).click()
    await byTestId(A.page, 'gift-send').click()
    // Back in the same chat, the document card waits.
    await byTestId(A.page, 'chat-page').waitFor()
    await giftCard(A.page, 'doc').getByText('等待对方接收').waitFor()
    await screenshot(A.page, 'gift-08-a-doc-waiting')

    // B refuses: the confirmation first, then 已拒绝 on both sides.
    const bDoc = giftCard(B.page, 'doc')
    await bDoc.locator('[data-testid="gift-refuse"]').waitFor({ timeout: 15_000 })
    await bDoc.locator('[data-testid="gift-refuse"]').click()
    await B.page.locator('.taro-modal__content:visible').getByText('拒绝后不可恢复').waitFor()
    await screenshot(B.page, 'gift-09-b-refuse-confirm')
    await confirmModal(B.page, '拒绝')
    await bDoc.locator('[data-testid="gift-status"]').getByText('已拒绝').waitFor()
    await screenshot(B.page, 'gift-10-b-refused')
    await giftCard(A.page, 'doc')
      .locator('[data-testid="gift-status"]')
      .getByText('已拒绝')
      .waitFor({ timeout: 15_000 })
    await screenshot(A.page, 'gift-11-a-sees-refused')

    // 我的赠送: A's sent book gift is accepted.
    await A.page.goto(`${baseUrl}/pagesA/mine/giveBook?type=sent`)
    await current(A.page)
      .locator('[data-testid="gift-record"]')
      .filter({ hasText: '已接受' })
      .waitFor()
    await screenshot(A.page, 'gift-12-a-records')
  } finally {
    await A.browser.close()
    await B.browser.close()
  }
})
