// How the H5 app reaches a phone (issue 8): the home page's scripts come compressed and cached
// for a year, the document carries the Content-Security-Policy and nothing on the page breaks it;
// page chunks load from our origin whatever a <base> element says, show the loading toast when
// slow and say 网络异常，请重试 when they fail.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { baseUrl, launchBrowser, toast } from './support.mjs'
import { settled, tab } from './taro.mjs'

const ours = new URL(baseUrl).origin

/** The chunk files of a page, from the build's page-chunks.json. */
async function chunksOf(page) {
  const manifest = await fetch(`${baseUrl}/page-chunks.json`).then((r) => r.json())
  const files = manifest.pages[page]
  assert.ok(Array.isArray(files) && files.length > 0, `no chunks for ${page}`)
  return files.map((file) => `${baseUrl}/${file}`)
}

/** Records CSP violations the page reports. */
async function watchViolations(page) {
  await page.addInitScript(() => {
    window.__violations = []
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    )
  })
  return () => page.evaluate(() => window.__violations)
}

test('the home page: compressed scripts cached a year, the document under the CSP', async () => {
  const { browser, page } = await launchBrowser()
  try {
    const violations = await watchViolations(page)
    const scripts = []
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res)
    })
    const doc = await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' })
    await page.locator('.home').first().waitFor()

    const headers = doc.headers()
    assert.equal(headers['cache-control'], 'no-cache')
    assert.equal(headers['x-content-type-options'], 'nosniff')
    assert.equal(headers['x-frame-options'], 'SAMEORIGIN')
    assert.equal(headers['referrer-policy'], 'strict-origin-when-cross-origin')
    const csp = headers['content-security-policy'] ?? ''
    assert.match(csp, /(^|; )base-uri 'self'(;|$)/)
    assert.match(csp, /(^|; )object-src 'none'(;|$)/)
    assert.match(csp, /(^|; )script-src 'self' 'sha256-[\w+/=]+'(;|$)/)
    assert.match(csp, /(^|; )connect-src 'self'/)
    assert.match(csp, /(^|; )frame-ancestors 'self'(;|$)/)

    assert.ok(scripts.length >= 2, 'the home page loads its scripts')
    for (const res of scripts) {
      const h = res.headers()
      assert.equal(new URL(res.url()).origin, ours, res.url())
      assert.equal(h['content-encoding'], 'br', `${res.url()} is sent brotli-compressed`)
      assert.equal(h['cache-control'], 'public, max-age=31536000, immutable', res.url())
      assert.match(h.vary ?? '', /accept-encoding/i)
    }
    assert.deepEqual(await violations(), [])
  } finally {
    await browser.close()
  }
})

test('an injected <base> moves no chunk: the CSP refuses it, and chunk URLs are absolute', async () => {
  const { browser, context, page } = await launchBrowser()
  try {
    // Every script and style the app inserts once the document is parsed (the chunks), with its URL
    // as written (webpack removes its chunk scripts once loaded).
    await context.addInitScript(() => {
      window.__inserted = []
      new MutationObserver((records) => {
        if (document.readyState === 'loading') return
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (node.nodeName === 'SCRIPT' && node.getAttribute('src')) {
              window.__inserted.push(node.getAttribute('src'))
            }
            if (node.nodeName === 'LINK' && node.getAttribute('rel') === 'stylesheet') {
              window.__inserted.push(node.getAttribute('href'))
            }
          }
        }
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto(`${baseUrl}/`)
    await page.locator('.home').first().waitFor()
    await settled(page)

    // The CSP's base-uri 'self': the browser does not take a base to another host.
    const baseURI = await page.evaluate(() => {
      const base = document.createElement('base')
      base.href = 'https://example.invalid/'
      document.head.prepend(base)
      return document.baseURI
    })
    assert.equal(new URL(baseURI).origin, ours)

    // A page loaded later: its chunk's URL is absolute, at our origin, so no <base> could move it.
    const mine = await chunksOf('pages/mine/index')
    const pageChunk = mine.filter((url) => url.endsWith('.js')).at(-1)
    await tab(page, '我的')
    await settled(page)
    const inserted = await page.evaluate(() => window.__inserted)
    assert.ok(inserted.includes(pageChunk), `the 我的 chunk inserted as ${pageChunk}`)
    const chunks = inserted.filter((url) => /\/(js|css)\//.test(url))
    assert.ok(chunks.length > 1)
    for (const url of chunks) assert.ok(url.startsWith(`${ours}/`), `${url} is absolute`)
  } finally {
    await browser.close()
  }
})

test('a slow page chunk shows 加载中 until it arrives; a failed one says 网络异常，请重试', async () => {
  const { browser, page } = await launchBrowser()
  try {
    const [mineChunk] = (await chunksOf('pages/mine/index'))
      .filter((u) => u.endsWith('.js'))
      .slice(-1)
    const [reportChunk] = (await chunksOf('pages/report/index'))
      .filter((u) => u.endsWith('.js'))
      .slice(-1)
    await page.route(mineChunk, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await page.route(reportChunk, (route) => route.abort('connectionreset'))
    await page.goto(`${baseUrl}/`)
    await page.locator('.home').first().waitFor()
    await settled(page)

    await tab(page, '我的')
    await toast(page, '加载中').waitFor()
    await toast(page, '加载中').waitFor({ state: 'hidden', timeout: 10_000 })
    await settled(page)

    await tab(page, '读后感')
    await toast(page, '网络异常，请重试').waitFor()
  } finally {
    await browser.close()
  }
})
