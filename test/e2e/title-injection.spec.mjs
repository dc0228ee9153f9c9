// A nickname written as markup stays text: a reader named `<base href=//x>` (15 characters, within
// the limit) once moved document.baseURI through the H5 title bar, and the next call of anyone
// viewing that profile went to http://x/ with their token. Here a second reader opens that profile
// and that reader's posts page; no element is created, the base stays ours, the title shows the
// name as typed, and no request leaves our origin.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { baseUrl, launchBrowser, screenshot } from './support.mjs'
import {
  byTestId,
  freshMobile,
  loginWithPassword,
  onPage,
  registerOverHttp,
  settled,
} from './taro.mjs'

const PASSWORD = 'reader2026'
const NICKNAME = '<base href=//x>'

async function setNickname(accessToken, nickname) {
  const res = await fetch(`${baseUrl}/api/user/updateUserInfoApi`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ nickname }),
  }).then((r) => r.json())
  assert.equal(res.code, 200, res.msg)
}

/** What the page's document says about injected markup and where relative URLs would go. */
const documentState = (page) =>
  page.evaluate(() => ({
    bases: document.querySelectorAll('base').length,
    baseURI: document.baseURI,
    title: document.title,
    barTitle: document.querySelector('#taro-navigation-bar .taro-navigation-bar-title')
      ?.textContent,
    barElements: document.querySelectorAll('#taro-navigation-bar .taro-navigation-bar-title *')
      .length,
  }))

test('a nickname written as markup is shown as text and moves no request', async () => {
  const attacker = await registerOverHttp(freshMobile('137'), PASSWORD)
  await setNickname(attacker.access_token, NICKNAME)
  const viewer = { mobile: freshMobile('136') }
  await registerOverHttp(viewer.mobile, PASSWORD)

  const { browser, page } = await launchBrowser()
  const ours = new URL(baseUrl).origin
  const elsewhere = []
  page.on('request', (req) => {
    const url = new URL(req.url())
    if (url.protocol.startsWith('http') && url.origin !== ours) elsewhere.push(req.url())
  })
  try {
    await page.goto(`${baseUrl}/pages/public/login`)
    await loginWithPassword(page, viewer.mobile, PASSWORD)
    await page.waitForURL((url) => !url.pathname.includes('/public/login'))

    // The profile: its title is the nickname.
    await page.goto(`${baseUrl}/pagesA/friend/userDetail?id=${attacker.user.user_id}`)
    await onPage(page, NICKNAME)
    await settled(page)
    let state = await documentState(page)
    assert.equal(state.bases, 0, 'no <base> element was created')
    assert.ok(state.baseURI.startsWith(`${ours}/`), `baseURI stays ours: ${state.baseURI}`)
    assert.equal(state.title, NICKNAME)
    assert.equal(state.barTitle, NICKNAME)
    assert.equal(state.barElements, 0)
    await screenshot(page, 'title-injection-01-profile')

    // More calls after the title was set: follow; then another page and back, where Taro's router
    // writes the profile's title again from its cache.
    await byTestId(page, 'follow').click()
    await onPage(page, '已关注')
    await byTestId(page, 'user-more').click()
    await page.locator('.taro-actionsheet__cell, .weui-actionsheet__cell').getByText('投诉').click()
    await page.waitForURL((url) => url.pathname.includes('/pagesA/friend/feedback'))
    // The complaint page must have loaded before going back (its chunk loads after the URL
    // changes; going back earlier lets its late start write its own title over the profile's).
    await onPage(page, '提交投诉')
    await page.goBack()
    await page.waitForURL((url) => url.pathname.includes('/pagesA/friend/userDetail'))
    await settled(page)
    await page.waitForFunction((title) => document.title === title, NICKNAME).catch(() => undefined)
    state = await documentState(page)
    assert.equal(state.bases, 0)
    assert.equal(state.title, NICKNAME, 'the tab title shows the name, not entities')
    assert.equal(state.barTitle, NICKNAME)
    assert.equal(state.barElements, 0)

    // The reader's posts page, with its own title.
    await page.goto(`${baseUrl}/pagesA/report/user?id=${attacker.user.user_id}`)
    await page.waitForFunction((title) => document.title === title, `${NICKNAME}的读后感`)
    state = await documentState(page)
    assert.equal(state.bases, 0)
    assert.equal(state.barTitle, `${NICKNAME}的读后感`)
    await screenshot(page, 'title-injection-02-posts')
    assert.deepEqual(elsewhere, [], 'no request left our origin')
  } finally {
    await browser.close()
  }
})

// The second layer on its own: with the Content-Security-Policy taken off the document and a
// <base> put in by any means, the app's calls still go to our origin (their URLs are absolute).
test('calls stay on our origin even if a <base> gets into the page', async () => {
  const viewer = { mobile: freshMobile('136') }
  await registerOverHttp(viewer.mobile, PASSWORD)
  const target = await registerOverHttp(freshMobile('137'), PASSWORD)
  const { browser, context, page } = await launchBrowser()
  const ours = new URL(baseUrl).origin
  try {
    await context.route(`${ours}/**`, async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue()
      const res = await route.fetch()
      const headers = { ...res.headers() }
      delete headers['content-security-policy']
      return route.fulfill({ response: res, headers })
    })
    await page.goto(`${baseUrl}/pages/public/login`)
    await loginWithPassword(page, viewer.mobile, PASSWORD)
    await page.waitForURL((url) => !url.pathname.includes('/public/login'))
    await page.goto(`${baseUrl}/pagesA/friend/userDetail?id=${target.user.user_id}`)
    await byTestId(page, 'follow').waitFor()
    await settled(page)
    await page.evaluate(() => {
      const base = document.createElement('base')
      base.href = 'http://x.invalid/'
      document.head.prepend(base)
    })
    assert.equal(await page.evaluate(() => document.baseURI), 'http://x.invalid/')
    const call = page.waitForRequest((req) => /\/(api|user\.php|index\.php)/.test(req.url()))
    await byTestId(page, 'follow').click()
    assert.equal(new URL((await call).url()).origin, ours)
    await onPage(page, '已关注')
  } finally {
    await browser.close()
  }
})
