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

    // More calls after the title was set: follow, then the reader's posts page with its own title.
    await byTestId(page, 'follow').click()
    await onPage(page, '已关注')
    await page.goto(`${baseUrl}/pagesA/report/user?id=${attacker.user.user_id}`)
    await page.waitForFunction((title) => document.title === title, `${NICKNAME}的读后感`)
    state = await documentState(page)
    assert.equal(state.bases, 0)
    assert.equal(state.barTitle, `${NICKNAME}的读后感`)
    await screenshot(page, 'title-injection-02-posts')

    // A call made by the app now still goes to our origin.
    const call = page.waitForRequest(
      (req) => req.url().includes('.php?s=') || req.url().includes('/api/'),
    )
    await page.goto(`${baseUrl}/pages/mine/index`)
    assert.equal(new URL((await call).url()).origin, ours)
    assert.deepEqual(elsewhere, [], 'no request left our origin')
  } finally {
    await browser.close()
  }
})
