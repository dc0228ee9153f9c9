// WeChat login on H5 inside WeChat's browser: WeChat's web authorisation (its page is out of reach
// here, so the browser route answers for it with the redirect WeChat would make), the server's real
// WeChat client against the local double, a first login completed with an SMS-verified number, and
// a second login that goes straight in.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, baseUrl, screenshot, readSms } from './support.mjs'
import { byTestId, confirmModal, freshMobile, input, onPage, text } from './taro.mjs'

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.50.2701 NetType/WIFI Language/zh_CN'

/** Stands in for WeChat's authorisation page: it sends the person back with a code. */
async function answerWeChatAuthorisation(context, code) {
  const asked = []
  await context.route('https://open.weixin.qq.com/**', async (route) => {
    const url = new URL(route.request().url())
    asked.push(url)
    const back = new URL(url.searchParams.get('redirect_uri'))
    back.searchParams.set('code', code)
    back.searchParams.set('state', url.searchParams.get('state'))
    await route.fulfill({ status: 302, headers: { location: back.toString() } })
  })
  return asked
}

test("a reader logs in with WeChat in WeChat's browser, binds a number, and later goes straight in", async () => {
  const { browser, context, page } = await launchBrowser({ userAgent: WECHAT_UA })
  const mobile = freshMobile('135')
  const code = `e2e${Date.now()}`
  try {
    const asked = await answerWeChatAuthorisation(context, code)
    await page.goto(baseUrl + '/pages/public/login')
    await onPage(page, '欢迎回来')
    await text(page, '微信登录', { exact: true }).click()
    await onPage(page, '微信一键登录')
    await byTestId(page, 'agreement').click()
    await text(page, '微信一键登录').click()

    // back from WeChat: a new WeChat identity is completed with a number and an SMS code
    await text(page, '首次使用微信登录，请绑定手机号').waitFor()
    assert.equal(asked.length, 1)
    assert.equal(asked[0].searchParams.get('scope'), 'snsapi_base')
    assert.equal(asked[0].searchParams.get('appid'), 'wxe2e0000000000001')
    assert.equal(new URL(page.url()).search, '', 'the used code is taken off the address')
    await input(page, 'phone').fill(mobile)
    await byTestId(page, 'sms-send').click()
    await text(page, /秒后重发/).waitFor()
    const [sms] = await readSms(mobile)
    assert.equal(sms.scene, 'bind')
    await input(page, 'code').fill(sms.code)
    await screenshot(page, 'wechat-01-bind-phone')
    await text(page, '绑定手机号并登录').click()
    await onPage(page, '账号与安全')
    assert.equal(await byTestId(page, 'mine-nickname').textContent(), `书友${mobile.slice(-4)}`)
    await text(page, '账号与安全').click()
    await onPage(page, '注销账号')
    await text(page, '已绑定').waitFor()
    await screenshot(page, 'wechat-02-bound')

    // log out, then WeChat login again: the bound identity goes straight in
    await page.goBack()
    await onPage(page, '账号与安全')
    await text(page, '设置', { exact: true }).click()
    await onPage(page, '当前版本')
    await text(page, '退出登录').click()
    await confirmModal(page)
    await onPage(page, '点击登录')
    await page.goto(baseUrl + '/pages/public/loginByWx')
    await onPage(page, '微信一键登录')
    await byTestId(page, 'agreement').click()
    await text(page, '微信一键登录').click()
    await onPage(page, '账号与安全')
    assert.equal(await byTestId(page, 'mine-nickname').textContent(), `书友${mobile.slice(-4)}`)
    assert.equal(asked.length, 2)
    await screenshot(page, 'wechat-03-second-login')
  } catch (error) {
    await screenshot(page, 'wechat-failure').catch(() => undefined)
    throw error
  } finally {
    await browser.close()
  }
})

test('outside WeChat the login page offers no WeChat entry', async () => {
  const { browser, page } = await launchBrowser()
  try {
    await page.goto(baseUrl + '/pages/public/login')
    await onPage(page, '欢迎回来')
    assert.equal(await text(page, '微信登录', { exact: true }).count(), 0)
  } finally {
    await browser.close()
  }
})
