// Helpers for the E2E specs (test/e2e/*.spec.mjs), run by `npm run test:e2e` (scripts/e2e.mjs),
// which starts a fresh server and sets E2E_BASE_URL. A spec can also run alone against a server
// you started yourself: `E2E_BASE_URL=http://127.0.0.1:8080 node --test test/e2e/smoke.spec.mjs`.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

/** Where the app and its API answer (no trailing slash). */
export const baseUrl = (process.env.E2E_BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '')

export const screenshotDir = path.join(ROOT, 'test-results', 'screenshots')

/** Debian's Chromium; `npx playwright install` cannot download browsers here. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

// Without the background-networking flags Chromium keeps calling Google's hosts, which this
// network refuses. Playwright adds --headless itself and gives every launch a new, empty
// profile directory (its own --user-data-dir), removed again on close.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Starts headless Chromium with a phone-sized page.
 * @param {import('playwright-core').BrowserContextOptions} [contextOptions] merged over the defaults
 * @returns {Promise<{ browser: import('playwright-core').Browser, context: import('playwright-core').BrowserContext, page: import('playwright-core').Page }>}
 * Close it with `await browser.close()` in a `finally`.
 */
export async function launchBrowser(contextOptions = {}) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: CHROMIUM_ARGS,
  })
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      ...contextOptions,
    })
    context.setDefaultTimeout(Number(process.env.E2E_TIMEOUT_MS) || 15_000)
    const page = await context.newPage()
    // Surface the app's own errors in the test output.
    page.on('pageerror', (err) => console.error(`[page error] ${err.message}`))
    page.on('console', (msg) => {
      if (msg.type() === 'error') console.error(`[console.error] ${msg.text()}`)
    })
    return { browser, context, page }
  } catch (err) {
    await browser.close()
    throw err
  }
}

/** Saves a screenshot of the viewport to test-results/screenshots/<name>.png; returns its path. */
export async function screenshot(page, name, options = {}) {
  mkdirSync(screenshotDir, { recursive: true })
  const file = path.join(screenshotDir, `${name.replace(/[^\w.-]+/g, '_')}.png`)
  await page.screenshot({ path: file, ...options })
  return file
}

/**
 * The SMS codes the server's local SMS stand-in "sent" to `mobile` (GET /dev/sms, not in
 * production): `[{ code, scene, at }]`. Waits up to `timeoutMs` for at least one.
 */
export async function readSms(mobile, { timeoutMs = 5_000 } = {}) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const res = await fetch(`${baseUrl}/dev/sms?mobile=${encodeURIComponent(mobile)}`)
    const body = await res.json().catch(() => null)
    if (!res.ok || !body || body.code !== 200) {
      throw new Error(`GET /dev/sms answered ${res.status}: ${JSON.stringify(body)}`)
    }
    const items = Array.isArray(body.data) ? body.data : []
    if (items.length > 0 || Date.now() > deadline) return items
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * A toast shown with Taro.showToast. Taro's H5 renders toasts (and modals, `.taro__modal`) outside
 * the page (`.taro_page`), so look for them on `page`: `await toast(page, '已保存').waitFor()`.
 */
export function toast(page, text) {
  return page.locator('.taro__toast').getByText(text)
}
