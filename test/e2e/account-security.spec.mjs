// The account-and-security screens of a signed-in reader, in Chromium against a real server:
// real-name verification, the QR code, changing the password, resetting a forgotten one with an
// SMS code, and deleting the account.
import { before, test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, baseUrl, screenshot, readSms } from './support.mjs'
import {
  byTestId,
  confirmModal,
  current,
  freshMobile,
  input,
  loginWithPassword,
  onPage,
  registerOverHttp,
  text,
  toastText,
} from './taro.mjs'

/** An ID number with a correct GB 11643 check character. */
function idNumber(first17) {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = [...first17].reduce((acc, d, i) => acc + Number(d) * weights[i], 0)
  return first17 + '10X98765432'[sum % 11]
}

// The SMS stand-in allows one code a minute per number, like the real limit: both readers sign up
// now, so the second one's deletion code can be sent by the time its test runs.
const first = { mobile: freshMobile('137') }
const second = { mobile: freshMobile('136') }

before(async () => {
  await registerOverHttp(first.mobile, 'first2026')
  first.registeredAt = Date.now()
  await registerOverHttp(second.mobile, 'second2026')
  second.registeredAt = Date.now()
})

const waitForNextCode = (page, reader) =>
  page.waitForTimeout(Math.max(0, reader.registeredAt + 61_000 - Date.now()))

test('real name, QR code, password change and reset', async () => {
  const { mobile } = first
  const { browser, page } = await launchBrowser()
  try {
    await page.goto(baseUrl + '/pages/public/login')
    await loginWithPassword(page, mobile, 'first2026')
    await onPage(page, '账号与安全')

    // real-name verification: a wrong check digit is refused on the device, a right one accepted
    await text(page, '实名认证').click()
    await onPage(page, '提交认证')
    await input(page, 'real_name').fill('李白')
    // an ID number may verify one account only: make one no earlier run has used
    const n = Date.now()
    const mm = String((n % 12) + 1).padStart(2, '0')
    const dd = String((Math.floor(n / 12) % 28) + 1).padStart(2, '0')
    const good = idNumber(`1101051990${mm}${dd}${String(n).slice(-3)}`)
    const bad = good.slice(0, 17) + (good[17] === '1' ? '2' : '1')
    await input(page, 'id_card').fill(bad)
    await text(page, '提交认证').click()
    await text(page, '请输入正确的身份证号').waitFor()
    await input(page, 'id_card').fill(good)
    await text(page, '提交认证').click()
    await text(page, '已完成实名认证').waitFor()
    await text(page, /认证姓名：李\*/).waitFor()
    await screenshot(page, 'security-01-verified')
    await page.goBack()
    await onPage(page, '账号与安全')
    await text(page, /已认证/).waitFor()

    // my QR code is drawn on the device
    await text(page, '我的二维码').click()
    await onPage(page, '扫一扫上面的二维码，加我为书友；长按可保存')
    const qr = byTestId(page, 'qr-image').locator('img')
    await qr.waitFor()
    assert.match((await qr.getAttribute('src')) ?? '', /^data:image\/gif;base64,/)
    const box = await qr.boundingBox()
    assert.ok(box && box.width > 150, 'the QR code is drawn at a scannable size')
    await screenshot(page, 'security-02-qr-code')
    await page.goBack()
    await onPage(page, '账号与安全')

    // change the password: the old one must be right
    await text(page, '账号与安全').click()
    await onPage(page, '注销账号')
    await text(page, '登录密码').click()
    await onPage(page, '确认修改')
    await input(page, 'old_password').fill('wrong2026')
    await input(page, 'password').fill('second2026')
    await input(page, 'confirm').fill('second2026')
    await text(page, '确认修改').click()
    await text(page, '原密码错误').waitFor()
    await input(page, 'old_password').fill('first2026')
    await text(page, '确认修改').click()
    await toastText(page, '密码已修改').waitFor()
    await onPage(page, '注销账号')

    // forgot it anyway: reset with an SMS code; every session ends, so log in again
    await text(page, '忘记密码').click()
    await onPage(page, '重置密码')
    await input(page, 'mobile').fill(mobile)
    // one code a minute per number: the sign-up code was sent moments ago
    await byTestId(page, 'sms-send').click()
    await toastText(page, /发送过于频繁，请\d+秒后再试/).waitFor()
    await waitForNextCode(page, first)
    await byTestId(page, 'sms-send').click()
    await text(page, /秒后重发/).waitFor()
    const [reset] = await readSms(mobile)
    assert.equal(reset.scene, 'reset')
    await input(page, 'code').fill(reset.code)
    await input(page, 'password').fill('third2026')
    await input(page, 'confirm').fill('third2026')
    await text(page, '重置密码').click()
    // the login returns to the account-and-security page the reset started from
    await loginWithPassword(page, mobile, 'third2026')
    await onPage(page, '注销账号')
    await screenshot(page, 'security-03-after-reset')

    // move the account to a new number: a code to that number and the login password
    const next = freshMobile('138')
    await text(page, '手机号', { exact: true }).click()
    await onPage(page, '确认更换')
    await input(page, 'phone').fill(next)
    await byTestId(page, 'sms-send').click()
    await text(page, /秒后重发/).waitFor()
    const [change] = await readSms(next)
    assert.equal(change.scene, 'change_phone')
    await input(page, 'code').fill(change.code)
    await text(page, '确认更换').click()
    await text(page, '请输入登录密码').waitFor()
    await input(page, 'password').fill('third2026')
    await text(page, '确认更换').click()
    await onPage(page, '注销账号')
    await text(page, `${next.slice(0, 3)}****${next.slice(-4)}`).waitFor()
    await screenshot(page, 'security-04-phone-changed')
  } catch (error) {
    await screenshot(page, 'security-failure').catch(() => undefined)
    throw error
  } finally {
    await browser.close()
  }
})

test('deleting the account needs a code sent to the bound number, then login is refused', async () => {
  const { mobile } = second
  const { browser, page } = await launchBrowser()
  try {
    await page.goto(baseUrl + '/pages/public/login')
    await loginWithPassword(page, mobile, 'second2026')
    await onPage(page, '账号与安全')
    await waitForNextCode(page, second)

    // confirm, then the code sent to the bound number
    await text(page, '账号与安全').click()
    await onPage(page, '注销账号')
    await text(page, '注销账号').click()
    await confirmModal(page, '继续注销')
    await text(page, /请输入发送至/).waitFor()
    const [del] = await readSms(mobile)
    assert.equal(del.scene, 'delete_account')
    await current(page).locator('input[name="delete_code"]').fill(del.code)
    await screenshot(page, 'security-05-delete-confirm')
    await text(page, '确认注销', { exact: true }).click()
    await onPage(page, '点击登录')

    // the account is gone: its password no longer logs in
    await text(page, '点击登录').click()
    await onPage(page, '欢迎回来')
    await input(page, 'mobile').fill(mobile)
    await input(page, 'password').fill('second2026')
    await byTestId(page, 'agreement').click()
    await current(page).locator('.btn-primary').getByText('登录', { exact: true }).click()
    await text(page, '账号不存在或已注销').waitFor()
    await screenshot(page, 'security-06-deleted-login-refused')
  } catch (error) {
    await screenshot(page, 'security-failure').catch(() => undefined)
    throw error
  } finally {
    await browser.close()
  }
})

test("the agreement and privacy pages show the operators' text", async () => {
  const { browser, page } = await launchBrowser()
  try {
    await page.goto(baseUrl + '/pages/public/richText?id=privacy')
    await current(page).locator('.special__title').getByText('隐私政策').waitFor()
    assert.ok((await current(page).locator('.special__body').innerText()).length > 100)
    await screenshot(page, 'security-07-privacy')
  } finally {
    await browser.close()
  }
})
