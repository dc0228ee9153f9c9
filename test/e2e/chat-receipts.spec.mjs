// Read receipts in Chromium with three readers against a fresh server (the local chat engine over
// the server's gateway; the server's CHAT_READ_RECEIPTS is on unless turned off):
// - one-to-one: A sends B more messages than B's screen holds while B is elsewhere; when B opens
//   the chat only the newest are on B's screen, so only they turn 已读 on A's side; the first stay
//   未读 until B scrolls up to them;
// - a group of A, B and C: A's message shows 未读, 「1人已读」 once B opened the chat, then 全部已读
//   once C did; tapping the count opens the receipt panel with its 已读 and 未读 tabs (a bottom
//   sheet on a phone, a centred 368 x 510 panel on a wide screen);
// - the reader's setting 消息已读回执 on the settings page: an accessible switch, on by default.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, baseUrl, screenshot } from './support.mjs'
import { byTestId, current, settled, signIn, tab } from './taro.mjs'
import { api, befriend, PASSWORD, reader } from './people.mjs'

/** More than a 844 px phone screen shows at once. */
const RUN = 24

/**
 * Opens a chat. The app setting of receipts comes with the chat login answer, asked as the chat
 * opens: a sender waits for it, so their messages ask for receipts.
 */
async function openChat(page, conversationID) {
  const setting = page.waitForResponse((r) => r.url().includes('/api/chat/login'))
  await page.goto(`${baseUrl}/TUIKit/components/TUIChat/index?conversationID=${conversationID}`)
  await byTestId(page, 'chat-page').waitFor()
  await settled(page)
  await setting
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

const receiptOf = (page, value) => row(page, value).locator('[data-testid="msg-receipt"]')

async function receiptIs(page, value, expected) {
  await receiptOf(page, value).getByText(expected, { exact: true }).waitFor()
}

const label = (i) => `第${String(i).padStart(2, '0')}条：今天读到第${i}页`

test('A’s messages turn 已读 only once B has them on screen, not when B opens the chat', async () => {
  const a = await reader('135')
  const b = await reader('134')
  await befriend(a, b)
  const A = await launchBrowser()
  const B = await launchBrowser()
  try {
    await signIn(A.page, a.mobile, PASSWORD)
    await signIn(B.page, b.mobile, PASSWORD)
    // B is on the conversations tab, not in the chat, while A writes.
    await tab(B.page, '会话')

    await openChat(A.page, `C2C${b.user.user_id}`)
    for (let i = 1; i <= RUN; i++) await sendText(A.page, label(i))
    await receiptIs(A.page, label(1), '未读')
    await receiptIs(A.page, label(RUN), '未读')
    await screenshot(A.page, 'receipts-01-a-unread')

    // B opens the chat: at the bottom, only the newest are on B's screen.
    await openChat(B.page, `C2C${a.user.user_id}`)
    await row(B.page, label(RUN)).waitFor()
    await receiptIs(A.page, label(RUN), '已读')
    assert.equal(await receiptOf(A.page, label(1)).textContent(), '未读')
    // Some time on B's screen changes nothing for the messages B has not seen.
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    assert.equal(await receiptOf(A.page, label(1)).textContent(), '未读')
    assert.equal(await receiptOf(A.page, label(2)).textContent(), '未读')
    await screenshot(B.page, 'receipts-02-b-bottom')
    await screenshot(A.page, 'receipts-03-a-newest-read')

    // B scrolls up until the first message is on screen (history loads on the way up).
    const scroller = byTestId(B.page, 'chat-scroll')
    for (let tries = 0; tries < 10 && (await row(B.page, label(1)).count()) === 0; tries++) {
      await scroller.evaluate((el) => {
        el.scrollTop = 0
      })
      await new Promise((resolve) => setTimeout(resolve, 600))
    }
    await row(B.page, label(1)).scrollIntoViewIfNeeded()
    await receiptIs(A.page, label(1), '已读')
    await screenshot(B.page, 'receipts-04-b-scrolled-up')
    await row(A.page, label(1)).scrollIntoViewIfNeeded()
    await screenshot(A.page, 'receipts-05-a-first-read')

    // The reader's own setting: 设置 → 消息已读回执, an accessible switch, on by default.
    await B.page.goto(`${baseUrl}/pagesA/mine/setCenter`)
    const toggle = byTestId(B.page, 'receipt-switch')
    await toggle.waitFor()
    assert.equal(await toggle.getAttribute('role'), 'switch')
    assert.equal(await toggle.getAttribute('aria-label'), '消息已读回执')
    assert.equal(await toggle.getAttribute('aria-checked'), 'true')
    await toggle.click()
    assert.equal(await toggle.getAttribute('aria-checked'), 'false')
    // Kept on the device: still off after the app is opened again.
    await B.page.reload()
    await toggle.waitFor()
    assert.equal(await toggle.getAttribute('aria-checked'), 'false')
    await screenshot(B.page, 'receipts-06-b-setting-off')
  } finally {
    await A.browser.close()
    await B.browser.close()
  }
})

test('a group message: 「1人已读」, the receipt panel’s tabs, then 全部已读', async () => {
  const a = await reader('135')
  const b = await reader('134')
  const c = await reader('133')
  await befriend(a, b)
  await befriend(a, c)
  const group = await api(a.token, 'POST', '/api/bookCompanion/createGroupChatInfoApp', {
    name: '回执读书会',
    userIds: [b.user.user_id, c.user.user_id],
  })
  const A = await launchBrowser()
  const B = await launchBrowser()
  const C = await launchBrowser()
  try {
    await signIn(A.page, a.mobile, PASSWORD)
    await signIn(B.page, b.mobile, PASSWORD)
    await signIn(C.page, c.mobile, PASSWORD)
    const words = '今晚一起读《论语》第三章'

    await openChat(A.page, `GROUP${group.groupId}`)
    await sendText(A.page, words)
    await receiptIs(A.page, words, '未读')

    await openChat(B.page, `GROUP${group.groupId}`)
    await row(B.page, words).waitFor()
    await receiptIs(A.page, words, '1人已读')
    await screenshot(A.page, 'receipts-07-a-one-read')

    // The count opens the panel: B under 已读, C under 未读.
    const count = receiptOf(A.page, words)
    assert.equal(await count.getAttribute('role'), 'button')
    await count.click()
    const panel = byTestId(A.page, 'receipt-panel')
    await panel.waitFor()
    const readTab = byTestId(A.page, 'receipt-tab-read')
    const unreadTab = byTestId(A.page, 'receipt-tab-unread')
    assert.equal(await readTab.getAttribute('role'), 'tab')
    assert.equal(await readTab.getAttribute('aria-selected'), 'true')
    assert.equal(await unreadTab.getAttribute('aria-selected'), 'false')
    await panel.getByText(b.user.nickname, { exact: true }).waitFor()
    await screenshot(A.page, 'receipts-08-a-panel-read')
    await unreadTab.click()
    assert.equal(await unreadTab.getAttribute('aria-selected'), 'true')
    await panel.getByText(c.user.nickname, { exact: true }).waitFor()
    assert.equal(await panel.getByText(b.user.nickname, { exact: true }).count(), 0)
    // A phone: a bottom sheet, as wide as the screen.
    const sheet = await panel.locator('.receipt-panel__box').boundingBox()
    assert.equal(Math.round(sheet.width), 390)
    assert.equal(Math.round(sheet.y + sheet.height), 844)
    await screenshot(A.page, 'receipts-09-a-panel-unread')
    await byTestId(A.page, 'receipt-close').click()
    await panel.waitFor({ state: 'detached' })

    await openChat(C.page, `GROUP${group.groupId}`)
    await row(C.page, words).waitFor()
    await receiptIs(A.page, words, '全部已读')
    await screenshot(A.page, 'receipts-10-a-all-read')

    // A wide screen: the panel is a centred 368 x 510 box.
    await A.page.setViewportSize({ width: 1280, height: 800 })
    await receiptOf(A.page, words).click()
    await panel.waitFor()
    await panel.getByText(c.user.nickname, { exact: true }).waitFor()
    const box = await panel.locator('.receipt-panel__box').boundingBox()
    assert.deepEqual([Math.round(box.width), Math.round(box.height)], [368, 510])
    assert.ok(Math.abs(box.x + box.width / 2 - 640) <= 1, `not centred: x ${box.x}`)
    await screenshot(A.page, 'receipts-11-a-panel-wide')
    await byTestId(A.page, 'receipt-close').click()
    await panel.waitFor({ state: 'detached' })
  } finally {
    await A.browser.close()
    await B.browser.close()
    await C.browser.close()
  }
})
