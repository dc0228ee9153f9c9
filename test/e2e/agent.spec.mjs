// The agent programme (吧主, issue 18) with three people in Chromium against a fresh server whose
// refund window is seconds (scripts/e2e.mjs sets REFUND_WINDOW_SECONDS=30), plus the demo operator
// over HTTP. A (real name verified over HTTP) opens 吧主中心 from the mine tab, applies and sees
// 审核中; the operator approves and allocates coupons; A's entry now opens the agent home. A's
// poster link is opened by a guest, B, who registers in the app: B is A's member. B buys 《论语》
// through the local pay double. A sees B among the members, the order with its pending commission
// (¥2.99 at 10%), and after the refund window the balance; A sets a withdrawal card and withdraws
// ¥1.50; the operator marks it paid and A sees 已到账. A gives B a coupon (¥5 off from ¥20); B picks
// it on the product page and pays ¥24.90; A's 发券记录 shows it used. Screenshots go to
// test-results/screenshots.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, baseUrl, readSms, screenshot } from './support.mjs'
import {
  byTestId,
  confirmModal,
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
const OPERATOR = { phone: '13800000009', password: 'demo1234' }
const BOOK = { id: 1, name: '《论语》典藏赠书', priceFen: 2990 }
const REAL_NAME = '林书友'
const CARD = '6212 2640 0001 2345 670'

/** One call over HTTP: query names (User.* / App.*) or REST paths; the envelope's data. */
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
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(get ? {} : { 'content-type': 'application/json' }),
    },
    ...(!get && body ? { body: JSON.stringify(body) } : {}),
  })
  const json = await res.json()
  const code = json.code ?? json.ret
  if (code !== 200) throw new Error(`${pathOrName}: ${json.msg}`)
  return json.data
}

async function loginOverHttp({ phone, password }) {
  const data = await api('', 'POST', '/api/login/phone', { phone, password })
  return data.access_token
}

/** An 18-character ID number with a right check character (GB 11643). */
function idNumber() {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const first17 = `11010519900307${String(Date.now()).slice(-3)}`
  const sum = [...first17].reduce((acc, d, i) => acc + Number(d) * weights[i], 0)
  return first17 + '10X98765432'[sum % 11]
}

const appToken = (page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('access_token')).data)

/** Registers in the app (SMS code from the local stand-in) on the page showing the login. */
async function registerInApp(page, mobile) {
  await text(page, '注册账号').click()
  await onPage(page, '注册后即可同步书架、发表读后感、结交书友')
  await input(page, 'mobile').fill(mobile)
  await byTestId(page, 'sms-send').click()
  await text(page, /秒后重发/).waitFor()
  const [sms] = await readSms(mobile)
  await input(page, 'code').fill(sms.code)
  await input(page, 'password').fill(PASSWORD)
  await input(page, 'confirm').fill(PASSWORD)
  await byTestId(page, 'agreement').click()
  await text(page, '注册并登录').click()
}

/** Buys the book on its product page through the local pay double (模拟支付). */
async function buyBook(page) {
  await byTestId(page, 'product-buy').click()
  await confirmModal(page, '确认支付')
  await toast(page, '支付成功').waitFor({ timeout: 20_000 })
  await page.waitForURL((url) => url.pathname.includes('/pagesA/mine/myOrder'))
}

test('apply, approval, a member through the poster, commission, withdrawal, a coupon used', async () => {
  const operator = await loginOverHttp(OPERATOR)
  const aMobile = freshMobile('137')
  const aLogin = await registerOverHttp(aMobile, PASSWORD)
  await api(aLogin.access_token, 'POST', 'User.User.IdcardAuth', {
    real_name: REAL_NAME,
    id_card: idNumber(),
  })
  const a = await launchBrowser()
  const b = await launchBrowser()
  try {
    // ---- A applies from the mine tab
    const pa = a.page
    await signIn(pa, aMobile, PASSWORD)
    await tab(pa, '我的')
    await text(pa, '吧主中心', { exact: true }).click()
    await onPage(pa, '申请成为吧主')
    await input(pa, 'realName').fill(REAL_NAME)
    await input(pa, 'phone').fill(aMobile)
    await input(pa, 'region').fill('浙江省杭州市')
    await input(pa, 'reason').fill('想在小区里组织读书会，带邻居们一起读经典')
    await byTestId(pa, 'apply-agree').click()
    await screenshot(pa, 'agent-01-apply')
    await byTestId(pa, 'apply-submit').click()
    await byTestId(pa, 'apply-state').filter({ hasText: '审核中' }).waitFor()
    await screenshot(pa, 'agent-02-pending')

    // ---- the operator approves it and allocates two coupons
    const [application] = (
      await api(operator, 'GET', 'User.Mer_Admin.ApplyList', { state: 'pending' })
    ).list.filter((x) => x.user.userId === aLogin.user.user_id)
    assert.ok(application, 'the application is pending for the operator')
    await api(operator, 'POST', 'User.Mer_Admin.Review', { id: application.id, approve: 1 })
    await api(operator, 'POST', 'User.Mer_Admin.AllocateCoupons', {
      userId: aLogin.user.user_id,
      count: 2,
      valueFen: 500,
      minOrderFen: 2000,
      expiresAt: Math.floor(Date.now() / 1000) + 7 * 86_400,
    })

    // The entry now opens the agent home.
    await pa.goto(`${baseUrl}/pages/mine/index`)
    await text(pa, '吧主中心', { exact: true }).click()
    await onPage(pa, '可提现余额')
    await byTestId(pa, 'agent-members').filter({ hasText: '0' }).waitFor()
    await screenshot(pa, 'agent-03-home')

    // ---- the poster, and its link opened by a guest who registers
    await byTestId(pa, 'entry-poster').click()
    const poster = byTestId(pa, 'poster-image')
    await poster.waitFor()
    await pa.waitForFunction(
      () => document.querySelector('[data-testid="poster-image"] img')?.naturalWidth > 0,
    )
    await screenshot(pa, 'agent-04-poster')
    const { link } = await api(aLogin.access_token, 'GET', 'User.Mer_User.GetPoster')
    assert.equal(link, `${baseUrl}/pages/index/index?spid=${aLogin.user.user_id}`)

    const pb = b.page
    const bMobile = freshMobile('135')
    await pb.goto(link)
    await text(pb, '推荐好书').waitFor()
    await tab(pb, '我的')
    await text(pb, '点击登录').click()
    await onPage(pb, '欢迎回来')
    await registerInApp(pb, bMobile)
    await onPage(pb, '账号与安全')
    const bToken = await appToken(pb)
    const bId = (await api(bToken, 'GET', 'User.User.GetMyProfile')).user_id
    await pb.waitForFunction(() => !localStorage.getItem('spid'))
    const spread = await api(bToken, 'GET', 'User.User.GetSpreadUserInfo')
    assert.equal(spread.referrer?.userId, aLogin.user.user_id, 'B is bound to A')
    assert.equal(spread.referrer?.isAgent, true)

    // ---- B buys the book
    await pb.goto(`${baseUrl}/pagesA/shop/shop?id=${BOOK.id}`)
    await onPage(pb, '商品介绍')
    await buyBook(pb)
    const paidAt = Date.now()

    // ---- A sees the member, the order and the pending commission
    await pa.goto(`${baseUrl}/pagesB/proxy/member`)
    await byTestId(pa, `member-${bId}`).waitFor()
    await screenshot(pa, 'agent-05-members')
    await pa.goto(`${baseUrl}/pagesB/proxy/order`)
    const [line] = (await api(aLogin.access_token, 'GET', 'User.Mer_Order.Lst')).list
    assert.equal(line.amountFen, BOOK.priceFen)
    assert.equal(line.commissionFen, 299)
    assert.equal(line.commissionState, 'pending')
    await byTestId(pa, `agent-order-${line.orderId}`).filter({ hasText: '待结算' }).waitFor()
    await byTestId(pa, `agent-order-${line.orderId}`).filter({ hasText: '¥2.99' }).waitFor()
    await screenshot(pa, 'agent-06-orders-pending')
    await pa.goto(`${baseUrl}/pagesB/proxy/index`)
    await byTestId(pa, 'agent-pending').filter({ hasText: '¥2.99' }).waitFor()
    await byTestId(pa, 'agent-balance').filter({ hasText: '¥0.00' }).waitFor()

    // ---- after the refund window the commission is in the balance
    const wait = paidAt + 31_000 - Date.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    await pa.reload()
    await byTestId(pa, 'agent-balance').filter({ hasText: '¥2.99' }).waitFor()
    await screenshot(pa, 'agent-07-settled')

    // ---- a card, then a withdrawal of ¥1.50
    await pa.goto(`${baseUrl}/pagesB/proxy/set`)
    await input(pa, 'holder').fill(REAL_NAME)
    await input(pa, 'bank').fill('招商银行')
    await input(pa, 'cardNo').fill(CARD)
    await byTestId(pa, 'card-save').click()
    await toast(pa, '已保存').waitFor()
    await byTestId(pa, 'card-current').filter({ hasText: '**** **** 5670' }).waitFor()
    await screenshot(pa, 'agent-08-card')

    await pa.goto(`${baseUrl}/pagesB/proxy/money`)
    await input(pa, 'amount').fill('3.5')
    await byTestId(pa, 'withdraw-submit').click()
    await text(pa, '提现金额超过可提现余额').waitFor()
    await input(pa, 'amount').fill('1.50')
    await byTestId(pa, 'withdraw-submit').click()
    await toast(pa, '提现申请已提交').waitFor()
    await byTestId(pa, 'money-balance').filter({ hasText: '¥1.49' }).waitFor()
    await byTestId(pa, 'money-tab-withdrawals').click()
    const [withdrawal] = (await api(aLogin.access_token, 'GET', 'User.Mer_UserWithdraw.Lst')).list
    assert.equal(withdrawal.amountFen, 150)
    await byTestId(pa, `withdrawal-${withdrawal.id}`).filter({ hasText: '处理中' }).waitFor()
    await screenshot(pa, 'agent-09-withdrawal-pending')

    // ---- the operator pays it through the bank and records it
    const [queued] = (
      await api(operator, 'GET', 'User.Mer_Admin.WithdrawList', { state: 'pending' })
    ).list.filter((x) => x.id === withdrawal.id)
    assert.equal(queued.fullCardNo, CARD.replace(/ /g, ''))
    await api(operator, 'POST', 'User.Mer_Admin.SettleWithdraw', {
      id: withdrawal.id,
      state: 'paid',
      note: '招行流水 20261124001',
    })
    await pa.reload()
    await byTestId(pa, 'money-tab-withdrawals').click()
    await byTestId(pa, `withdrawal-${withdrawal.id}`).filter({ hasText: '已到账' }).waitFor()
    await screenshot(pa, 'agent-10-withdrawal-paid')

    // ---- A gives B a coupon; B uses it on the book
    await pa.goto(`${baseUrl}/pagesB/proxy/coupon`)
    const [coupon] = (await api(aLogin.access_token, 'GET', 'User.Mer_Coupon.Lst')).list
    await byTestId(pa, `coupon-give-${coupon.id}`).click()
    await byTestId(pa, `pick-member-${bId}`).click()
    await toast(pa, '已发放').waitFor()
    await screenshot(pa, 'agent-11-coupon-given')

    await pb.goto(`${baseUrl}/pagesA/shop/shop?id=${BOOK.id}`)
    await onPage(pb, '商品介绍')
    await byTestId(pb, 'coupon-picker').click()
    await byTestId(pb, `coupon-option-${coupon.id}`).click()
    await byTestId(pb, 'product-pay-amount').filter({ hasText: '¥24.90' }).waitFor()
    await screenshot(pb, 'agent-12-coupon-picked')
    await buyBook(pb)
    const [order] = (await api(bToken, 'GET', 'User.Mall_Order.OrderList', { state: 'paid' })).list
    assert.equal(order.amountFen, 2490)
    assert.equal(order.discountFen, 500)
    assert.equal(order.couponId, coupon.id)

    await pa.goto(`${baseUrl}/pagesB/proxy/couponLog`)
    await byTestId(pa, `coupon-record-${coupon.id}`).filter({ hasText: '已使用' }).waitFor()
    await screenshot(pa, 'agent-13-coupon-used')
    // The second order's commission is on the discounted amount.
    const orders = (await api(aLogin.access_token, 'GET', 'User.Mer_Order.Lst')).list
    assert.equal(orders.find((x) => x.orderId === order.id)?.commissionFen, 249)
  } finally {
    await a.browser.close()
    await b.browser.close()
  }
})
