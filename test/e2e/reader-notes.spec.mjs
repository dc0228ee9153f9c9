// Reading at WeRead's level, in Chromium against a fresh server: a reader searches 静夜思 in
// simplified characters and lands on the poem in the traditional text of 唐诗三百首; selects its first
// line, marks it with a note; makes the text larger and finds the mark still on the same words;
// adds a bookmark, goes elsewhere and jumps back through the catalogue's bookmarks; then, in a
// second browser context logged in as the same reader, finds the highlight and the note there too.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, baseUrl, screenshot } from './support.mjs'
import {
  byTestId,
  current,
  freshMobile,
  input,
  onPage,
  registerOverHttp,
  settled,
  signIn,
  text,
  toastText as toast,
} from './taro.mjs'

const PASSWORD = 'reader2026'
const LINE = '床前明月光，疑是地上霜，'
const NOTE = '月光如霜，一句便见乡愁。'

/** A tap in the middle of the screen opens the reader's menu. */
async function openReaderMenu(page) {
  await page.mouse.click(195, 420)
  await byTestId(page, 'reader-menu').waitFor()
}

/** Selects the characters [from, to) of the block that holds `needle`, as a reader's drag does. */
async function selectInBlock(page, needle, from, to) {
  await current(page)
    .locator('.reader__block', { hasText: needle })
    .first()
    .evaluate(
      (el, [a, b]) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
        const nodes = []
        for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n)
        const at = (offset) => {
          let rest = offset
          for (const node of nodes) {
            if (rest <= node.length) return [node, rest]
            rest -= node.length
          }
          const last = nodes[nodes.length - 1]
          return [last, last.length]
        }
        const range = document.createRange()
        range.setStart(...at(a))
        range.setEnd(...at(b))
        const selection = document.getSelection()
        selection.removeAllRanges()
        selection.addRange(range)
      },
      [from, to],
    )
}

/** The text of every highlight on the reader's screen. */
const markTexts = (page) =>
  current(page)
    .locator('.reader__mark')
    .evaluateAll((marks) => marks.map((m) => m.textContent))

const readerFontPx = (page) =>
  current(page)
    .locator('.reader__text')
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize))

test('search across scripts, a highlight with a note through a font change and on another device, a bookmark', async () => {
  const mobile = freshMobile('135')
  await registerOverHttp(mobile, PASSWORD)
  const first = await launchBrowser()
  const second = await launchBrowser()
  try {
    const page = first.page
    await signIn(page, mobile, PASSWORD)

    // ---- search in simplified characters, land on the poem in the traditional text
    await page.goto(`${baseUrl}/pagesA/book/search`)
    await settled(page)
    await current(page).locator('input').first().fill('静夜思')
    await text(page, '搜索', { exact: true }).click()
    const hit = current(page).locator('[data-testid^="passage-"]').first()
    await hit.waitFor()
    assert.match(await hit.textContent(), /靜夜思/)
    assert.match(await hit.textContent(), /唐诗三百首/)
    await screenshot(page, 'reader-notes-01-search')
    await hit.click()
    await byTestId(page, 'reader').waitFor()
    await settled(page)
    const line = current(page).locator('.reader__block', { hasText: LINE }).first()
    await line.waitFor()
    const box = await line.boundingBox()
    assert.ok(box && box.y >= 0 && box.y < 400, `the poem is near the top (${box?.y})`)

    // ---- select the first line, write a note on it
    await selectInBlock(page, LINE, 0, LINE.length - 1)
    await byTestId(page, 'mark-bar').waitFor()
    assert.equal(await byTestId(page, 'mark-quote').textContent(), LINE.slice(0, -1))
    await byTestId(page, 'mark-note').click()
    await input(page, 'note').fill(NOTE)
    await byTestId(page, 'note-sheet-save').click()
    await toast(page, '想法已保存').waitFor()
    await toast(page, '想法已保存').waitFor({ state: 'hidden' }) // it sits where the taps go
    await page.waitForFunction(() => document.querySelectorAll('.reader__mark').length > 0)
    assert.deepEqual(await markTexts(page), [LINE.slice(0, -1)])
    await screenshot(page, 'reader-notes-02-highlighted')

    // ---- a larger text: the mark stays on its words
    const before = await readerFontPx(page)
    await openReaderMenu(page)
    await byTestId(page, 'font-size-up').click()
    await byTestId(page, 'font-size-up').click()
    await byTestId(page, 'line-height-up').click()
    await screenshot(page, 'reader-notes-03-menu')
    await current(page).locator('.reader-menu__mask').click()
    assert.ok((await readerFontPx(page)) > before, 'the text grew')
    assert.deepEqual(await markTexts(page), [LINE.slice(0, -1)])
    await screenshot(page, 'reader-notes-04-larger')

    // ---- a bookmark here; go to the first chapter; jump back through the catalogue
    await openReaderMenu(page)
    const place = await byTestId(page, 'reader-progress').textContent()
    assert.match(place, /^已读 \d+(\.\d)?%$/)
    await byTestId(page, 'bookmark').click()
    await toast(page, '已添加书签').waitFor()
    await toast(page, '已添加书签').waitFor({ state: 'hidden' })
    await current(page).locator('.reader-menu__mask').click()
    await byTestId(page, 'bookmark-ribbon').waitFor()
    await openReaderMenu(page)
    await byTestId(page, 'open-catalogue').click()
    await current(page).locator('.catalogue__item').nth(1).click()
    await byTestId(page, 'bookmark-ribbon').waitFor({ state: 'detached' })
    await openReaderMenu(page)
    await byTestId(page, 'open-catalogue').click()
    await byTestId(page, 'bookmarks-tab').click()
    const mark = current(page).locator('[data-testid^="bookmark-"].catalogue__mark').first()
    await mark.waitFor()
    // The larger text kept the poem at the top: the bookmark is on its title.
    assert.match(await mark.textContent(), /《靜夜思》/)
    await screenshot(page, 'reader-notes-05-bookmarks')
    await mark.click()
    await byTestId(page, 'bookmark-ribbon').waitFor()
    await current(page).locator('.reader__block', { hasText: LINE }).first().waitFor()

    // ---- the same reader on another device: the highlight and the note are there
    const other = second.page
    await signIn(other, mobile, PASSWORD)
    await other.goto(`${baseUrl}/pagesA/read/notes`)
    await onPage(other, NOTE)
    await text(other, LINE.slice(0, -1)).first().waitFor()
    await screenshot(other, 'reader-notes-06-notes-elsewhere')
    await text(other, LINE.slice(0, -1)).first().click()
    await byTestId(other, 'reader').waitFor()
    await other.waitForFunction(() => document.querySelectorAll('.reader__mark').length > 0)
    assert.deepEqual(await markTexts(other), [LINE.slice(0, -1)])
    await current(other).locator('.reader__mark').first().click()
    await byTestId(other, 'mark-bar').waitFor()
    await text(other, `想法：${NOTE}`).waitFor()
    await screenshot(other, 'reader-notes-07-mark-elsewhere')
  } finally {
    await first.browser.close()
    await second.browser.close()
  }
})
