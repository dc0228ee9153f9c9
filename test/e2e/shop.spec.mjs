// Shop, orders and redemption, in Chromium against a fresh server (payment through the server's
// local WeChat Pay double: the 模拟支付 confirm posts /dev/pay/confirm, which sends our server the
// signed, encrypted notification WeChat Pay would). A reader opens 商城 from the mine tab, buys a
// book, and once the notification has made the order paid sees it under 已付款 in 我的订单; the
// order gave them a copy of the book. In 兑换中心 a wrong code is refused, a demo code
// (server/seed/shop.ts) gives a book, and the same code again is refused as used.
// Screenshots go to test-results/screenshots.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, baseUrl, screenshot } from './support.mjs'
import {
  byTestId,
  confirmModal,
  current,
  freshMobile,
  input,
  onPage,
  registerOverHttp,
  signIn,
  tab,
  text,
  toastText as toast,
} from './taro.mjs'

const PASSWORD = 'reader2026'
const BOOK = { id: 1, name: '《论语》典藏赠书', price: '¥29.90' }
const CODE = 'demo-book 0001'

/** A query-style GET of the app's API with `token`: its `data`. */
async function api(name, query, token) {
  const qs = new URLSearchParams({ s: name, ...query })
  const base = name.startsWith('User.') ? 'user.php' : 'index.php'
  const res = await fetch(`${baseUrl}/${base}?${qs}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).then((r) => r.json())
  assert.equal(res.ret, 200, `${name}: ${res.msg}`)
  return res.data
}

const appToken = (page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('access_token')).data)

test('a reader buys a book through the local pay double and sees the paid order', async () => {
  const phone = freshMobile('138')
  await registerOverHttp(phone, PASSWORD)
  const { browser, page } = await launchBrowser()
  try {
    await signIn(page, phone, PASSWORD)
    const token = await appToken(page)
    // Other specs on this lane's server may buy it too: counts are compared with these.
    const { stock, sales } = await api('User.Mall.GetMallProductInfo', { id: BOOK.id })

    await tab(page, '我的')
    await onPage(page, '我的订单')
    await text(page, '商城', { exact: true }).click()
    await onPage(page, '热门推荐')
    await text(page, BOOK.name).first().waitFor()
    await screenshot(page, 'shop-01-front')

    await current(page).locator(`[data-testid="product-${BOOK.id}"]`).first().click()
    await onPage(page, '商品介绍')
    await byTestId(page, 'product-price').filter({ hasText: BOOK.price }).waitFor()
    // The seeded clips about the book show under it (相关视频).
    await byTestId(page, 'book-videos').filter({ hasText: '相关视频' }).waitFor()
    await screenshot(page, 'shop-02-product')

    await byTestId(page, 'product-buy').click()
    await confirmModal(page, '确认支付')
    await toast(page, '支付成功').waitFor({ timeout: 20_000 })
    await page.waitForURL((url) => url.pathname.includes('/pagesA/mine/myOrder'))
    await onPage(page, BOOK.name)
    const [order] = (await api('User.Mall_Order.OrderList', { state: 'paid' }, token)).list
    assert.equal(order.name, BOOK.name)
    assert.equal(order.amountFen, 2990)
    assert.ok(order.transactionId, 'paid by the notification')
    await current(page)
      .locator(`[data-testid="order-state-${order.id}"]`, { hasText: '已付款' })
      .waitFor()
    assert.match(
      await byTestId(page, 'order-tab-paid').getAttribute('class'),
      /--on/,
      '我的订单 opens on 已付款',
    )
    // The toast gone and the page slid in.
    await toast(page, '支付成功').waitFor({ state: 'hidden' })
    await page.waitForFunction(() => {
      const shown = [...document.querySelectorAll('.taro_page')].filter(
        (el) => getComputedStyle(el).display !== 'none',
      )
      return shown.length === 1 && shown[0].getBoundingClientRect().left === 0
    })
    await screenshot(page, 'shop-03-paid-order')

    const copies = await api('User.Mall_Order.BooksOrderList', {}, token)
    assert.equal(copies.total, 1)
    const after = await api('User.Mall.GetMallProductInfo', { id: BOOK.id })
    assert.equal(after.stock, stock - 1)
    assert.equal(after.sales, sales + 1)

    // 全部 lists it too.
    await byTestId(page, 'order-tab-all').click()
    await byTestId(page, `order-${order.id}`).waitFor()
  } finally {
    await browser.close()
  }
})

test('a reader redeems a code in 兑换中心; wrong and used codes are refused', async () => {
  const phone = freshMobile('133')
  await registerOverHttp(phone, PASSWORD)
  const { browser, page } = await launchBrowser()
  try {
    await signIn(page, phone, PASSWORD)
    const token = await appToken(page)
    await page.goto(`${baseUrl}/pagesA/mine/conversion`)
    await onPage(page, '还没有兑换记录')

    // Checked here first, then a well-formed unknown code refused by the server.
    await input(page, 'code').fill('abc')
    await byTestId(page, 'redeem-submit').click()
    await text(page, '兑换码为12位字母或数字').waitFor()
    await input(page, 'code').fill('ZZZZ-ZZZZ-ZZZZ')
    await byTestId(page, 'redeem-submit').click()
    await toast(page, '兑换码不存在').waitFor()

    await input(page, 'code').fill(CODE)
    await byTestId(page, 'redeem-submit').click()
    await text(page, '兑换成功：获得《论语》一本').waitFor()
    await text(page, /DEMO-BOOK-0001/).waitFor()
    await screenshot(page, 'shop-04-redeemed')
    const redemptions = await api('User.Redeem.RedeemList', {}, token)
    assert.equal(redemptions.total, 1)
    assert.equal(redemptions.list[0].kind, 'book')
    const copies = await api('User.Mall_Order.BooksOrderList', {}, token)
    assert.equal(copies.total, 1)
    assert.equal(copies.list[0].source, 'redeem')

    await input(page, 'code').fill(CODE)
    await byTestId(page, 'redeem-submit').click()
    await toast(page, '兑换码已被使用').waitFor()
    await screenshot(page, 'shop-05-used')
  } finally {
    await browser.close()
  }
})
