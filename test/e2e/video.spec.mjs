// Video, in Chromium against a fresh server. A guest browses the channels (/pagesA/video/type),
// opens one, plays a clip and sees its play count go up once (a reload within the hour does not
// count again). A reader publishes a 5 s clip from 我的视频 (a 61 s one is refused in the browser
// first): the upload shows its progress, 取消 stops it, the second try goes through and the clip is
// 审核中; the operator approves it over HTTP; it is 已发布 and in its channel. Another reader likes
// it and comments; the author answers the comment. Screenshots go to test-results/screenshots.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { launchBrowser, baseUrl, screenshot } from './support.mjs'
import {
  byTestId,
  current,
  freshMobile,
  input,
  onPage,
  registerOverHttp,
  signIn,
  text,
  toastText as toast,
} from './taro.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const FIXTURES = path.join(ROOT, 'server', 'test', 'fixtures')
const CLIP = readFileSync(path.join(FIXTURES, 'video-5s.mp4'))
const LONG = readFileSync(path.join(FIXTURES, 'video-61s.mp4'))
const PASSWORD = 'reader2026'
const OPERATOR = { phone: '13800000009', password: 'demo1234' }
const TITLE = `学而篇朗读${Date.now() % 10000}`
/** 诗词赏析: the channel the clip is published in. */
const CHANNEL = 2
const COMMENT = '读得真好，字字清楚'
const REPLY = '谢谢，欢迎一起诵读'

/** A session over HTTP (the login call the app's password login sends). */
async function loginOverHttp({ phone, password }) {
  const res = await fetch(`${baseUrl}/api/login/phone`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password }),
  }).then((r) => r.json())
  assert.equal(res.code, 200, `login ${phone}: ${res.msg}`)
  return res.data.access_token
}

/** A query-style GET of the app's API, as a guest or with `token`: its `data`. */
async function api(name, query = {}, token) {
  const qs = new URLSearchParams({ s: name, ...query })
  const base = name.startsWith('User.') ? 'user.php' : 'index.php'
  const res = await fetch(`${baseUrl}/${base}?${qs}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).then((r) => r.json())
  assert.equal(res.ret, 200, `${name}: ${res.msg}`)
  return res.data
}

/** The operator's decision on a video. */
async function decide(token, id, pass, reason) {
  const res = await fetch(`${baseUrl}/api/review/decide`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ kind: 'video', id, pass, ...(reason ? { reason } : {}) }),
  }).then((r) => r.json())
  assert.equal(res.code, 200, `decide: ${res.msg}`)
  return res.data
}

/** The token the app stored after signing in. */
const appToken = (page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('access_token')).data)

const playCount = async (id) => (await api('App.Videos.VideoDetail', { id })).playCount

/** Waits until the player has played a little (currentTime past `seconds`). */
async function playing(page, seconds = 0.5) {
  const ok = await page
    .waitForFunction(
      (s) => {
        const v = [...document.querySelectorAll('.taro_page video')].find(
          (el) => el.offsetParent !== null,
        )
        return v && v.currentTime > s
      },
      seconds,
      { timeout: 8_000 },
    )
    .then(() => true)
    .catch(() => false)
  if (ok) return
  // Autoplay refused (no gesture in this document yet): press play as a person would.
  await current(page)
    .locator('video')
    .first()
    .evaluate((v) => v.play())
  await page.waitForFunction(
    (s) => [...document.querySelectorAll('.taro_page video')].some((v) => v.currentTime > s),
    seconds,
  )
}

/** Waits until the state chip of my video `id` in 我的视频 reads `label`. */
const chip = (page, id, label) =>
  current(page).locator(`[data-testid="my-video-state-${id}"]`, { hasText: label }).waitFor()

test('a guest browses the channels, plays a clip and it counts once', async () => {
  const { browser, page } = await launchBrowser()
  try {
    await page.goto(`${baseUrl}/pagesA/video/type`)
    await onPage(page, '经典诵读')
    await text(page, '诗词赏析').waitFor()
    await screenshot(page, 'video-01-channels')

    await byTestId(page, 'channel-1').click()
    await onPage(page, '论语·学而：学而时习之')
    await screenshot(page, 'video-02-channel')
    const [first] = (await api('App.Videos.VideoList', { channelId: 1, pageSize: 10 })).list
    const before = first.playCount

    const counted = page.waitForResponse((r) =>
      r.url().includes('App.Videos.RefreshVideoReadingNumber'),
    )
    await byTestId(page, `video-${first.id}`).click()
    await onPage(page, first.title)
    await playing(page)
    const firstCount = await (await counted).json()
    assert.equal(firstCount.data.counted, true)
    assert.equal(firstCount.data.count, before + 1)
    await text(page, `${before + 1}次播放`)
      .first()
      .waitFor()
    assert.equal(await playCount(first.id), before + 1)
    await screenshot(page, 'video-03-playing')

    // The same guest again within the hour: played, not counted.
    const again = page.waitForResponse((r) =>
      r.url().includes('App.Videos.RefreshVideoReadingNumber'),
    )
    await page.reload()
    await onPage(page, first.title)
    await playing(page)
    const second = await (await again).json()
    assert.equal(second.data.counted, false)
    assert.equal(second.data.count, before + 1)
    assert.equal(await playCount(first.id), before + 1)
    await text(page, `${before + 1}次播放`)
      .first()
      .waitFor()
  } finally {
    await browser.close()
  }
})

test('a reader publishes a clip (progress, 取消), it is approved, liked, commented and answered', async () => {
  const authorPhone = freshMobile('135')
  const fanPhone = freshMobile('134')
  await registerOverHttp(authorPhone, PASSWORD)
  await registerOverHttp(fanPhone, PASSWORD)
  const operator = await loginOverHttp(OPERATOR)
  const author = await launchBrowser()
  const fan = await launchBrowser()
  const guest = await launchBrowser()
  try {
    const page = author.page
    await signIn(page, authorPhone, PASSWORD)

    // ---- 我的视频 is empty; 发布视频
    await page.goto(`${baseUrl}/pagesA/mine/myVideo`)
    await onPage(page, '还没有发布过视频')
    await screenshot(page, 'video-04-my-videos-empty')
    await byTestId(page, 'my-video-publish').click()
    await onPage(page, '选择视频')

    // A 61 s clip is refused in the browser, before anything is sent.
    let chooser = page.waitForEvent('filechooser')
    await byTestId(page, 'video-pick').click()
    await (await chooser).setFiles({ name: 'long.mp4', mimeType: 'video/mp4', buffer: LONG })
    await toast(page, '视频时长不能超过60秒').waitFor()
    assert.equal(await byTestId(page, 'video-picked').count(), 0)

    chooser = page.waitForEvent('filechooser')
    await byTestId(page, 'video-pick').click()
    await (await chooser).setFiles({ name: '学而.mp4', mimeType: 'video/mp4', buffer: CLIP })
    await byTestId(page, 'video-picked').waitFor()
    await text(page, '0:05 · 23 KB').waitFor()
    await input(page, 'title').fill(TITLE)
    await byTestId(page, `video-channel-${CHANNEL}`).click()
    await screenshot(page, 'video-05-publish-form')

    // A slow uplink, so the progress is there to be seen; 取消 stops the upload.
    const cdp = await author.context.newCDPSession(page)
    await cdp.send('Network.enable')
    const uplink = (bytesPerSecond) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: bytesPerSecond,
      })
    await uplink(4 * 1024)
    const progressed = () =>
      page.waitForFunction(() => {
        const bar = document.querySelector('[data-testid="video-upload-progress"]')
        return bar && Number(bar.getAttribute('data-percent')) > 0
      })
    await byTestId(page, 'video-publish-submit').click()
    await progressed()
    await byTestId(page, 'video-upload-cancel').click()
    await toast(page, '已取消上传').waitFor()
    await byTestId(page, 'video-upload-progress').waitFor({ state: 'detached' })
    const token = await appToken(page)
    assert.equal((await api('User.Videos.MyVideoList', {}, token)).total, 0)

    await uplink(16 * 1024)
    await byTestId(page, 'video-publish-submit').click()
    await progressed()
    await screenshot(page, 'video-06-upload-progress')
    await uplink(-1)
    await toast(page, '已提交审核').waitFor()

    // ---- 我的视频 on 审核中
    await onPage(page, TITLE)
    const [mine] = (await api('User.Videos.MyVideoList', {}, token)).list
    assert.equal(mine.title, TITLE)
    assert.equal(mine.reviewState, 'pending')
    assert.equal(mine.durationMs, 5000)
    assert.equal(mine.channelId, CHANNEL)
    assert.ok(mine.cover, 'the first frame is its cover')
    const id = mine.id
    await chip(page, id, '审核中')
    assert.match(
      await byTestId(page, 'my-video-filter-pending').getAttribute('class'),
      /--on/,
      '我的视频 shows 审核中',
    )
    await screenshot(page, 'video-07-pending')
    // Not published: others do not see it.
    const hidden = await api('App.Videos.VideoList', { channelId: CHANNEL, pageSize: 50 })
    assert.ok(!hidden.list.some((v) => v.id === id))

    // ---- the operator approves it; it is 已发布 and in its channel
    const decided = await decide(operator, id, true)
    assert.equal(decided.reviewState, 'approved')
    await page.reload()
    await chip(page, id, '已发布')
    await screenshot(page, 'video-08-published')

    await guest.page.goto(`${baseUrl}/pagesA/video/video?channelId=${CHANNEL}`)
    await onPage(guest.page, TITLE)
    await byTestId(guest.page, `video-${id}`).waitFor()
    await screenshot(guest.page, 'video-09-in-channel')

    // ---- another reader likes it and comments
    const fanPage = fan.page
    await signIn(fanPage, fanPhone, PASSWORD)
    await fanPage.goto(`${baseUrl}/pagesA/video/video?channelId=${CHANNEL}`)
    await onPage(fanPage, TITLE)
    await byTestId(fanPage, `video-${id}`).click()
    await onPage(fanPage, '评论')
    await text(fanPage, TITLE).first().waitFor()
    await playing(fanPage)
    await byTestId(fanPage, 'video-like').click()
    await current(fanPage).locator('[data-testid="video-like"].is-on').waitFor()
    await input(fanPage, 'comment').fill(COMMENT)
    await byTestId(fanPage, 'comment-send').click()
    await text(fanPage, COMMENT).waitFor()
    await screenshot(fanPage, 'video-10-liked-commented')
    const detail = await api('App.Videos.VideoDetail', { id })
    assert.equal(detail.likeCount, 1)
    assert.equal(detail.commentCount, 1)

    // ---- the author answers the comment on the play page
    await page.goto(`${baseUrl}/pagesA/video/play?id=${id}`)
    await onPage(page, COMMENT)
    await text(page, COMMENT).click()
    await input(page, 'comment').fill(REPLY)
    await byTestId(page, 'comment-send').click()
    await text(page, `：${REPLY}`).waitFor()
    await screenshot(page, 'video-11-replied')

    // The reader sees the answer.
    await fanPage.reload()
    await onPage(fanPage, COMMENT)
    await text(fanPage, `：${REPLY}`).waitFor()
    await screenshot(fanPage, 'video-12-reply-seen')
  } finally {
    await author.browser.close()
    await fan.browser.close()
    await guest.browser.close()
  }
})
