// A newcomer's path through the account area, in Chromium against `npm start`'s server:
// sign up with the SMS code, see the mine tab, change nickname and avatar, log out, meet the login
// modal as a guest, log in again.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { deflateSync } from 'node:zlib'
import { launchBrowser, baseUrl, screenshot, readSms } from './support.mjs'

const mobile = `139${String(Date.now()).slice(-8)}`
const password = 'reader2026'

/** A small valid PNG (solid colour) for the avatar upload. */
function pngBytes() {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc32 = (buf) => {
    let c = 0xffffffff
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([len, body, crc])
  }
  const size = 64
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr[8] = 8
  ihdr[9] = 2
  const raw = Buffer.alloc(size * (size * 3 + 1))
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const o = y * (size * 3 + 1) + 1 + x * 3
      raw[o] = 40 + x * 3
      raw[o + 1] = 120
      raw[o + 2] = 200 - y * 2
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

// Taro's H5 router keeps earlier pages in the DOM, hidden: always look inside the page on show.
const current = (page) => page.locator('.taro_page:visible').last()
const input = (page, name) =>
  current(page).locator(`input[name="${name}"], textarea[name="${name}"]`)
const text = (page, value, options) => current(page).getByText(value, options)
/**
 * Waits until the page showing `marker` has finished sliding in and the page below it is hidden:
 * Taro's router ignores or mistimes navigation during the animation.
 */
async function onPage(page, marker) {
  await text(page, marker).first().waitFor()
  await page.waitForFunction(() => {
    const shown = [...document.querySelectorAll('.taro_page')].filter(
      (el) => getComputedStyle(el).display !== 'none',
    )
    return shown.length === 1 && shown[0].classList.contains('taro_page_stationed')
  })
}
// Toasts are drawn outside the pages.
const toast = (page, value) => page.locator('.taro__toast, .weui-toast').getByText(value).first()

async function tab(page, text) {
  await page.locator('.taro-tabbar__tabbar').getByText(text, { exact: true }).click()
}

// Taro's H5 modal: the outer box has no height of its own, its content is what shows.
const modalOf = (page) => page.locator('.taro-modal__content:visible')

async function confirmModal(page, confirmText = '确定') {
  const modal = modalOf(page)
  await modal.waitFor()
  await modal.locator('.taro-model__confirm').getByText(confirmText, { exact: true }).click()
  await modal.waitFor({ state: 'hidden' })
}

test('a newcomer signs up, edits the profile, logs out, meets the login modal and logs in', async () => {
  const { browser, page } = await launchBrowser()
  try {
    await page.goto(baseUrl + '/')
    await text(page, '欢迎来到书友').waitFor()
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
    await onPage(page, '欢迎回来')
    await input(page, 'mobile').fill(mobile)
    await input(page, 'password').fill(password)
    await current(page).locator('[data-testid="agreement"]').click()
    await current(page).locator('.btn-primary').getByText('登录', { exact: true }).click()
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
