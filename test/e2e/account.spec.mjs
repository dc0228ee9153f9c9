// A newcomer's path through the account area, in Chromium against `npm start`'s server:
// sign up with the SMS code, see the mine tab, change nickname and avatar, log out, meet the login
// modal as a guest, log in again.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, baseUrl, screenshot, readSms } from './support.mjs'
import {
  confirmModal,
  current,
  freshMobile,
  input,
  modalOf,
  loginWithPassword,
  onPage,
  pngBytes,
  tab,
  text,
  toastText as toast,
} from './taro.mjs'

const mobile = freshMobile()
const password = 'reader2026'

test('a newcomer signs up, edits the profile, logs out, meets the login modal and logs in', async () => {
  const { browser, page } = await launchBrowser()
  try {
    await page.goto(baseUrl + '/')
    await text(page, '推荐好书').waitFor()
    await screenshot(page, 'account-01-home-guest')

    await tab(page, '我的')
    await text(page, '点击登录').click()
    await text(page, '欢迎回来').waitFor()
    await onPage(page, '欢迎回来')
    await text(page, '注册账号').click()
    await onPage(page, '注册后即可同步书架、发表读后感、结交书友')

    // sign up with the SMS code the local SMS stand-in kept
    await input(page, 'mobile').fill(mobile)
    await current(page).locator('[data-testid="sms-send"]').click()
    await text(page, /秒后重发/).waitFor()
    const [sms] = await readSms(mobile)
    assert.equal(sms.scene, 'register')
    await input(page, 'code').fill(sms.code)
    await input(page, 'password').fill(password)
    await input(page, 'confirm').fill(password)
    await text(page, '注册并登录').click()
    // the agreement must be accepted first
    await text(page, '请先阅读并同意用户协议和隐私政策').waitFor()
    await current(page).locator('[data-testid="agreement"]').click()
    await screenshot(page, 'account-02-register-filled')
    await text(page, '注册并登录').click()

    const nickname = current(page).locator('[data-testid="mine-nickname"]')
    await onPage(page, '账号与安全')
    assert.equal(await nickname.textContent(), `书友${mobile.slice(-4)}`)
    await screenshot(page, 'account-03-mine-after-signup')

    // change nickname and avatar
    await text(page, '个人资料').click()
    await onPage(page, '点击更换头像')
    const chooser = page.waitForEvent('filechooser')
    await current(page).locator('[data-testid="change-avatar"]').click()
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngBytes() })
    await toast(page, '头像已更新').waitFor()
    const avatar = current(page).locator('.user-center__avatar img')
    await avatar.waitFor()
    assert.match((await avatar.getAttribute('src')) ?? '', /\/uploads\//)
    const nick = input(page, 'nickname')
    await nick.fill('')
    await nick.fill('<b>读书人</b>')
    await text(page, '保存', { exact: true }).click()
    await toast(page, '已保存').waitFor()
    await screenshot(page, 'account-04-user-center-saved')
    await page.goBack()
    await onPage(page, '账号与安全')
    await nickname.waitFor()
    // user text is shown as text, never as markup
    assert.equal(await nickname.textContent(), '<b>读书人</b>')
    assert.equal(await current(page).locator('[data-testid="mine-nickname"] b').count(), 0)
    assert.match(
      (await current(page).locator('.mine__head img').getAttribute('src')) ?? '',
      /\/uploads\//,
    )
    await screenshot(page, 'account-05-mine-updated')

    // log out from the settings
    await text(page, '设置', { exact: true }).click()
    await onPage(page, '当前版本')
    await text(page, '退出登录').click()
    await confirmModal(page)
    await onPage(page, '点击登录')
    await screenshot(page, 'account-06-logged-out')

    // a guest tapping a login-only entry gets the one-time login modal
    await text(page, '我的二维码').click()
    const modal = modalOf(page)
    await modal.waitFor()
    assert.match(await modal.innerText(), /温馨提示[\s\S]*去登录体验更多功能[\s\S]*去登录/)
    await page.waitForTimeout(400) // let the modal fade in for the picture
    await screenshot(page, 'account-07-login-modal')
    await confirmModal(page, '去登录')

    // log in again with the password
    await loginWithPassword(page, mobile, password)
    await nickname.waitFor()
    assert.equal(await nickname.textContent(), '<b>读书人</b>')
    await screenshot(page, 'account-08-logged-in-again')
  } catch (error) {
    await screenshot(page, 'account-failure').catch(() => undefined)
    throw error
  } finally {
    await browser.close()
  }
})
