// Two readers chat in Chromium against a fresh server (the local chat engine over the server's
// gateway): A opens B's profile and starts a chat, sends text, an emoji, a face, an image and a
// file; B sees them live with the tab badge and the row's unread count; A revokes one and B sees
// the notice; B quotes A and A jumps to the original; A's draft survives leaving and reopening; B
// pins and mutes the conversation from the long-press menu.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, baseUrl, screenshot } from './support.mjs'
import {
  byTestId,
  current,
  freshMobile,
  onPage,
  pngBytes,
  registerOverHttp,
  settled,
  tab,
  signIn,
  tabBadge,
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

/**
 * x asks y to be book friends and y accepts (x's greeting opens their chat): A's run of messages
 * below, before B answers, is more than the stranger rule lets through to someone who is not a friend.
 */
async function befriend(x, y) {
  await api(x.token, 'POST', '/api/bookCompanion/createMineFriends', { userId: y.user.user_id })
  const { list } = await api(y.token, 'GET', '/api/bookCompanion/findFriendRequestList')
  await api(y.token, 'POST', '/api/bookCompanion/handleFriendRequest', {
    id: list[0].id,
    accept: 1,
  })
}

/** Holds a touch on the element for `ms` (the long press of rows, 300 ms, and bubbles, 500 ms). */
async function longPress(locator, ms = 650) {
  await locator.dispatchEvent('touchstart', {
    touches: [{ identifier: 1, clientX: 10, clientY: 10 }],
  })
  await new Promise((resolve) => setTimeout(resolve, ms))
  await locator.dispatchEvent('touchend')
}

const sheetItem = (page, label) =>
  page.locator('.taro-actionsheet__cell, .weui-actionsheet__cell').getByText(label, { exact: true })

const chatText = (page) => current(page).locator('[data-testid="chat-text"] textarea')

async function sendText(page, value) {
  await chatText(page).fill(value)
  await byTestId(page, 'chat-send').click()
  await byTestId(page, 'msg-text').getByText(value).last().waitFor()
}

/** A one-second WebM recorded from a canvas in the page, as bytes. */
async function recordClip(page) {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas')
    canvas.width = 160
    canvas.height = 120
    const context = canvas.getContext('2d')
    const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm' })
    const chunks = []
    recorder.ondataavailable = (e) => chunks.push(e.data)
    recorder.start()
    for (let i = 0; i < 10; i++) {
      context.fillStyle = `hsl(${i * 36}, 70%, 50%)`
      context.fillRect(0, 0, 160, 120)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const stopped = new Promise((resolve) => (recorder.onstop = resolve))
    recorder.stop()
    await stopped
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer())
    let text = ''
    for (const b of bytes) text += String.fromCharCode(b)
    return btoa(text)
  })
  return Buffer.from(base64, 'base64')
}

const bubbleOf = (page, value) =>
  current(page).locator('.msg__bubble').filter({ hasText: value }).last()

test('two readers chat live: text, emoji, face, image, file, revoke, quote, draft, pin, mute', async () => {
  const a = { mobile: freshMobile('135') }
  const b = { mobile: freshMobile('134') }
  for (const who of [a, b]) {
    const login = await registerOverHttp(who.mobile, PASSWORD)
    who.user = login.user
    who.token = login.access_token
  }
  await befriend(a, b)
  const A = await launchBrowser()
  const B = await launchBrowser()
  try {
    await signIn(A.page, a.mobile, PASSWORD)
    await signIn(B.page, b.mobile, PASSWORD)
    await tab(B.page, '会话')
    // The greeting is there and unread: one more with A's first message.
    await byTestId(B.page, 'conversation-unread').getByText('1', { exact: true }).waitFor()

    // ---- A starts the chat from B's profile
    await A.page.goto(`${baseUrl}/pagesA/friend/userDetail?id=${b.user.user_id}`)
    await onPage(A.page, b.user.nickname)
    await byTestId(A.page, 'send-message').click()
    await byTestId(A.page, 'chat-page').waitFor()
    await settled(A.page)
    await A.page.waitForFunction((name) => document.title === name, b.user.nickname)

    await sendText(A.page, '你好，最近在读什么？')
    // B sees the conversation change live, with its unread count and the tab badge.
    const row = byTestId(B.page, 'conversation-row')
    await row.getByText('你好，最近在读什么？').waitFor()
    await byTestId(B.page, 'conversation-unread').getByText('2', { exact: true }).waitFor()
    await B.page.waitForFunction(
      () => document.querySelector('.taro-tabbar__tabbar .weui-badge')?.textContent?.trim() === '2',
    )
    assert.equal(await tabBadge(B.page), 2)
    await screenshot(B.page, 'chat-01-b-row-unread')

    // ---- an emoji inline, a face, an image and a file
    await byTestId(A.page, 'emoji-toggle').click()
    await current(A.page).locator('[data-testid="emoji"][data-name="书"]').click()
    await byTestId(A.page, 'chat-send').click()
    await byTestId(A.page, 'msg-text').getByText('📖').waitFor()
    // The panel stays open after sending, as in WeChat.
    await byTestId(A.page, 'emoji-tab-hands').click()
    await current(A.page).locator('[data-testid="big-emoji"][data-name="鼓掌"]').click()
    await current(A.page).locator('[data-testid="msg-face"][aria-label="鼓掌"]').waitFor()
    await byTestId(A.page, 'emoji-toggle').click()

    await byTestId(A.page, 'tools-toggle').click()
    let chooser = A.page.waitForEvent('filechooser')
    await byTestId(A.page, 'tool-image').click()
    await (
      await chooser
    ).setFiles({ name: 'page.png', mimeType: 'image/png', buffer: pngBytes(300) })
    await byTestId(A.page, 'msg-image').waitFor()

    // A file large enough for the progress bar to show while it uploads.
    await byTestId(A.page, 'tools-toggle').click()
    chooser = A.page.waitForEvent('filechooser')
    await byTestId(A.page, 'tool-file').click()
    const notes = Buffer.alloc(6 * 1024 * 1024, '论语笔记 ')
    await (await chooser).setFiles({ name: '读书笔记.txt', mimeType: 'text/plain', buffer: notes })
    await current(A.page)
      .locator('.msg__progress')
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => {
        // On a fast machine the upload can finish before the bar is seen; the file must still arrive.
      })
    await byTestId(A.page, 'msg-file').getByText('6.00M').waitFor()

    // A short video recorded in the page (MediaRecorder on a canvas): sent with its first frame.
    await byTestId(A.page, 'tools-toggle').click()
    chooser = A.page.waitForEvent('filechooser')
    await byTestId(A.page, 'tool-video').click()
    await (
      await chooser
    ).setFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: await recordClip(A.page) })
    await current(A.page).locator('[data-testid="msg-video"] .msg-video__snapshot').waitFor()
    await A.page.waitForFunction(
      () =>
        document.querySelectorAll(
          '.taro_page:last-child .msg__spinner, .taro_page:last-child .msg__progress',
        ).length === 0,
    )
    await screenshot(A.page, 'chat-02-a-sent')

    // ---- B opens the conversation: everything arrived, in order
    await row.click()
    await byTestId(B.page, 'chat-page').waitFor()
    await settled(B.page)
    for (const id of ['msg-face', 'msg-image', 'msg-file', 'msg-video']) {
      await byTestId(B.page, id).waitFor()
    }
    const texts = await byTestId(B.page, 'msg-text').allTextContents()
    assert.deepEqual(texts, ['你好，最近在读什么？', '📖'])
    await screenshot(B.page, 'chat-03-b-received')
    await byTestId(B.page, 'msg-video').click()
    await current(B.page).locator('[data-testid="chat-video"]').waitFor()
    await settled(B.page)
    await B.page.goBack()
    await byTestId(B.page, 'chat-page').waitFor()
    await settled(B.page)

    // ---- A revokes the first message; B sees who revoked it; A can edit it again
    await longPress(bubbleOf(A.page, '你好，最近在读什么？'))
    await sheetItem(A.page, '撤回').click()
    await byTestId(A.page, 'msg-tip').getByText('你撤回了一条消息').waitFor()
    await byTestId(B.page, 'msg-tip').getByText(`${a.user.nickname}撤回了一条消息`).waitFor()
    await byTestId(A.page, 'msg-tip').getByText('重新编辑').click()
    assert.equal(await chatText(A.page).inputValue(), '你好，最近在读什么？')
    await chatText(A.page).fill('')

    // ---- markup typed into a message stays text on both sides and runs nothing
    const markup = '<img src=x onerror="window.__xss=1"><b>粗体</b>'
    await sendText(A.page, markup)
    await byTestId(B.page, 'msg-text').getByText(markup).waitFor()
    for (const page of [A.page, B.page]) {
      assert.equal(await page.evaluate(() => window.__xss), undefined)
      assert.equal(await current(page).locator('.msg-text img, .msg-text b').count(), 0)
    }

    // ---- B quotes A's next message; A jumps from the reference to it
    await sendText(A.page, '在读《孟子》，梁惠王上篇')
    await bubbleOf(B.page, '在读《孟子》，梁惠王上篇').waitFor()
    await longPress(bubbleOf(B.page, '在读《孟子》，梁惠王上篇'))
    await sheetItem(B.page, '引用').click()
    await byTestId(B.page, 'quote-bar').waitFor()
    await sendText(B.page, '我也在读，一起讨论')
    const reply = byTestId(A.page, 'msg-reply')
    await reply.getByText('在读《孟子》，梁惠王上篇', { exact: false }).waitFor()
    await reply.click()
    await current(A.page).locator('.msg__bubble--blink').waitFor()
    await screenshot(A.page, 'chat-04-a-quote-jump')

    // ---- A's draft survives leaving and reopening, and shows on the row
    await chatText(A.page).fill('还没写完的话')
    await A.page.goBack()
    await onPage(A.page, b.user.nickname)
    await A.page.goto(`${baseUrl}/pages/friend/index`)
    await byTestId(A.page, 'conversation-row').getByText('[草稿] 还没写完的话').waitFor()
    await screenshot(A.page, 'chat-05-a-draft-row')
    await byTestId(A.page, 'conversation-row').click()
    await byTestId(A.page, 'chat-page').waitFor()
    await settled(A.page)
    await A.page.waitForFunction(
      () =>
        document.querySelector('.taro_page:last-child [data-testid="chat-text"] textarea')
          ?.value === '还没写完的话',
    )

    // ---- B pins and mutes the conversation from the long-press menu
    await B.page.goBack()
    await onPage(B.page, '消息通知')
    const bRow = byTestId(B.page, 'conversation-row')
    await longPress(bRow)
    await sheetItem(B.page, '置顶').click()
    await current(B.page).locator('.conv-row--pinned').waitFor()
    // On a PC the right click opens the same menu.
    await bRow.click({ button: 'right' })
    await sheetItem(B.page, '消息免打扰').click()
    await byTestId(B.page, 'conversation-muted').waitFor()
    await screenshot(B.page, 'chat-06-b-pinned-muted')
    // Taro keeps `{data}` under each storage key.
    const token = await B.page.evaluate(() => JSON.parse(localStorage.getItem('access_token')).data)
    const list = await fetch(`${baseUrl}/api/chat/conversations`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json())
    const stored = list.data.conversationList[0]
    assert.equal(stored.isPinned, true)
    assert.equal(stored.isMuted, true)
  } catch (error) {
    await screenshot(A.page, 'chat-failed-a').catch(() => undefined)
    await screenshot(B.page, 'chat-failed-b').catch(() => undefined)
    throw error
  } finally {
    await A.browser.close()
    await B.browser.close()
  }
})

test('the same reader signing in elsewhere gets the account notice; a lost network shows the banner', async () => {
  const c = { mobile: freshMobile('133') }
  c.user = (await registerOverHttp(c.mobile, PASSWORD)).user
  const first = await launchBrowser()
  const second = await launchBrowser()
  try {
    await signIn(first.page, c.mobile, PASSWORD)
    await tab(first.page, '会话')
    await onPage(first.page, '暂无会话，去添加书友聊聊读过的书吧')

    // Offline: the banner of chat-spec section 8; back online it goes once chat reconnects.
    await first.context.setOffline(true)
    await byTestId(first.page, 'net-banner').getByText('网络异常，请检查网络设置').waitFor()
    await screenshot(first.page, 'chat-07-offline-banner')
    await first.context.setOffline(false)
    await byTestId(first.page, 'net-banner').waitFor({ state: 'detached', timeout: 20_000 })

    // The same account on a second browser: the first one is told and can log in again.
    await signIn(second.page, c.mobile, PASSWORD)
    const modal = first.page.locator('.taro-modal__content:visible')
    await modal.getByText('账号通知').waitFor()
    await modal.getByText('您的账号已在其他设备登录').waitFor()
    await screenshot(first.page, 'chat-08-kicked-out')
    await modal.locator('.taro-model__confirm').getByText('重新登录').click()
    // Logging in again here moves the session back: now the second browser is told.
    await second.page.locator('.taro-modal__content:visible').getByText('账号通知').waitFor()
  } finally {
    await first.browser.close()
    await second.browser.close()
  }
})
