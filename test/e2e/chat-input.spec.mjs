// The chat input's emoji sets and quick phrases in Chromium against a fresh server (issue 30): A
// sends B a big emoji from the 手势 group and a quick phrase (常用语); B sees the emoji as its
// image at its size (the PNG served by the H5 build) and the phrase as a text. On a wide screen
// the picker is 405x300; without a custom emoji URL its 自定义 tab shows only a warning.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, baseUrl, screenshot } from './support.mjs'
import {
  byTestId,
  current,
  onPage,
  registerOverHttp,
  settled,
  freshMobile,
  signIn,
} from './taro.mjs'

const PASSWORD = 'reader2026'

/** One REST call as a reader (set-up steps the test is not about). */
async function api(token, method, path, body) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  const json = await res.json()
  if (json.code !== 200) throw new Error(`${path}: ${json.msg}`)
  return json.data
}

/** x asks y to be book friends and y accepts (x's greeting opens their chat). */
async function befriend(x, y) {
  await api(x.token, 'POST', '/api/bookCompanion/createMineFriends', { userId: y.user.user_id })
  const { list } = await api(y.token, 'GET', '/api/bookCompanion/findFriendRequestList')
  await api(y.token, 'POST', '/api/bookCompanion/handleFriendRequest', {
    id: list[0].id,
    accept: 1,
  })
}

async function openChat(page, peer) {
  await page.goto(`${baseUrl}/pagesA/friend/userDetail?id=${peer.user.user_id}`)
  await onPage(page, peer.user.nickname)
  await byTestId(page, 'send-message').click()
  await byTestId(page, 'chat-page').waitFor()
  await settled(page)
}

/** The big emoji named `name` in the list: an image element, loaded, and its shown size. */
async function faceShown(page, name) {
  const face = current(page).locator(`[data-testid="msg-face"][aria-label="${name}"]`).last()
  await face.waitFor()
  const img = face.locator('img')
  await img.waitFor()
  await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle())
  const natural = await img.evaluate((el) => [el.naturalWidth, el.naturalHeight])
  const box = await face.boundingBox()
  return { natural, box }
}

test('a big emoji and a quick phrase: sent by A, seen by B', async () => {
  const a = { mobile: freshMobile('135') }
  const b = { mobile: freshMobile('134') }
  for (const who of [a, b]) {
    const login = await registerOverHttp(who.mobile, PASSWORD)
    who.user = login.user
    who.token = login.access_token
  }
  await befriend(a, b)
  const A = await launchBrowser()
  const B = await launchBrowser({ viewport: { width: 1024, height: 768 }, isMobile: false })
  try {
    await signIn(A.page, a.mobile, PASSWORD)
    await signIn(B.page, b.mobile, PASSWORD)
    await openChat(A.page, b)

    // ---- the picker: 表情 first, then the three big-emoji groups and 自定义
    await byTestId(A.page, 'emoji-toggle').click()
    await byTestId(A.page, 'emoji-panel').waitFor()
    assert.equal(await byTestId(A.page, 'emoji').count(), 62)
    await byTestId(A.page, 'emoji-tab-hands').click()
    assert.equal(await byTestId(A.page, 'big-emoji').count(), 17)
    await screenshot(A.page, 'chat-input-01-a-hands')
    await current(A.page).getByRole('button', { name: '鼓掌', exact: true }).click()
    const sent = await faceShown(A.page, '鼓掌')
    assert.deepEqual(sent.natural, [120, 120])
    assert.equal(Math.round(sent.box.width), 120)

    // ---- 常用语 from the tools menu, sent as a text
    await byTestId(A.page, 'tools-toggle').click()
    await byTestId(A.page, 'tool-phrases').click()
    assert.equal(await byTestId(A.page, 'quick-phrase').count(), 9)
    await screenshot(A.page, 'chat-input-02-a-phrases')
    await current(A.page).getByRole('button', { name: '好的，收到。' }).click()
    await byTestId(A.page, 'msg-text').getByText('好的，收到。').waitFor()
    await byTestId(A.page, 'quick-phrases').waitFor({ state: 'detached' })
    await screenshot(A.page, 'chat-input-03-a-sent')

    // ---- B sees both: the emoji as its image at its size, the phrase as a text
    await openChat(B.page, a)
    const seen = await faceShown(B.page, '鼓掌')
    assert.deepEqual(seen.natural, [120, 120])
    assert.equal(Math.round(seen.box.width), 120)
    assert.equal(Math.round(seen.box.width), Math.round(seen.box.height))
    await byTestId(B.page, 'msg-text').getByText('好的，收到。').waitFor()

    // ---- a wide screen: the picker is 405x300; 自定义 without a URL only warns
    await byTestId(B.page, 'emoji-toggle').click()
    const panel = await byTestId(B.page, 'emoji-panel').boundingBox()
    assert.deepEqual([Math.round(panel.width), Math.round(panel.height)], [405, 300])
    await byTestId(B.page, 'emoji-tab-custom').click()
    await byTestId(B.page, 'custom-emoji-missing').getByText('未配置自定义表情').waitFor()
    await screenshot(B.page, 'chat-input-04-b-wide')
  } finally {
    await A.browser.close()
    await B.browser.close()
  }
})
