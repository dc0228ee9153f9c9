// Page helpers for the app's H5 build under Taro's router, shared by the E2E specs.
import { encodePng } from '../../scripts/lib/png.mjs'
import { baseUrl, readSms } from './support.mjs'

// Taro's H5 router keeps earlier pages in the DOM, hidden: always look inside the page on show.
export const current = (page) => page.locator('.taro_page:visible').last()
export const input = (page, name) =>
  current(page).locator(`input[name="${name}"], textarea[name="${name}"]`)
export const text = (page, value, options) => current(page).getByText(value, options)
export const byTestId = (page, id) => current(page).locator(`[data-testid="${id}"]`)
// Toasts and modals are drawn outside the pages.
export const toastText = (page, value) =>
  page.locator('.taro__toast, .weui-toast').getByText(value).first()
// Taro's H5 modal: the outer box has no height of its own, its content is what shows.
export const modalOf = (page) => page.locator('.taro-modal__content:visible')

/**
 * Waits until the page showing `marker` has finished sliding in and the page below it is hidden:
 * Taro's router ignores or mistimes navigation during the animation.
 */
export async function onPage(page, marker) {
  await text(page, marker).first().waitFor()
  await settled(page)
}

/** Waits until one page shows and has finished sliding in. */
export async function settled(page) {
  await page.waitForFunction(() => {
    const shown = [...document.querySelectorAll('.taro_page')].filter(
      (el) => getComputedStyle(el).display !== 'none',
    )
    return shown.length === 1 && shown[0].classList.contains('taro_page_stationed')
  })
}

export async function tab(page, label) {
  await page.locator('.taro-tabbar__tabbar').getByText(label, { exact: true }).click()
}

export async function confirmModal(page, confirmText = '确定') {
  const modal = modalOf(page)
  await modal.waitFor()
  await modal.locator('.taro-model__confirm').getByText(confirmText, { exact: true }).click()
  await modal.waitFor({ state: 'hidden' })
}

/** Logs in on the login page with a password (the page must be showing). */
export async function loginWithPassword(page, mobile, password) {
  await onPage(page, '欢迎回来')
  await input(page, 'mobile').fill(mobile)
  await input(page, 'password').fill(password)
  await byTestId(page, 'agreement').click()
  await current(page).locator('.btn-primary').getByText('登录', { exact: true }).click()
}

/** Opens the login page, signs in with a password and waits until the app leaves it. */
export async function signIn(page, mobile, password) {
  await page.goto(`${baseUrl}/pages/public/login`)
  await loginWithPassword(page, mobile, password)
  await page.waitForURL((url) => !url.pathname.includes('/public/login'))
}

/** The number on the native tab bar's badge of the 会话 tab, or 0. */
export async function tabBadge(page) {
  const badge = page.locator('.taro-tabbar__tabbar .weui-badge:visible')
  if ((await badge.count()) === 0) return 0
  return Number((await badge.first().textContent()).trim()) || 0
}

/** Registers a reader over HTTP (SMS code from the stand-in); answers the mobile. */
export async function registerOverHttp(mobile, password) {
  const post = (s, body) =>
    fetch(`${baseUrl}/${s.startsWith('User.') ? 'user' : 'index'}.php?s=${s}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json())
  const sent = await post('App.Common_Sms.SendCaptcha', { mobile, scene: 'register' })
  if (sent.ret !== 200) throw new Error(`SendCaptcha: ${sent.msg}`)
  const [sms] = await readSms(mobile)
  const res = await post('User.User.Register', { mobile, code: sms.code, password })
  if (res.ret !== 200) throw new Error(`Register: ${res.msg}`)
  return res.data
}

/** A fresh mobile number per call within one run. */
let serial = 0
export function freshMobile(prefix = '139') {
  serial += 1
  return `${prefix}${String(Date.now() + serial).slice(-8)}`
}

/** A small valid PNG (a colour gradient) for uploads. */
export function pngBytes(size = 64) {
  return encodePng(size, size, (x, y) => [40 + x * 3, 120, 200 - y * 2], 3)
}
