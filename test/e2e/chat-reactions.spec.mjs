// Emoji reactions in Chromium with three readers against a fresh server (the local chat engine
// over the server's gateway): in a group of A, B and C, B reacts to A's message from the message
// menu (回应 → 👍); A and C see the chip live without reloading; C joins it by tapping the chip
// (2 on everyone's screen); A opens 查看 and sees B and C by name; B takes theirs back.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, baseUrl, screenshot } from './support.mjs'
import { byTestId, current, settled, signIn } from './taro.mjs'
import { api, befriend, PASSWORD, reader } from './people.mjs'

async function openChat(page, conversationID) {
  await page.goto(`${baseUrl}/TUIKit/components/TUIChat/index?conversationID=${conversationID}`)
  await byTestId(page, 'chat-page').waitFor()
  await settled(page)
}

const chatText = (page) => current(page).locator('[data-testid="chat-text"] textarea')

async function sendText(page, value) {
  await chatText(page).fill(value)
  await byTestId(page, 'chat-send').click()
  await byTestId(page, 'msg-text').getByText(value, { exact: true }).last().waitFor()
}

/** The row of the message with this exact text. */
const row = (page, value) =>
  byTestId(page, 'msg').filter({
    has: page.locator('[data-testid="msg-text"]').getByText(value, { exact: true }),
  })

const sheetItem = (page, label) =>
  page.locator('.taro-actionsheet__cell, .weui-actionsheet__cell').getByText(label, { exact: true })

/** The 👍 chip under the message, found by its accessible name. */
const thumbs = (page, value, label) =>
  row(page, value).getByRole('button', { name: label, exact: true })

test('a reaction in a group of three is seen live by the other two', async () => {
  const a = await reader('135')
  const b = await reader('134')
  const c = await reader('133')
  await befriend(a, b)
  await befriend(a, c)
  const group = await api(a.token, 'POST', '/api/bookCompanion/createGroupChatInfoApp', {
    name: '表情读书会',
    userIds: [b.user.user_id, c.user.user_id],
  })
  const conversationID = `GROUP${group.groupId}`
  const A = await launchBrowser()
  const B = await launchBrowser()
  const C = await launchBrowser()
  try {
    await signIn(A.page, a.mobile, PASSWORD)
    await signIn(B.page, b.mobile, PASSWORD)
    await signIn(C.page, c.mobile, PASSWORD)
    const words = '第一章读完了，大家觉得怎样？'

    await openChat(A.page, conversationID)
    await sendText(A.page, words)
    await openChat(B.page, conversationID)
    await openChat(C.page, conversationID)
    await row(B.page, words).waitFor()
    await row(C.page, words).waitFor()

    // B: right click → 回应 → 👍 (强).
    await row(B.page, words).locator('[data-testid="msg-bubble"]').click({ button: 'right' })
    await sheetItem(B.page, '回应').click()
    const picker = byTestId(B.page, 'reaction-picker')
    await picker.waitFor()
    await sheetItem(B.page, '回应').waitFor({ state: 'hidden' })
    await screenshot(B.page, 'reactions-01-b-picker')
    await picker.getByRole('button', { name: '回应强', exact: true }).click()
    await picker.waitFor({ state: 'detached' })
    await thumbs(B.page, words, '强，1人，已回应').waitFor()

    // A and C see it live.
    await thumbs(A.page, words, '强，1人，点按回应').waitFor()
    await thumbs(C.page, words, '强，1人，点按回应').waitFor()
    assert.equal((await thumbs(C.page, words, '强，1人，点按回应').textContent()).trim(), '👍1')
    await screenshot(A.page, 'reactions-02-a-live')

    // C joins by tapping the chip: 2 everywhere, each seeing their own part.
    await thumbs(C.page, words, '强，1人，点按回应').click()
    await thumbs(C.page, words, '强，2人，已回应').waitFor()
    await thumbs(A.page, words, '强，2人，点按回应').waitFor()
    await thumbs(B.page, words, '强，2人，已回应').waitFor()
    await screenshot(C.page, 'reactions-03-c-joined')

    // A: who reacted.
    await row(A.page, words).getByRole('button', { name: '查看回应的人', exact: true }).click()
    const users = byTestId(A.page, 'reaction-users')
    await users.waitFor()
    await users.getByText(b.user.nickname, { exact: true }).waitFor()
    await users.getByText(c.user.nickname, { exact: true }).waitFor()
    await screenshot(A.page, 'reactions-04-a-who')
    await users.getByRole('button', { name: '关闭', exact: true }).click()
    await users.waitFor({ state: 'detached' })

    // B takes theirs back.
    await thumbs(B.page, words, '强，2人，已回应').click()
    await thumbs(B.page, words, '强，1人，点按回应').waitFor()
    await thumbs(A.page, words, '强，1人，点按回应').waitFor()
    await thumbs(C.page, words, '强，1人，已回应').waitFor()
    await screenshot(C.page, 'reactions-05-c-after-b-removed')
  } finally {
    await A.browser.close()
    await B.browser.close()
    await C.browser.close()
  }
})
