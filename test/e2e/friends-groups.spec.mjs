// Book friends and reading groups with three readers in Chromium against a fresh server: A adds B
// by B's friend code, B sees the request on the conversations tab and accepts, and their chat
// opens with the greeting; A creates a group with B and C, makes B admin, mutes C (C sees the
// muted text instead of the input), mutes all (only A and B speak); C applies to a second,
// approval-only group and B approves it from the chat's application drawer; A @-mentions C (C's
// row shows the notice); A transfers the group to B and quits.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, baseUrl, screenshot } from './support.mjs'
import {
  byTestId,
  confirmModal,
  current,
  freshMobile,
  onPage,
  registerOverHttp,
  settled,
  signIn,
  tab,
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

const chatText = (page) => current(page).locator('[data-testid="chat-text"] textarea')

async function sendText(page, value) {
  await chatText(page).fill(value)
  await byTestId(page, 'chat-send').click()
  await byTestId(page, 'msg-text').getByText(value).last().waitFor()
}

async function reader(prefix) {
  const mobile = freshMobile(prefix)
  const login = await registerOverHttp(mobile, PASSWORD)
  return { mobile, user: login.user, token: login.access_token }
}

test('A adds B by friend code, B accepts from 新的书友, and they chat', async () => {
  const a = await reader('135')
  const b = await reader('134')
  const A = await launchBrowser()
  const B = await launchBrowser()
  try {
    await signIn(A.page, a.mobile, PASSWORD)
    await signIn(B.page, b.mobile, PASSWORD)

    // B's code, as B sees it on the add-friend page (also in B's QR code).
    await B.page.goto(`${baseUrl}/pagesA/friend/addFriendByCode`)
    const codeEl = byTestId(B.page, 'my-friend-code')
    await B.page.waitForFunction(() =>
      /^[A-Z0-9]{8}$/.test(
        document.querySelector('[data-testid="my-friend-code"]')?.textContent?.trim() ?? '',
      ),
    )
    const code = (await codeEl.textContent()).trim()

    // A opens the link B's QR code carries: the code is filled in and its owner shown.
    await A.page.goto(
      `${baseUrl}/pagesA/friend/addFriendByCode?code=${code}&spid=${b.user.user_id}`,
    )
    await byTestId(A.page, 'code-owner').getByText(b.user.nickname).waitFor()
    await current(A.page)
      .locator('[data-testid="friend-greeting"] textarea')
      .fill('你好，我也在读论语')
    await byTestId(A.page, 'friend-request-send').click()
    await byTestId(A.page, 'request-sent').waitFor()
    await screenshot(A.page, 'friends-01-a-request-sent')

    // B: the conversations tab counts the new request; B accepts it and the chat opens.
    await B.page.goto(`${baseUrl}/pages/friend/index`)
    await byTestId(B.page, 'friend-requests-unread').getByText('1', { exact: true }).waitFor()
    await screenshot(B.page, 'friends-02-b-new-friend-badge')
    await current(B.page).getByText('新的书友', { exact: true }).click()
    await byTestId(B.page, `request-${a.user.user_id}`).getByText('你好，我也在读论语').waitFor()
    await byTestId(B.page, `accept-${a.user.user_id}`).click()
    await byTestId(B.page, 'chat-page').waitFor()
    await settled(B.page)
    await byTestId(B.page, 'msg-tip').getByText('你好，我也在读论语').waitFor()
    await sendText(B.page, '欢迎，一起读')
    await screenshot(B.page, 'friends-03-b-chat-greeting')

    // A sees B among friends (the count on the conversations tab too) and the reply in their chat.
    await A.page.goto(`${baseUrl}/pages/friend/index`)
    await byTestId(A.page, 'friend-total').getByText('书友 1').waitFor()
    await byTestId(A.page, 'conversation-row').getByText('欢迎，一起读').waitFor()
    await A.page.goto(`${baseUrl}/pagesA/friend/friend`)
    await byTestId(A.page, `friend-${b.user.user_id}`).click()
    await byTestId(A.page, 'friend-name').getByText(b.user.nickname).waitFor()

    // A remark longer than 96 bytes is refused on the device with the spec's text.
    await current(A.page).getByText('备注', { exact: true }).click()
    await current(A.page).locator('[data-testid="remark-input"] input').fill('读'.repeat(33))
    await byTestId(A.page, 'remark-save').click()
    await byTestId(A.page, 'remark-error')
      .getByText('修改备注失败：备注长度不能超过96字节')
      .waitFor()
    await current(A.page).locator('[data-testid="remark-input"] input').fill('论语同学')
    await byTestId(A.page, 'remark-save').click()
    await byTestId(A.page, 'friend-name').getByText('论语同学').waitFor()
    await screenshot(A.page, 'friends-04-a-friend-detail')
  } finally {
    await A.browser.close()
    await B.browser.close()
  }
})

const sheetItem = (page, label) =>
  page.locator('.taro-actionsheet__cell, .weui-actionsheet__cell').getByText(label, { exact: true })

/** Makes two readers friends over HTTP (the UI path is the test above). */
async function befriend(x, y) {
  const { code } = await api(y.token, 'GET', '/api/bookCompanion/findMyFriendCode')
  await api(x.token, 'POST', '/api/bookCompanion/createMineFriends', { code })
  const { list } = await api(y.token, 'GET', '/api/bookCompanion/findFriendRequestList')
  await api(y.token, 'POST', '/api/bookCompanion/handleFriendRequest', {
    id: list[0].id,
    accept: 1,
  })
}

async function openGroupChat(page, groupId) {
  await page.goto(`${baseUrl}/TUIKit/components/TUIChat/index?conversationID=GROUP${groupId}`)
  await byTestId(page, 'chat-page').waitFor()
  await settled(page)
}

test('A runs a group with B and C: admin, mutes, mute-all, an approval, @, transfer and quit', async () => {
  const a = await reader('135')
  const b = await reader('134')
  const c = await reader('133')
  await befriend(a, b)
  await befriend(a, c)
  const A = await launchBrowser()
  const B = await launchBrowser()
  const C = await launchBrowser()
  try {
    await signIn(A.page, a.mobile, PASSWORD)
    await signIn(B.page, b.mobile, PASSWORD)
    await signIn(C.page, c.mobile, PASSWORD)

    // ---- A creates 论语读书会 with B and C from the conversations tab's menu
    await tab(A.page, '会话')
    await byTestId(A.page, 'friends-menu-open').click()
    await byTestId(A.page, 'friends-menu-读书群').click()
    await byTestId(A.page, 'friends-menu-发起群聊').click()
    await onPage(A.page, '请选择书友')
    await byTestId(A.page, 'pick-done').click() // nothing chosen: nothing happens
    await current(A.page).locator('[data-testid="group-name"] input').fill('论语读书会')
    await byTestId(A.page, 'pick-all').click()
    await byTestId(A.page, 'pick-done').click()
    await byTestId(A.page, 'chat-page').waitFor()
    await settled(A.page)
    await byTestId(A.page, 'msg-tip').getByText('创建了群聊', { exact: false }).waitFor()
    const groupId = Number(new URL(A.page.url()).searchParams.get('conversationID').slice(5))
    assert.ok(groupId > 0)
    await A.page.waitForFunction(() => document.title === '论语读书会')
    await screenshot(A.page, 'groups-01-a-created')

    // B and C have the group in their lists.
    for (const page of [B.page, C.page]) {
      await tab(page, '会话')
      await byTestId(page, 'conversation-row').getByText('论语读书会').waitFor()
    }

    // ---- A makes B admin and mutes C from 群管理
    await byTestId(A.page, 'chat-more').click()
    await byTestId(A.page, 'group-manage').click()
    await current(A.page).getByText('成员管理', { exact: true }).click()
    await byTestId(A.page, `set-admin-${b.user.user_id}`).click()
    await byTestId(A.page, `member-row-${b.user.user_id}`).getByText('管理员').waitFor()
    await byTestId(A.page, `mute-${c.user.user_id}`).click()
    await sheetItem(A.page, '10分钟').click()
    await byTestId(A.page, `muted-${c.user.user_id}`).waitFor()
    await screenshot(A.page, 'groups-02-a-manage')

    // C, in the group's chat, sees the mute text instead of the input, and the tip.
    await openGroupChat(C.page, groupId)
    await byTestId(C.page, 'chat-input-blocked').getByText('您已被管理员禁言').waitFor()
    await byTestId(C.page, 'msg-tip').getByText('禁言10分钟', { exact: false }).waitFor()
    await screenshot(C.page, 'groups-03-c-muted')

    // ---- A lifts C's mute and turns on mute-all: C still cannot speak, B (admin) and A can.
    await byTestId(A.page, `mute-${c.user.user_id}`).click()
    await current(C.page).locator('[data-testid="chat-text"]').waitFor()
    await current(A.page).getByText('群设置', { exact: true }).click()
    await byTestId(A.page, 'mute-all').click()
    await byTestId(C.page, 'chat-input-blocked').getByText('管理员开启全员禁言').waitFor()
    await byTestId(C.page, 'group-mute-banner').waitFor()
    await openGroupChat(B.page, groupId)
    await sendText(B.page, '管理员也能发言')
    await byTestId(C.page, 'msg-text').getByText('管理员也能发言').waitFor()
    await screenshot(C.page, 'groups-04-c-mute-all')
    await byTestId(A.page, 'mute-all').click()
    await current(C.page).locator('[data-testid="chat-text"]').waitFor()

    // ---- C applies to an approval-only group where B is admin; B approves from the drawer
    const second = await api(a.token, 'POST', '/api/bookCompanion/createGroupChatInfoApp', {
      name: '孟子夜读',
      userIds: [b.user.user_id],
      joinMode: 'approval',
    })
    await api(a.token, 'POST', '/api/bookCompanion/createOrRemoveMembersApp', {
      groupId: second.groupId,
      userId: b.user.user_id,
      admin: 1,
    })
    await C.page.goto(`${baseUrl}/pagesA/friend/selectGroup`)
    await byTestId(C.page, `join-${second.groupId}`).click()
    await current(C.page)
      .locator('[data-testid="apply-reason"] input, [data-testid="apply-reason"] textarea')
      .first()
      .fill('想一起读孟子')
    await byTestId(C.page, 'apply-send').click()
    await byTestId(C.page, `join-${second.groupId}`).getByText('已申请').waitFor()

    await openGroupChat(B.page, second.groupId)
    await byTestId(B.page, 'application-bar').getByText('1 条入群申请').waitFor()
    await byTestId(B.page, 'application-open').click()
    await byTestId(B.page, `application-${c.user.user_id}`).getByText('想一起读孟子').waitFor()
    await screenshot(B.page, 'groups-05-b-application-drawer')
    await byTestId(B.page, `application-agree-${c.user.user_id}`).click()
    await byTestId(B.page, 'application-drawer').waitFor({ state: 'detached' })
    await byTestId(B.page, 'msg-tip').getByText(`${c.user.nickname}加入了群聊`).waitFor()

    // ---- A @-mentions C in 论语读书会; C's row shows the notice
    await C.page.goto(`${baseUrl}/pages/friend/index`)
    await byTestId(C.page, 'conversation-row').getByText('论语读书会').waitFor()
    await openGroupChat(A.page, groupId)
    await chatText(A.page).fill('@')
    await byTestId(A.page, 'at-picker').waitFor()
    await byTestId(A.page, 'at-all').waitFor()
    await byTestId(A.page, `at-${c.user.user_id}`).click()
    assert.equal(await chatText(A.page).inputValue(), `@${c.user.nickname} `)
    await chatText(A.page).fill(`@${c.user.nickname} 今晚读《学而》`)
    await byTestId(A.page, 'chat-send').click()
    const cRow = byTestId(C.page, 'conversation-row').filter({ hasText: '论语读书会' })
    await cRow.locator('[data-testid="conversation-at"]').getByText('[有人@我]').waitFor()
    await screenshot(C.page, 'groups-06-c-at-notice')

    // ---- A hands the group to B, then quits; B sees both tips
    await byTestId(A.page, 'chat-more').click()
    await byTestId(A.page, 'group-manage').click()
    await current(A.page).getByText('成员管理', { exact: true }).click()
    await byTestId(A.page, `transfer-${b.user.user_id}`).click()
    await confirmModal(A.page, '转让')
    // The member page goes back after its toast: tap 退出群聊 once the page behind is settled.
    await byTestId(A.page, 'group-quit').waitFor()
    await settled(A.page)
    await byTestId(A.page, 'group-quit').click()
    await confirmModal(A.page, '退出')
    await openGroupChat(B.page, groupId)
    await byTestId(B.page, 'msg-tip').getByText(`将群主转让给你`, { exact: false }).waitFor()
    await byTestId(B.page, 'msg-tip').getByText(`${a.user.nickname}退出了群聊`).waitFor()
    await screenshot(B.page, 'groups-07-b-owner')
  } finally {
    await A.browser.close()
    await B.browser.close()
    await C.browser.close()
  }
})
