// A reader's path through the books area, in Chromium against a fresh server: a guest browses
// home, a category and a book; logs in; reads two chapters, changes the font size, leaves and
// reopens at the same place; collects the book and finds it in collections and the bookcase;
// writes a reflection (a blocked word first); listens to an audio chapter; sees reading time and
// the ranking, and likes another reader's rank.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, baseUrl, screenshot } from './support.mjs'
import {
  byTestId,
  confirmModal,
  current,
  input,
  loginWithPassword,
  onPage,
  settled,
  text,
  toastText as toast,
} from './taro.mjs'

const DEMO = { mobile: '13800000000', password: 'demo1234' }

async function api(path) {
  const res = await fetch(baseUrl + path)
  const body = await res.json()
  if (body.code !== 200 && body.ret !== 200) throw new Error(`${path}: ${body.msg}`)
  return body.data
}

/** The demo reader's reading time today, over HTTP with a session of its own. */
async function todaySeconds() {
  const res = await fetch(`${baseUrl}/api/login/phone`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: DEMO.mobile, password: DEMO.password }),
  }).then((r) => r.json())
  const info = await fetch(`${baseUrl}/user.php?s=User.BookInfo.MyReadingTimeInfo`, {
    headers: { authorization: `Bearer ${res.data.access_token}` },
  }).then((r) => r.json())
  return info.data.todaySeconds
}

async function findBook(name) {
  const page = await api(`/api/books/findBooksInfoAppList?keyword=${encodeURIComponent(name)}`)
  const book = page.list.find((b) => b.booksName === name)
  assert.ok(book, `the seed has ${name}`)
  return book
}

/** The reader's scroll box, scrolled by `dy` (or to the end with Infinity). */
async function scrollReader(page, dy) {
  await current(page)
    .locator('.reader__scroll')
    .evaluate((el, by) => {
      el.scrollTop = by === null ? el.scrollHeight : el.scrollTop + by
      el.dispatchEvent(new Event('scroll'))
    }, dy)
}

/** The id of the first text block at the top of the reader's screen. */
const topBlock = (page) =>
  current(page)
    .locator('.reader__block')
    .evaluateAll((blocks) => blocks.find((b) => b.getBoundingClientRect().bottom > 8)?.id ?? '')

/** A tap in the middle of the screen opens the reader's menu (without scrolling anything). */
async function openReaderMenu(page) {
  await page.mouse.click(195, 420)
  await byTestId(page, 'reader-menu').waitFor()
}

const readerFontPx = (page) =>
  current(page)
    .locator('.reader__text')
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize))

test('a reader browses, reads, keeps the place, collects, reflects, listens and ranks', async () => {
  const lunyu = await findBook('论语')
  const dizigui = await findBook('弟子规')
  assert.ok(dizigui.hasAudio, '弟子规 has audio')
  const readBefore = await todaySeconds()
  const { browser, page } = await launchBrowser()
  try {
    // ---- a guest browses home, a category and a book
    await page.goto(baseUrl + '/')
    await text(page, '推荐好书').waitFor()
    await byTestId(page, `book-${lunyu.id}`).waitFor()
    await screenshot(page, 'books-01-home-guest')
    await current(page)
      .locator('.home__category')
      .getByText(lunyu.classificationName, { exact: true })
      .click()
    await onPage(page, lunyu.booksBrief)
    await screenshot(page, 'books-02-category')
    await byTestId(page, `book-${lunyu.id}`).click()
    await onPage(page, '开始阅读')
    await text(page, '学而篇').first().waitFor()
    await screenshot(page, 'books-03-detail-guest')

    // ---- collecting needs a login: the modal, the login page, and back to the book
    await byTestId(page, 'collect').click()
    await confirmModal(page, '去登录')
    await loginWithPassword(page, DEMO.mobile, DEMO.password)
    await onPage(page, '开始阅读')
    await byTestId(page, 'collect').click()
    await toast(page, '已加入收藏').waitFor()
    assert.equal((await byTestId(page, 'collect').textContent()).trim(), '已收藏')

    // ---- read two chapters
    await text(page, '开始阅读').click()
    await byTestId(page, 'reader').waitFor()
    await settled(page)
    assert.equal(await byTestId(page, 'chapter-title').textContent(), '学而篇')
    await screenshot(page, 'books-04-reader-chapter1')
    await scrollReader(page, null)
    await byTestId(page, 'end-next').click()
    await page.waitForFunction(
      () =>
        document.querySelector('.taro_page:last-child [data-testid="chapter-title"]')
          ?.textContent === '为政篇',
    )

    // ---- a larger font, kept on the device
    const before = await readerFontPx(page)
    await openReaderMenu(page)
    await byTestId(page, 'font-size-up').click()
    await byTestId(page, 'font-size-up').click()
    assert.equal(await byTestId(page, 'font-size').textContent(), '22')
    await screenshot(page, 'books-05-reader-menu')
    await current(page).locator('.reader-menu__mask').click()
    const bigger = await readerFontPx(page)
    assert.ok(bigger > before, `font grew from ${before} to ${bigger}`)

    // ---- read on a little, leave, and come back to the same place
    await scrollReader(page, 700)
    await page.waitForTimeout(400)
    const place = await topBlock(page)
    assert.match(place, /^b([1-9]\d*)-0$/, `a later paragraph is on top (${place})`)
    await screenshot(page, 'books-06-reader-scrolled')
    await openReaderMenu(page)
    await current(page).locator('.reader-menu__back').click()
    await onPage(page, '继续阅读')
    await text(page, /读到 为政篇/).waitFor()
    await text(page, '继续阅读').click()
    await byTestId(page, 'reader').waitFor()
    await settled(page)
    await page.waitForFunction(
      () => document.querySelector('.taro_page:last-child .reader__block') !== null,
    )
    assert.equal(await topBlock(page), place, 'reopened at the same paragraph')
    assert.match(await byTestId(page, 'chapter-title').textContent(), /为政篇/)
    assert.equal(await readerFontPx(page), bigger, 'the font size is kept')
    await screenshot(page, 'books-07-reader-reopened')

    // ---- the book is in collections and in the bookcase
    await page.goto(`${baseUrl}/pagesA/collect/book`)
    await byTestId(page, `collect-item-${lunyu.id}`).waitFor()
    await screenshot(page, 'books-08-collections')
    await page.goto(`${baseUrl}/pagesA/book/case`)
    await byTestId(page, `case-item-${lunyu.id}`).waitFor()
    await text(page, /为政篇/)
      .first()
      .waitFor()
    await screenshot(page, 'books-09-bookcase')

    // ---- a reflection: a blocked word is refused and the draft stays
    await page.goto(`${baseUrl}/pagesA/read/detail?id=${lunyu.id}`)
    await onPage(page, '继续阅读')
    // A book with a place is on the bookcase: the button says so and is no action.
    assert.equal((await byTestId(page, 'bookcase').textContent()).trim(), '已在书架')
    await byTestId(page, 'write-thought').click()
    await onPage(page, '发表')
    const draft = '读到“有朋自远方来”，想起六合彩的广告。'
    await input(page, 'content').fill(draft)
    await byTestId(page, 'thought-submit').click()
    await text(page, '内容包含违规词语，请修改后再提交').waitFor()
    assert.equal(await input(page, 'content').inputValue(), draft)
    const reflection = '<b>学而时习之</b>：温故而知新，可以为师矣。'
    await input(page, 'content').fill(reflection)
    await byTestId(page, 'thought-submit').click()
    await toast(page, '书评已发表').waitFor()
    await onPage(page, '继续阅读')
    await text(page, reflection).waitFor()
    assert.equal(await current(page).locator('.reflection__content b').count(), 0)
    await screenshot(page, 'books-10-reflection')

    // ---- listen to an audio chapter
    await page.goto(`${baseUrl}/pagesA/read/listen?id=${dizigui.id}&serial=2`)
    await byTestId(page, 'listen').waitFor()
    assert.equal(await byTestId(page, 'listen-state').textContent(), '已暂停')
    await byTestId(page, 'play-toggle').click()
    await text(page, '播放中').waitFor()
    await page.waitForFunction(
      () => document.querySelector('[data-testid="listen-position"]')?.textContent !== '0:00',
      null,
      { timeout: 10_000 },
    )
    await screenshot(page, 'books-11-listening')
    await byTestId(page, 'play-toggle').click()
    await text(page, '已暂停').waitFor()

    // ---- reading time and the ranking
    await page.goto(`${baseUrl}/pagesA/mine/readTime`)
    await byTestId(page, 'today-seconds').waitFor()
    // Leaving the reader (back to the book) reported the time spent reading.
    const readAfter = await todaySeconds()
    assert.ok(readAfter > readBefore, `reading time grew from ${readBefore} s to ${readAfter} s`)
    await screenshot(page, 'books-12-reading-time')

    const ranking = await api('/api/rankingList/findDurationBooksList?period=week')
    const other = ranking.list.find((entry) => entry.nickname === '书友小林')
    assert.ok(other, '书友小林 is on the week ranking')
    await page.goto(`${baseUrl}/pagesA/mine/rankTop`)
    await byTestId(page, `rank-row-${other.userId}`).waitFor()
    await byTestId(page, 'my-rank').waitFor()
    // The demo data has 演示读者 liking 书友小林 already: a tap unlikes, the next likes again.
    const likes = byTestId(page, `rank-likes-${other.userId}`)
    const count = async () => Number((await likes.textContent()).replace(/\D/g, '') || 0)
    const likesBefore = await count()
    await byTestId(page, `rank-like-${other.userId}`).click()
    await page.waitForFunction(
      ([id, n]) =>
        Number(
          document
            .querySelector(`[data-testid="rank-likes-${id}"]`)
            ?.textContent?.replace(/\D/g, '') || 0,
        ) === n,
      [other.userId, likesBefore - 1],
    )
    await byTestId(page, `rank-like-${other.userId}`).click()
    await page.waitForFunction(
      ([id, n]) =>
        Number(
          document
            .querySelector(`[data-testid="rank-likes-${id}"]`)
            ?.textContent?.replace(/\D/g, '') || 0,
        ) === n,
      [other.userId, likesBefore],
    )
    await screenshot(page, 'books-13-ranking-liked')
    const after = await api('/api/rankingList/findDurationBooksList?period=week')
    assert.equal(after.list.find((e) => e.userId === other.userId).likes, likesBefore)
  } finally {
    await browser.close()
  }
})
