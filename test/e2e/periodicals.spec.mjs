// Magazines and newspapers in Chromium against a fresh server. A guest browses the magazines
// (categories → list → 古文月刊 → 第1期), reads its first article and turns to the next, then opens a
// newspaper edition by its date, a page (版面) and an article on it. A fresh reader collects 古文月刊
// and finds it in 收藏的杂志, opens its 第3期, picks the 3rd article in the contents and scrolls on
// into it, leaves; on another device (a second browser, the same login) 继续阅读 brings back the
// same article at the same paragraph. Then the reader uploads an issue of a new magazine as page
// images, with progress, and sees it 审核中 on the magazine's page.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, baseUrl, screenshot } from './support.mjs'
import {
  byTestId,
  current,
  freshMobile,
  input,
  onPage,
  pngBytes,
  registerOverHttp,
  settled,
  signIn,
  text,
  toastText as toast,
} from './taro.mjs'

const PASSWORD = 'reader2026'

/** A REST call of the app's API as a guest or with `token`: its `data`. */
async function api(path, token) {
  const res = await fetch(`${baseUrl}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  const body = await res.json()
  assert.equal(body.code ?? body.ret, 200, `${path}: ${body.msg}`)
  return body.data
}

/** The title shown by the article reader (once one is shown). */
async function articleTitle(page) {
  const title = byTestId(page, 'article-title')
  await title.waitFor()
  return (await title.textContent()).trim()
}

/** A tap in the middle of the screen (on the article, where it is scrolled to) opens the menu. */
async function openMenu(page) {
  await page.mouse.click(195, 420)
  await byTestId(page, 'reader-menu').waitFor()
}

/** The index of the paragraph at the top of the reader's screen, as the app measures it. */
const topParagraph = (page) =>
  current(page)
    .locator('.article-view__para')
    .evaluateAll((paras) => {
      const top = paras.find((p) => p.getBoundingClientRect().bottom > 8) ?? paras.at(-1)
      return Number(top.id.replace('pp-', ''))
    })

test('a guest browses magazines and a newspaper edition and reads articles', async () => {
  const { browser, page } = await launchBrowser()
  try {
    // ---- magazines: categories → 古典文学 → 古文月刊 → 第1期
    await page.goto(`${baseUrl}/pagesA/maga/type`)
    await onPage(page, '全部杂志')
    await screenshot(page, 'periodicals-01-magazine-types')
    await text(page, '古典文学').click()
    await onPage(page, '古文月刊')
    await text(page, '最新：第3期').waitFor()
    await screenshot(page, 'periodicals-02-magazine-list')
    await byTestId(page, 'magazine-1').click()
    await onPage(page, '往期（共3期）')
    await text(page, '开始阅读').waitFor()
    await screenshot(page, 'periodicals-03-magazine-detail')
    await byTestId(page, 'issue-1').click()
    assert.equal(await articleTitle(page), '卷首语')
    await settled(page)
    await text(page, '古文月刊 · 第1期').waitFor()
    await screenshot(page, 'periodicals-04-article')

    // ---- the next article, from the menu; then the one after from the article's end
    const contents = await api('/app/magazine/Books/MagazineChapter?issueId=1')
    const titles = contents.articles.map((a) => a.title)
    await openMenu(page)
    assert.equal(await byTestId(page, 'next-article').textContent(), '下一篇')
    await screenshot(page, 'periodicals-05-menu')
    await byTestId(page, 'next-article').click()
    await text(page, titles[1], { exact: true }).first().waitFor()
    assert.equal(await articleTitle(page), titles[1])
    await byTestId(page, 'end-next-article').click()
    await page
      .waitForFunction(
        (want) =>
          document.querySelector('.taro_page:last-child [data-testid="article-title"]')
            ?.textContent === want,
        titles[2],
      )
      .catch(() => undefined)
    assert.equal(await articleTitle(page), titles[2])

    // ---- a newspaper: its page, an edition by date, a page (版面), an article on it
    await page.goto(`${baseUrl}/pagesA/paper/detail?id=1`)
    await onPage(page, '阅读最新一期')
    const paper = await api('/user.php?s=User.Newspaper.NewspaperDetail&id=1')
    assert.equal(paper.editions.length, 7)
    const yesterday = paper.editions[1]
    await byTestId(page, `date-${yesterday.date}`).click()
    await byTestId(page, `edition-${yesterday.id}`).waitFor()
    await screenshot(page, 'periodicals-06-newspaper-detail')
    await byTestId(page, `edition-${yesterday.id}`).click()
    await onPage(page, '第一版 要闻 · 本版文章')
    await byTestId(page, 'page-image').waitFor()
    await screenshot(page, 'periodicals-07-edition-page')
    await byTestId(page, 'page-tab-1').click()
    await text(page, '第二版 文苑 · 本版文章').waitFor()
    const catalogue = await api(
      `/app/press/findBooksNewspaperNewspaperCatalogue?editionId=${yesterday.id}`,
    )
    const onPage2 = catalogue.pages[1].articles
    await byTestId(page, `page-article-${onPage2[0].id}`).click()
    assert.equal(await articleTitle(page), onPage2[0].title)
    await text(page, `经典晨报 · ${yesterday.title} · 第二版 文苑`).waitFor()
    await screenshot(page, 'periodicals-08-newspaper-article')
    await byTestId(page, 'end-next-article').click()
    await page.waitForFunction(
      (want) =>
        [...document.querySelectorAll('[data-testid="article-title"]')].some(
          (el) => el.textContent === want,
        ),
      onPage2[1].title,
    )
    // Back to the page, then the edition before by date.
    await openMenu(page)
    await byTestId(page, 'show-page').click()
    await text(page, '第二版 文苑 · 本版文章').waitFor()
    await byTestId(page, 'prev-edition').click()
    await text(page, paper.editions[2].title).waitFor()
    await screenshot(page, 'periodicals-09-edition-before')
  } finally {
    await browser.close()
  }
})

test('a reader collects a magazine, reads, comes back to the same place elsewhere, uploads an issue', async () => {
  const mobile = freshMobile('136')
  await registerOverHttp(mobile, PASSWORD)
  const first = await launchBrowser()
  const second = await launchBrowser()
  try {
    const page = first.page
    await signIn(page, mobile, PASSWORD)

    // ---- collect 古文月刊, find it in 收藏的杂志
    await page.goto(`${baseUrl}/pagesA/maga/detail?id=1`)
    await onPage(page, '往期（共3期）')
    await byTestId(page, 'collect').click()
    await toast(page, '已加入收藏').waitFor()
    await toast(page, '已加入收藏').waitFor({ state: 'hidden' })
    assert.equal((await byTestId(page, 'collect').textContent()).trim(), '已收藏')
    await page.goto(`${baseUrl}/pagesA/collect/maga`)
    await onPage(page, '古文月刊')
    await screenshot(page, 'periodicals-10-collected')

    // ---- 第3期: the contents, the 3rd article, on into it
    await page.goto(`${baseUrl}/pagesA/maga/detail?id=1`)
    await onPage(page, '往期（共3期）')
    await byTestId(page, 'issue-3').click()
    assert.equal(await articleTitle(page), '卷首语')
    await settled(page)
    await openMenu(page)
    await byTestId(page, 'open-contents').click()
    await byTestId(page, 'contents').waitFor()
    const third = current(page).locator('[data-testid^="contents-"].contents__item').nth(2)
    const chosen = (await third.locator('.contents__item-title').textContent()).trim()
    await third.click()
    await page.waitForFunction(
      (want) =>
        [...document.querySelectorAll('[data-testid="article-title"]')].some(
          (el) => el.textContent === want,
        ),
      chosen,
    )
    await byTestId(page, 'contents').waitFor({ state: 'detached' })
    const paragraphs = await current(page).locator('.article-view__para').count()
    assert.ok(paragraphs >= 3, `${chosen} has ${paragraphs} paragraphs`)
    await current(page)
      .locator('#pp-2')
      .evaluate((el) => el.scrollIntoView({ block: 'start' }))
    await page.waitForTimeout(600)
    const at = await topParagraph(page)
    assert.ok(at > 0, `scrolled on into the article (paragraph ${at} at the top)`)
    await screenshot(page, 'periodicals-11-reading')
    // The contents tick what was read (a place saved signs the article): 卷首语 so far.
    await openMenu(page)
    await byTestId(page, 'open-contents').click()
    await byTestId(page, 'contents').waitFor()
    await screenshot(page, 'periodicals-12-contents')
    // The drawer covers the left of the screen: a tap on the right closes it.
    await current(page)
      .locator('.contents__mask')
      .click({ position: { x: 370, y: 400 } })

    // ---- leave the reader (back to the magazine): the place goes with it
    await openMenu(page)
    await byTestId(page, 'reader-back').click()
    await onPage(page, '继续阅读')
    await text(page, `读到 第3期 · ${chosen}`).waitFor()
    await screenshot(page, 'periodicals-13-continue')
    // The time read went to the magazine, as a book's would (reported when the reader closed).
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('access_token')).data)
    let credited = 0
    for (let i = 0; i < 20 && credited === 0; i++) {
      const days = await api('/user.php?s=User.BookInfo.MyReadingTimeList', token)
      const item = days.list[0]?.books.find((b) => b.source === 'magazine' && b.booksId === 1)
      credited = item?.seconds ?? 0
      if (!credited) await page.waitForTimeout(250)
    }
    assert.ok(credited > 0, 'reading time credited to 古文月刊')

    // ---- another device, the same reader: 继续阅读 opens the same article at the same place
    const other = second.page
    await signIn(other, mobile, PASSWORD)
    await other.goto(`${baseUrl}/pagesA/maga/detail?id=1`)
    await onPage(other, '继续阅读')
    await text(other, `读到 第3期 · ${chosen}`).waitFor()
    await byTestId(other, 'read').click()
    assert.equal(await articleTitle(other), chosen)
    await other.waitForFunction((want) => {
      const paras = [...document.querySelectorAll('.article-view__para')]
      const top = paras.find((p) => p.getBoundingClientRect().bottom > 8)
      return top?.id === `pp-${want}`
    }, at)
    assert.equal(await topParagraph(other), at)
    await screenshot(other, 'periodicals-14-same-place-elsewhere')

    // ---- upload an issue of a new magazine as page images, with progress
    await page.goto(`${baseUrl}/pagesA/maga/list`)
    await onPage(page, '上传杂志')
    await byTestId(page, 'magazine-upload').click()
    await onPage(page, '新杂志')
    const name = `读书札记${mobile.slice(-4)}`
    await input(page, 'name').fill(name)
    await byTestId(page, 'category-2').click()
    await input(page, 'title').fill('创刊号')
    let chooser = page.waitForEvent('filechooser')
    await byTestId(page, 'cover-image-add').click()
    await (
      await chooser
    ).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: pngBytes(200) })
    await byTestId(page, 'mode-pages').click()
    chooser = page.waitForEvent('filechooser')
    await byTestId(page, 'pages-image-add').click()
    await (
      await chooser
    ).setFiles(
      [1, 2, 3].map((n) => ({
        name: `page-${n}.png`,
        mimeType: 'image/png',
        buffer: pngBytes(300 + n),
      })),
    )
    for (const id of ['cover-image-0', 'pages-image-0', 'pages-image-1', 'pages-image-2']) {
      await current(page).locator(`[data-testid="${id}"][data-uploaded="1"]`).waitFor()
    }
    await screenshot(page, 'periodicals-15-upload-form', { fullPage: true })
    await current(page).getByText('提交审核', { exact: true }).click()
    await toast(page, '已提交，等待审核').waitFor()
    await onPage(page, name)
    await text(page, '审核中').waitFor()
    await current(page).locator('.periodical-detail__issue-title', { hasText: '创刊号' }).waitFor()
    await screenshot(page, 'periodicals-16-pending')
    // Not public: the magazine is nowhere in the list for anyone else.
    const list = await api(
      `/app/magazine/findBooksMagazineAppList?keyword=${encodeURIComponent(name)}`,
    )
    assert.equal(list.total, 0)
  } finally {
    await first.browser.close()
    await second.browser.close()
  }
})
