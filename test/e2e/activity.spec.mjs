// Activities, in Chromium against a fresh server. A guest opens an entry's shared link (书友小林's
// 《唐诗三百首》陪我度过的夜晚 in the running 读书月 · 我的读书故事, 3 votes a day), taps 投票, logs
// in when asked and is brought back: the vote is cast. A second vote for the same entry is refused;
// two more votes on the activity page use up the day's three, and a fourth is refused by the server.
// Another reader applies with an entry (title, text, a picture) and signs in on 我的参与.
// Screenshots go to test-results/screenshots.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, baseUrl, screenshot } from './support.mjs'
import {
  byTestId,
  confirmModal,
  current,
  freshMobile,
  input,
  loginWithPassword,
  onPage,
  pngBytes,
  registerOverHttp,
  signIn,
  text,
  toastText as toast,
} from './taro.mjs'

const PASSWORD = 'reader2026'
const ACTIVITY = '读书月 · 我的读书故事'
const ENTRY = { id: 1, title: '《唐诗三百首》陪我度过的夜晚' }
/** 书友小林, who shared the entry. */
const SHARER = 2

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

const votesOf = async (id) => (await api('App.ActivityVote.VoteItemDetail', { id })).votes

/** The token the app stored after signing in. */
const appToken = (page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('access_token')).data)

test('a guest opens a shared entry, logs in, votes, and is refused past the limit', async () => {
  const phone = freshMobile('136')
  await registerOverHttp(phone, PASSWORD)
  const before = await votesOf(ENTRY.id)
  const { browser, page } = await launchBrowser()
  try {
    await page.goto(`${baseUrl}/pagesB/activity/detail?id=${ENTRY.id}&spid=${SHARER}`)
    await onPage(page, ENTRY.title)
    await text(page, '书友小林').first().waitFor()
    await text(page, ACTIVITY).first().waitFor()
    await screenshot(page, 'activity-01-shared-entry')

    // 投票 as a guest: the login modal, the login page, back to the entry with the vote cast.
    await byTestId(page, 'entry-vote').click()
    await confirmModal(page, '去登录')
    await loginWithPassword(page, phone, PASSWORD)
    await page.waitForURL((url) => url.pathname.includes('/pagesB/activity/detail'))
    await onPage(page, ENTRY.title)
    await toast(page, '投票成功').waitFor()
    await current(page).locator('[data-testid="entry-vote"]', { hasText: '今日已投' }).waitFor()
    await text(page, '今日还可投2票').waitFor()
    assert.equal(await votesOf(ENTRY.id), before + 1)
    await screenshot(page, 'activity-02-voted')

    // The same entry again today: refused.
    await byTestId(page, 'entry-vote').click()
    await toast(page, '今天已为该作品投票').waitFor()
    assert.equal(await votesOf(ENTRY.id), before + 1)

    // Two more on the activity page use up the day's three; the fourth is refused by the server.
    await byTestId(page, 'entry-activity').click()
    await onPage(page, '参赛作品')
    await text(page, '今日还可投2票').waitFor()
    for (const id of [2, 3]) {
      await byTestId(page, `entry-vote-${id}`).click()
      await toast(page, '投票成功').waitFor()
      await toast(page, '投票成功').waitFor({ state: 'hidden' })
    }
    await text(page, '今日还可投0票').waitFor()
    const fourth = await votesOf(4)
    const refused = page.waitForResponse((r) => r.url().includes('User.Spec_ActivityVote.Vote'))
    await byTestId(page, 'entry-vote-4').click()
    const body = await (await refused).json()
    assert.equal(body.ret, 400)
    assert.equal(body.msg, '今日投票次数已用完')
    await toast(page, '今日投票次数已用完').waitFor()
    assert.equal(await votesOf(4), fourth)
    await screenshot(page, 'activity-03-limit')
    const mine = await api('App.ActivityVote.ActivityDetail', { id: 1 }, await appToken(page))
    assert.equal(mine.mine.votesLeftToday, 0)
  } finally {
    await browser.close()
  }
})

test('a reader applies with an entry and signs in', async () => {
  const phone = freshMobile('137')
  await registerOverHttp(phone, PASSWORD)
  const { browser, page } = await launchBrowser()
  const title = `我的读书故事${Date.now() % 10000}`
  try {
    await signIn(page, phone, PASSWORD)
    await page.goto(`${baseUrl}/pagesB/activity/list`)
    await onPage(page, ACTIVITY)
    await screenshot(page, 'activity-04-list')
    await byTestId(page, 'activity-1').click()
    await onPage(page, '参赛作品')
    await screenshot(page, 'activity-05-desc')
    await byTestId(page, 'activity-apply').click()
    await onPage(page, '提交报名')

    // Checked before it is sent.
    await byTestId(page, 'entry-submit').click()
    await text(page, '请输入作品标题').waitFor()
    await input(page, 'title').fill(title)
    await input(page, 'content').fill('小时候在外婆家读《三字经》，如今读给孩子听。')
    const chooser = page.waitForEvent('filechooser')
    await byTestId(page, 'entry-image-add').click()
    await (
      await chooser
    ).setFiles({ name: 'story.png', mimeType: 'image/png', buffer: pngBytes(80) })
    await page.locator('[data-testid="entry-image-0"][data-uploaded="1"]').waitFor()
    await screenshot(page, 'activity-06-apply-form')
    await byTestId(page, 'entry-submit').click()
    await toast(page, '报名成功').waitFor()

    // 我的参与: my entry, no sign-in yet; 签到.
    await onPage(page, '我的作品')
    await text(page, title).waitFor()
    await text(page, '已签到0天').waitFor()
    await byTestId(page, 'activity-sign').click()
    await toast(page, '签到成功').waitFor()
    await text(page, '已签到1天').waitFor()
    await current(page)
      .locator('[data-testid="activity-sign"]', { hasText: '今日已签到' })
      .waitFor()
    await screenshot(page, 'activity-07-signed')

    const token = await appToken(page)
    const sign = await api('User.Spec_ActivityVote.MySign', { activityId: 1 }, token)
    assert.equal(sign.entry.title, title)
    assert.equal(sign.signedToday, true)
    assert.equal(sign.total, 1)
    const entry = await api('App.ActivityVote.VoteItemDetail', { id: sign.entry.id })
    assert.equal(entry.images.length, 1)

    // The activity page now offers 我的参与 instead of 我要报名.
    await page.goto(`${baseUrl}/pagesB/activity/desc?id=1`)
    await onPage(page, '参赛作品')
    await byTestId(page, 'activity-my-info').waitFor()
    assert.equal(await byTestId(page, 'activity-apply').count(), 0)
  } finally {
    await browser.close()
  }
})
