// Forwarding with three readers in Chromium against a fresh server (the local chat engine over the
// server's gateway): in the A-B chat A merge-forwards two messages into that same chat (a merged
// card), then ticks three messages (a text, that card, another text) with 多选 and merge-forwards
// them into a group with C. C opens the card, steps into the nested merged message inside it,
// and 返回 steps out, then closes the viewer; on a wide screen the viewer is a centred panel (40vw,
// at least 550 px). The menu's 转发 copies one message into the group. Nothing ticked says 请选择消息.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, baseUrl, screenshot } from './support.mjs'
import {
  byTestId,
  current,
  freshMobile,
  registerOverHttp,
  settled,
  signIn,
  toastText,
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

async function reader(prefix) {
  const mobile = freshMobile(prefix)
  const login = await registerOverHttp(mobile, PASSWORD)
  return { mobile, user: login.user, token: login.access_token }
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

async function openChat(page, conversationID) {
  await page.goto(`${baseUrl}/TUIKit/components/TUIChat/index?conversationID=${conversationID}`)
  await byTestId(page, 'chat-page').waitFor()
  await settled(page)
  // Open: its history is there (the friends' greeting, the group's creation tip).
  await byTestId(page, 'msg').first().waitFor()
}

const chatText = (page) => current(page).locator('[data-testid="chat-text"] textarea')

async function sendText(page, value) {
  await chatText(page).fill(value)
  await byTestId(page, 'chat-send').click()
  await byTestId(page, 'msg-text').getByText(value).last().waitFor()
}

/** Holds a touch on the element for `ms` (a bubble's menu: 500 ms). */
async function longPress(locator, ms = 650) {
  await locator.dispatchEvent('touchstart', {
    touches: [{ identifier: 1, clientX: 10, clientY: 10 }],
  })
  await new Promise((resolve) => setTimeout(resolve, ms))
  await locator.dispatchEvent('touchend')
}

const sheetItem = (page, label) =>
  page.locator('.taro-actionsheet__cell, .weui-actionsheet__cell').getByText(label, { exact: true })

/** The message row (for its tick) of this text, exactly (a merged card's abstract holds it too). */
const rowOf = (page, value) =>
  byTestId(page, 'msg')
    .filter({ has: page.getByText(value, { exact: true }) })
    .last()

/** The row of the merged card with this title. */
const cardRowOf = (page, title) =>
  byTestId(page, 'msg')
    .filter({ has: page.locator('[data-testid="msg-merger"]', { hasText: title }) })
    .last()

/** Opens a message's menu and starts 多选 with it ticked. */
async function startMultiSelect(page, value) {
  await longPress(rowOf(page, value).locator('[data-testid="msg-bubble"]'))
  await sheetItem(page, '多选').click()
  await byTestId(page, 'multi-select-bar').waitFor()
}

/** 合并转发 the ticked messages to one conversation from the picker. */
async function mergeForwardTo(page, conversationID) {
  await byTestId(page, 'forward-merge').click()
  await byTestId(page, 'forward-targets').waitFor()
  // 发送 does nothing before a target is ticked.
  assert.equal(await byTestId(page, 'forward-send').getAttribute('aria-disabled'), 'true')
  await byTestId(page, `forward-target-${conversationID}`).click()
  await byTestId(page, 'forward-send').click()
  await toastText(page, '已转发').waitFor()
  await byTestId(page, 'forward-targets').waitFor({ state: 'detached' })
  await byTestId(page, 'multi-select-bar').waitFor({ state: 'detached' })
}

test('A merge-forwards three messages of the A-B chat into a group; C opens it and a nested one', async () => {
  const a = await reader('135')
  const b = await reader('134')
  const c = await reader('133')
  await befriend(a, b)
  await befriend(a, c)
  const group = await api(a.token, 'POST', '/api/bookCompanion/createGroupChatInfoApp', {
    name: '转发读书会',
    userIds: [c.user.user_id],
  })
  const groupID = `GROUP${group.groupId}`
  const peerID = `C2C${b.user.user_id}`
  const A = await launchBrowser()
  const C = await launchBrowser()
  try {
    await signIn(A.page, a.mobile, PASSWORD)
    await signIn(C.page, c.mobile, PASSWORD)

    // ---- A says three things to B, then merges the first two into the same chat (nested card)
    await openChat(A.page, peerID)
    await sendText(A.page, '学而时习之')
    await sendText(A.page, '不亦说乎')
    await startMultiSelect(A.page, '学而时习之')
    // The mode shows a checkbox on every message.
    const ticks = byTestId(A.page, 'msg-tick')
    assert.ok((await ticks.count()) >= 2)
    await rowOf(A.page, '不亦说乎').click()
    assert.equal(
      await rowOf(A.page, '不亦说乎').locator('[role="checkbox"]').getAttribute('aria-checked'),
      'true',
    )
    await screenshot(A.page, 'forward-01-a-multi-select')
    await mergeForwardTo(A.page, peerID)
    const nestedTitle = `${a.user.nickname}和${b.user.nickname}的聊天记录`
    const nestedCard = byTestId(A.page, 'msg-merger').filter({ hasText: nestedTitle }).last()
    await nestedCard.waitFor()
    await sendText(A.page, '有朋自远方来')

    // ---- nothing ticked: 请选择消息, nothing opens
    await startMultiSelect(A.page, '有朋自远方来')
    await rowOf(A.page, '有朋自远方来').click()
    await byTestId(A.page, 'forward-merge').click()
    await toastText(A.page, '请选择消息').waitFor()
    assert.equal(await byTestId(A.page, 'forward-targets').count(), 0)
    await byTestId(A.page, 'multi-select-cancel').click()
    await byTestId(A.page, 'multi-select-bar').waitFor({ state: 'detached' })

    // ---- three messages (a text, the merged card, a text) merged into the group with C
    await startMultiSelect(A.page, '不亦说乎')
    await cardRowOf(A.page, nestedTitle).click()
    await rowOf(A.page, '有朋自远方来').click()
    await byTestId(A.page, 'multi-select-bar').getByText('已选择3条消息').waitFor()
    await screenshot(A.page, 'forward-02-a-three-ticked')
    await byTestId(A.page, 'forward-merge').click()
    await byTestId(A.page, 'forward-targets').waitFor()
    await screenshot(A.page, 'forward-03-a-target-picker')
    await byTestId(A.page, `forward-target-${groupID}`).click()
    await byTestId(A.page, 'forward-send').click()
    await toastText(A.page, '已转发').waitFor()
    await byTestId(A.page, 'multi-select-bar').waitFor({ state: 'detached' })

    // ---- the menu's 转发: one message, as a copy, into the group
    await longPress(rowOf(A.page, '学而时习之').locator('[data-testid="msg-bubble"]'))
    await sheetItem(A.page, '转发').click()
    await byTestId(A.page, 'forward-targets').waitFor()
    await byTestId(A.page, `forward-target-${groupID}`).click()
    await byTestId(A.page, 'forward-send').click()
    await toastText(A.page, '已转发').waitFor()

    // ---- C opens the group's card: the three items, the nested card among them
    await openChat(C.page, groupID)
    await byTestId(C.page, 'msg-text').getByText('学而时习之', { exact: true }).waitFor()
    const card = current(C.page)
      .getByRole('button', { name: `聊天记录，${nestedTitle}` })
      .last()
    await card.waitFor()
    const shown = await card.textContent()
    for (const line of ['不亦说乎', '[聊天记录]', '有朋自远方来']) {
      assert.ok(shown.includes(line), `the card's abstract lacks ${line}: ${shown}`)
    }
    await screenshot(C.page, 'forward-04-c-card')
    await card.click()
    const viewer = byTestId(C.page, 'merged-viewer')
    await viewer.waitFor()
    await viewer.locator('[data-testid="merged-item"]').nth(2).waitFor()
    assert.equal(await viewer.locator('[data-testid="merged-item"]').count(), 3)
    await viewer.getByText('有朋自远方来').waitFor()
    await screenshot(C.page, 'forward-05-c-viewer')

    // ---- the nested merged message steps in; 返回 steps out; again closes the viewer
    await viewer.locator('[data-testid="msg-merger"]').click()
    await viewer.getByText('学而时习之').waitFor()
    assert.equal(await viewer.locator('[data-testid="merged-item"]').count(), 2)
    await screenshot(C.page, 'forward-06-c-nested')
    await viewer.getByRole('button', { name: '返回' }).click()
    await viewer.getByText('有朋自远方来').waitFor()
    assert.equal(await viewer.locator('[data-testid="merged-item"]').count(), 3)
    await screenshot(C.page, 'forward-07-c-back')
    await viewer.getByRole('button', { name: '返回' }).click()
    await viewer.waitFor({ state: 'detached' })

    // ---- on a wide screen a centred panel: at most 40vw wide, at least 550 px
    for (const [width, expected] of [
      [1280, 550],
      [1600, 640],
    ]) {
      await C.page.setViewportSize({ width, height: 900 })
      await card.click()
      await viewer.locator('[data-testid="merged-item"]').nth(2).waitFor()
      const box = await viewer.locator('.merged-viewer__panel').boundingBox()
      assert.ok(Math.abs(box.width - expected) <= 2, `${width}: the panel is ${box.width} px wide`)
      await screenshot(C.page, `forward-08-c-wide-${width}`)
      await viewer.getByRole('button', { name: '返回' }).click()
      await viewer.waitFor({ state: 'detached' })
    }
  } finally {
    await A.browser.close()
    await C.browser.close()
  }
})
