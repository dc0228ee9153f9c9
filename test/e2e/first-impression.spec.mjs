// What a visitor from a share link sees first, in Chromium against a fresh server: an address the
// app does not have shows the not-found page (the address as text, a way home); the home tiles
// and search show their SVG icons; drawn covers show every character of their titles; empty
// states have their own picture; the tab bar is 60 px and the page ends above it.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, baseUrl, screenshot } from './support.mjs'
import {
  byTestId,
  current,
  freshMobile,
  loginWithPassword,
  onPage,
  registerOverHttp,
  text,
} from './taro.mjs'

/** Waits for the not-found page and answers the address it shows. */
async function notFoundAddress(page) {
  await onPage(page, '返回首页')
  return (await byTestId(page, 'not-found-path').innerText()).trim()
}

test('an address the app does not have shows 页面不存在 with the address and a way home', async () => {
  const { browser, page } = await launchBrowser()
  try {
    const response = await page.goto(`${baseUrl}/pagesA/nothing/here?x=1`)
    assert.equal(response?.status(), 200)
    assert.equal(await notFoundAddress(page), '/pagesA/nothing/here?x=1')
    await text(page, '页面不存在', { exact: true }).first().waitFor()
    assert.equal(await current(page).locator('.empty__picture--error').count(), 1)
    // The address bar shows the not-found page, the address asked for in its `path`.
    const url = new URL(page.url())
    assert.equal(url.pathname, '/pages/public/notFound')
    assert.equal(url.searchParams.get('path'), '/pagesA/nothing/here?x=1')
    await screenshot(page, 'first-impression-not-found')

    await byTestId(page, 'not-found-home').click()
    await page.waitForURL(/\/pages\/index\/index$/)
    await onPage(page, '推荐好书')
  } finally {
    await browser.close()
  }
})

test('the address is shown as text, never markup, and the referrer it carried is kept', async () => {
  const { browser, page } = await launchBrowser()
  try {
    await page.goto(`${baseUrl}/pagesA/<b id="injected">x</b>/<img src=y onerror=alert(1)>?spid=1`)
    const shown = await notFoundAddress(page)
    assert.ok(shown.startsWith('/pagesA/<b id="injected">x</b>/<img src=y'), shown)
    assert.equal(await page.locator('#injected').count(), 0)
    assert.equal(await current(page).locator('img[src="y"]').count(), 0)
    assert.equal(await page.evaluate(() => localStorage.getItem('spid')), '{"data":"1"}')
  } finally {
    await browser.close()
  }
})

/** Loads a CSS background image's URL and answers its natural size. */
async function backgroundSize(locator) {
  return locator.evaluate(async (el) => {
    const match = /url\("?(.+?)"?\)$/.exec(getComputedStyle(el).backgroundImage)
    if (!match) return { width: 0, height: 0 }
    const img = new Image()
    img.src = match[1]
    await img.decode().catch(() => undefined)
    return { width: img.naturalWidth, height: img.naturalHeight }
  })
}

test('the home tiles and the search field show their icons', async () => {
  const { browser, page } = await launchBrowser()
  try {
    await page.goto(`${baseUrl}/pages/index/index`)
    await onPage(page, '推荐好书')
    const tiles = ['case', 'type', 'collect', 'rank', 'magazine', 'newspaper', 'document', 'video']
    for (const id of tiles.map((tile) => `home-icon-${tile}`)) {
      const icon = byTestId(page, id)
      const box = await icon.boundingBox()
      assert.ok(box && box.width > 20 && box.height > 20, `${id} is drawn`)
      const size = await backgroundSize(icon)
      assert.ok(size.width > 0 && size.height > 0, `${id} has a loaded picture`)
    }
    const search = current(page).locator('.home__search-icon')
    const size = await backgroundSize(search)
    assert.ok(size.width > 0 && size.height > 0, 'the search icon has a loaded picture')
    await screenshot(page, 'first-impression-home')
  } finally {
    await browser.close()
  }
})

/** A seeded book's id, by its title. */
async function bookId(name) {
  const res = await fetch(
    `${baseUrl}/api/books/findBooksInfoAppList?keyword=${encodeURIComponent(name)}`,
  ).then((r) => r.json())
  const book = res.data.list.find((b) => b.booksName === name)
  assert.ok(book, `the seed has ${name}`)
  return book.id
}

/**
 * For every drawn cover shown: its title as shown, and the characters that fall outside its slip
 * (each character's box measured with a Range).
 */
function coverSlips(page) {
  return current(page)
    .locator('.book-cover__label')
    .evaluateAll((labels) =>
      labels.map((label) => {
        const slip = label.getBoundingClientRect()
        const outside = []
        const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < node.data.length; i += 1) {
            const range = document.createRange()
            range.setStart(node, i)
            range.setEnd(node, i + 1)
            const r = range.getBoundingClientRect()
            const inside =
              r.top >= slip.top - 0.5 &&
              r.bottom <= slip.bottom + 0.5 &&
              r.left >= slip.left - 0.5 &&
              r.right <= slip.right + 0.5
            if (!inside) outside.push(node.data[i])
          }
        }
        return {
          title: label.textContent,
          outside,
          overflows:
            label.scrollHeight > label.clientHeight || label.scrollWidth > label.clientWidth,
        }
      }),
    )
}

test('drawn covers show every character of long titles', async () => {
  const { browser, page } = await launchBrowser()
  try {
    const checked = new Set()
    const check = async (where) => {
      const slips = await coverSlips(page)
      assert.ok(slips.length > 0, `${where} shows drawn covers`)
      for (const slip of slips) {
        assert.deepEqual(slip.outside, [], `${where}: ${slip.title} shows every character`)
        assert.equal(slip.overflows, false, `${where}: ${slip.title} does not overflow`)
        checked.add(slip.title)
      }
    }
    // The list covers (132), on the book list with every book.
    await page.goto(`${baseUrl}/pagesA/book/list`)
    await onPage(page, '唐诗三百首')
    // Its second page loads when scrolled to the end: all 14 books.
    const books = current(page).locator('.book-item')
    for (let i = 0; i < 20 && (await books.count()) < 14; i += 1) {
      await current(page).evaluate((el) => el.scrollTo(0, el.scrollHeight))
      await page.waitForTimeout(250)
    }
    assert.equal(await books.count(), 14)
    await check('the book list')
    // The detail covers (200), opened from a link.
    for (const name of ['唐诗三百首', '古文观止']) {
      await page.goto(`${baseUrl}/pagesA/read/detail?id=${await bookId(name)}`)
      await onPage(page, '简介')
      await check(`${name}'s detail page`)
    }
    for (const name of ['唐诗三百首', '古文观止', '增广贤文', '幼学琼林']) {
      assert.ok(checked.has(name), `${name} was checked`)
    }
  } finally {
    await browser.close()
  }
})

/** A POST of the REST calls as a reader (Bearer token). */
async function postAs(token, path, body) {
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  }).then((r) => r.json())
  assert.equal(res.code, 200, `${path}: ${res.msg}`)
  return res.data
}

test('the small covers of a reader (continue reading, my reflections) show whole titles', async () => {
  const mobile = freshMobile('137')
  const password = 'cover2026'
  await registerOverHttp(mobile, password)
  const login = await fetch(`${baseUrl}/api/login/phone`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: mobile, password }),
  }).then((r) => r.json())
  const token = login.data.access_token
  const tang = await bookId('唐诗三百首')
  await postAs(token, '/api/books/saveReadingTestimonialsApp', {
    booksId: await bookId('古文观止'),
    content: '文章千古事，得失寸心知。',
  })
  await postAs(token, '/api/books/saveReadingTestimonialsApp', {
    booksId: tang,
    content: '熟读唐诗三百首，不会作诗也会吟。',
  })
  await postAs(token, '/api/books/createBooksInfoReading', {
    booksId: tang,
    serial: 1,
    paragraph: 0,
  })

  const { browser, page } = await launchBrowser()
  try {
    await page.goto(`${baseUrl}/pages/public/login`)
    await loginWithPassword(page, mobile, password)
    await page.waitForURL((url) => !url.pathname.includes('/public/login'))
    // Home's continue-reading card (96).
    await page.goto(`${baseUrl}/pages/index/index`)
    await byTestId(page, 'continue-reading').waitFor()
    const home = await coverSlips(page)
    const card = home.find((slip) => slip.title === '唐诗三百首')
    assert.ok(card, 'the card shows 唐诗三百首')
    assert.deepEqual(card.outside, [])
    assert.equal(card.overflows, false)
    // My reflections (72).
    await page.goto(`${baseUrl}/pagesA/read/thought`)
    await onPage(page, '不会作诗也会吟')
    const mine = await coverSlips(page)
    assert.deepEqual(mine.map((slip) => slip.title).sort(), ['古文观止', '唐诗三百首'].sort())
    for (const slip of mine) {
      assert.deepEqual(slip.outside, [], `${slip.title} shows every character`)
      assert.equal(slip.overflows, false, `${slip.title} does not overflow`)
    }
    await screenshot(page, 'first-impression-small-covers')
  } finally {
    await browser.close()
  }
})

test('empty states have their own picture and words', async () => {
  const { browser, page } = await launchBrowser()
  try {
    await page.goto(`${baseUrl}/pagesA/book/list?keyword=${encodeURIComponent('无此书名')}`)
    await onPage(page, '没有找到“无此书名”相关的书')
    const picture = current(page).locator('.empty__picture--search')
    const size = await backgroundSize(picture)
    assert.ok(size.width > 0 && size.height > 0, 'the search picture is loaded')
    await screenshot(page, 'first-impression-empty-search')
  } finally {
    await browser.close()
  }
})

test('the tab bar is 60 px high and the page ends above it', async () => {
  const { browser, page } = await launchBrowser()
  try {
    await page.goto(`${baseUrl}/pages/index/index`)
    await onPage(page, '推荐好书')
    const bar = await page.locator('.taro-tabbar__tabbar').boundingBox()
    assert.ok(bar)
    assert.equal(bar.height, 60)
    assert.equal(Math.round(bar.y + bar.height), 844)
    // Scrolled to the end (again while images still load), the page and its last book end above
    // the bar.
    await current(page).locator('.book-item').last().waitFor()
    const end = await current(page).evaluate(async (el) => {
      let last = -1
      for (let i = 0; i < 20 && el.scrollHeight !== last; i += 1) {
        last = el.scrollHeight
        el.scrollTop = el.scrollHeight
        await new Promise((resolve) => setTimeout(resolve, 150))
      }
      const books = el.querySelectorAll('.book-item')
      return {
        atEnd: el.scrollTop + el.clientHeight >= el.scrollHeight - 1,
        page: el.getBoundingClientRect().bottom,
        book: books[books.length - 1].getBoundingClientRect().bottom,
      }
    })
    assert.ok(end.atEnd, 'the page is scrolled to its end')
    assert.ok(end.page <= bar.y + 0.5, `the page ends (${end.page}) above the bar (${bar.y})`)
    assert.ok(end.book <= bar.y + 0.5, `the last book ends (${end.book}) above the bar`)
  } finally {
    await browser.close()
  }
})
