// Feedback, complaints and the block list, in Chromium against a fresh server: a reader sends a
// suggestion with a picture, finds it in 我的反馈 and deletes it; complains about another reader
// with a reason; blocks them from their profile and takes them off the block list again.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, baseUrl, screenshot } from './support.mjs'
import {
  byTestId,
  confirmModal,
  freshMobile,
  input,
  loginWithPassword,
  onPage,
  pngBytes,
  registerOverHttp,
  settled,
  text,
  toastText as toast,
} from './taro.mjs'

const PASSWORD = 'reader2026'

test('a reader sends feedback, complains about someone, blocks and unblocks them', async () => {
  const me = { mobile: freshMobile('135') }
  const other = { mobile: freshMobile('134') }
  me.user = (await registerOverHttp(me.mobile, PASSWORD)).user
  other.user = (await registerOverHttp(other.mobile, PASSWORD)).user
  const { browser, page } = await launchBrowser()
  try {
    await page.goto(`${baseUrl}/pages/public/login`)
    await loginWithPassword(page, me.mobile, PASSWORD)
    await page.waitForURL((url) => !url.pathname.includes('/public/login'))

    // ---- a suggestion with a picture; an empty one is refused first
    await page.goto(`${baseUrl}/pagesA/mine/feedback`)
    await byTestId(page, 'feedback-submit').waitFor()
    await byTestId(page, 'feedback-submit').click()
    await text(page, '请输入反馈内容').waitFor()
    const suggestion = '希望书库里多一些宋词，《稼轩长短句》最好。'
    await input(page, 'content').fill(suggestion)
    const chooser = page.waitForEvent('filechooser')
    await byTestId(page, 'feedback-image-add').click()
    await (
      await chooser
    ).setFiles({ name: 'shot.png', mimeType: 'image/png', buffer: pngBytes(40) })
    await page.locator('[data-testid="feedback-image-0"][data-uploaded="1"]').waitFor()
    await screenshot(page, 'feedback-01-form')
    await byTestId(page, 'feedback-submit').click()
    await toast(page, '提交成功').waitFor()
    await onPage(page, suggestion)
    const mine = await fetch(`${baseUrl}/user.php?s=User.FeedBack.MyFeedbackList`, {
      headers: {
        authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('access_token')).data)}`,
      },
    }).then((r) => r.json())
    const item = mine.data.list[0]
    assert.equal(item.content, suggestion)
    assert.equal(item.images.length, 1)
    await byTestId(page, `feedback-image-${item.id}-0`).waitFor()
    await screenshot(page, 'feedback-02-list')
    await byTestId(page, `feedback-delete-${item.id}`).click()
    await confirmModal(page, '删除')
    await byTestId(page, `feedback-item-${item.id}`).waitFor({ state: 'detached' })

    // ---- a complaint about the other reader, with a reason
    await page.goto(
      `${baseUrl}/pagesA/friend/feedback?targetType=user&targetId=${other.user.user_id}`,
    )
    await byTestId(page, 'complaint-submit').waitFor()
    await byTestId(page, 'complaint-submit').click()
    await text(page, '请选择投诉原因').waitFor()
    const reasons = await fetch(`${baseUrl}/api/utils/find/App/UtilsComplaintList`).then((r) =>
      r.json(),
    )
    const harassment = reasons.data.find((r) => r.name === '广告骚扰')
    await byTestId(page, `complaint-reason-${harassment.id}`).click()
    await input(page, 'content').fill('反复私信推销课程。')
    await screenshot(page, 'feedback-03-complaint')
    await byTestId(page, 'complaint-submit').click()
    await toast(page, '投诉已提交').waitFor()

    // ---- block from the profile, then take them off the block list
    await page.goto(`${baseUrl}/pagesA/friend/userDetail?id=${other.user.user_id}`)
    await byTestId(page, 'user-more').click()
    await page.locator('.taro-actionsheet__cell, .weui-actionsheet__cell').getByText('拉黑').click()
    await confirmModal(page, '拉黑')
    await toast(page, '已拉黑').waitFor()
    await page.goto(`${baseUrl}/pagesA/friend/blockList`)
    await byTestId(page, `unblock-${other.user.user_id}`).waitFor()
    await settled(page)
    await screenshot(page, 'feedback-04-block-list')
    await byTestId(page, `unblock-${other.user.user_id}`).click()
    await confirmModal(page, '移出')
    await byTestId(page, `unblock-${other.user.user_id}`).waitFor({ state: 'detached' })
  } finally {
    await browser.close()
  }
})
