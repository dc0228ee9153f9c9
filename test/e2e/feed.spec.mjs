// Two readers on the feed, in Chromium against a fresh server: A posts a reading report with two
// pictures (and markup that must stay text); B sees it, likes and comments; A's messages centre
// and tab badge show both and clear when read; B follows A and A finds B among followers; A blocks
// B and B's comment disappears for A.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, baseUrl, screenshot } from './support.mjs'
import {
  byTestId,
  confirmModal,
  freshMobile,
  input,
  onPage,
  pngBytes,
  registerOverHttp,
  settled,
  tab,
  text,
  toastText as toast,
  signIn,
  tabBadge,
} from './taro.mjs'

const PASSWORD = 'reader2026'
// Markup and script in user text: shown as text, never run.
const PAYLOAD = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>'
const POST_TEXT = `读《论语·学而》：学而时习之，不亦说乎。${PAYLOAD}`

const noScriptRan = (page) => page.evaluate(() => window.__xss === undefined)

test('A posts; B likes, comments and follows; A reads the messages and blocks B', async () => {
  const a = { mobile: freshMobile('137') }
  const b = { mobile: freshMobile('136') }
  a.user = (await registerOverHttp(a.mobile, PASSWORD)).user
  b.user = (await registerOverHttp(b.mobile, PASSWORD)).user
  const A = await launchBrowser()
  const B = await launchBrowser()
  try {
    // ---- A writes a report with two pictures
    await signIn(A.page, a.mobile, PASSWORD)
    await tab(A.page, '读后感')
    await byTestId(A.page, 'compose').click()
    await onPage(A.page, '发表')
    await input(A.page, 'content').fill(POST_TEXT)
    for (const name of ['one.png', 'two.png']) {
      const chooser = A.page.waitForEvent('filechooser')
      await byTestId(A.page, 'post-image-add').click()
      await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: pngBytes(48) })
    }
    await A.page.waitForFunction(
      () => document.querySelectorAll('.taro_page:last-child [data-uploaded="1"]').length === 2,
    )
    await screenshot(A.page, 'feed-01-compose')
    await byTestId(A.page, 'post-submit').click()
    await toast(A.page, '发表成功').waitFor()
    await onPage(A.page, '还没有读后感，来发第一篇吧').catch(() => undefined)
    const posted = await fetch(
      `${baseUrl}/api/publication/findPublicationFrame?userId=${a.user.user_id}`,
    )
      .then((r) => r.json())
      .then((body) => body.data.list[0])
    assert.equal(posted.images.length, 2)
    await byTestId(A.page, `post-${posted.id}`).waitFor()
    assert.ok(await noScriptRan(A.page))
    await screenshot(A.page, 'feed-02-feed-with-post')

    // ---- B sees it, likes it and comments
    await signIn(B.page, b.mobile, PASSWORD)
    await tab(B.page, '读后感')
    const card = byTestId(B.page, `post-${posted.id}`)
    await card.waitFor()
    assert.ok((await card.textContent()).includes(PAYLOAD), 'the markup shows as text')
    assert.equal(await card.locator('img[src="x"], script').count(), 0)
    assert.equal(await card.locator('.image-grid__item').count(), 2)
    await byTestId(B.page, `post-like-${posted.id}`).click()
    await B.page.waitForFunction(
      (id) => document.querySelector(`[data-testid="post-likes-${id}"]`)?.textContent === '1',
      posted.id,
    )
    await card.locator('.post-card__text').click()
    await onPage(B.page, '还没有评论，说点什么吧')
    await input(B.page, 'comment').fill('写得好！温故而知新。')
    await byTestId(B.page, 'comment-send').click()
    await text(B.page, '写得好！温故而知新。').waitFor()
    assert.ok(await noScriptRan(B.page))
    await screenshot(B.page, 'feed-03-b-commented')

    // ---- A: the tab badge and the messages centre show the like and the comment
    await tab(A.page, '会话')
    await byTestId(A.page, 'messages-unread').waitFor()
    assert.equal((await byTestId(A.page, 'messages-unread').textContent()).trim(), '2')
    assert.equal(await tabBadge(A.page), 2)
    await screenshot(A.page, 'feed-04-a-badge')
    await text(A.page, '消息通知').click()
    await onPage(A.page, '点赞')
    assert.equal((await byTestId(A.page, 'msg-unread-comment').textContent()).trim(), '1')
    assert.equal((await byTestId(A.page, 'msg-unread-like').textContent()).trim(), '1')
    await screenshot(A.page, 'feed-05-a-messages')
    await byTestId(A.page, 'msg-row-comment').click()
    await text(A.page, /写得好！温故而知新。/)
      .first()
      .waitFor()
    await settled(A.page)
    await A.page.goBack()
    await byTestId(A.page, 'msg-row-like').waitFor()
    await settled(A.page)
    await byTestId(A.page, 'msg-row-like').click()
    await text(A.page, new RegExp(b.user.nickname)).first().waitFor()
    await settled(A.page)
    await A.page.goBack()
    await byTestId(A.page, 'msg-row-like').waitFor()
    await A.page.waitForFunction(
      () => !document.querySelector('.taro_page:last-child [data-testid^="msg-unread-"]'),
    )
    await settled(A.page)
    await A.page.goBack()
    await onPage(A.page, '消息通知')
    await A.page.waitForFunction(
      () =>
        !document.querySelector('.taro-tabbar__tabbar .weui-badge:not([style*="none"])')
          ?.offsetParent,
    )
    assert.equal(await byTestId(A.page, 'messages-unread').count(), 0)

    // ---- B follows A from A's profile
    await B.page.goto(`${baseUrl}/pagesA/friend/userDetail?id=${a.user.user_id}`)
    await byTestId(B.page, 'follow').waitFor()
    await byTestId(B.page, 'follow').click()
    await B.page.waitForFunction(
      () => document.querySelector('[data-testid="user-followers"]')?.textContent === '1',
    )
    assert.equal((await byTestId(B.page, 'follow').textContent()).trim(), '已关注')
    await screenshot(B.page, 'feed-06-b-follows-a')

    // ---- A sees B among followers
    await A.page.goto(`${baseUrl}/pages/mine/index`)
    await byTestId(A.page, 'stat-followers').waitFor()
    await A.page.waitForFunction(
      () => document.querySelector('[data-testid="stat-followers"]')?.textContent === '1',
    )
    await byTestId(A.page, 'stat-followers').click()
    await byTestId(A.page, `user-row-${b.user.user_id}`).waitFor()
    await settled(A.page)
    await screenshot(A.page, 'feed-07-a-followers')

    // ---- A blocks B; B's comment is gone for A
    await A.page.goto(`${baseUrl}/pagesA/friend/userDetail?id=${b.user.user_id}`)
    await byTestId(A.page, 'user-more').click()
    await A.page
      .locator('.taro-actionsheet__cell, .weui-actionsheet__cell')
      .getByText('拉黑')
      .click()
    await confirmModal(A.page, '拉黑')
    await toast(A.page, '已拉黑').waitFor()
    await A.page.goto(`${baseUrl}/pagesA/report/detail?id=${posted.id}`)
    await byTestId(A.page, `post-${posted.id}`).waitFor()
    await text(A.page, '还没有评论，说点什么吧').waitFor()
    assert.equal(await text(A.page, '写得好！温故而知新。').count(), 0)
    assert.ok(await noScriptRan(A.page))
    await screenshot(A.page, 'feed-08-a-blocked-b')
  } catch (err) {
    await screenshot(A.page, 'feed-failed-a').catch(() => undefined)
    await screenshot(B.page, 'feed-failed-b').catch(() => undefined)
    throw err
  } finally {
    await A.browser.close()
    await B.browser.close()
  }
})
