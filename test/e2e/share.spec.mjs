// Sharing a book on H5. Outside WeChat the 分享 button copies the page's link with the reader's id
// as referrer (spid), and WeChat's JS-SDK is never downloaded. Inside WeChat's browser (its bridge
// stood in for by a page script) the SDK is configured with the server's SharePage signature of the
// page's address 300 ms after the page shows, and the card carries the link with spid.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { launchBrowser, baseUrl, screenshot } from './support.mjs'
import {
  byTestId,
  freshMobile,
  loginWithPassword,
  onPage,
  registerOverHttp,
  toastText as toast,
} from './taro.mjs'

const PASSWORD = 'reader2026'
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.50.2701 NetType/WIFI Language/zh_CN'
// The ticket the WeChat double (wechatDouble.mjs) hands out.
const JSAPI_TICKET = 'e2e-jsapi-ticket'

async function api(path) {
  const body = await fetch(baseUrl + path).then((r) => r.json())
  if (body.code !== 200 && body.ret !== 200) throw new Error(`${path}: ${body.msg}`)
  return body.data
}

/** A new reader of this spec's own (the demo readers' places in books change with other specs). */
async function newReader() {
  const mobile = freshMobile('133')
  const { user } = await registerOverHttp(mobile, PASSWORD)
  return { mobile, userId: user.user_id }
}

async function findBook(name) {
  const page = await api(`/api/books/findBooksInfoAppList?keyword=${encodeURIComponent(name)}`)
  const book = page.list.find((b) => b.booksName === name)
  assert.ok(book, `the seed has ${name}`)
  return book
}

/** Logs the reader in, then opens the book's detail page. */
async function openBookLoggedIn(page, reader, bookId) {
  await page.goto(baseUrl + '/pages/public/login')
  await loginWithPassword(page, reader.mobile, PASSWORD)
  await byTestId(page, 'mine-nickname').waitFor()
  await page.goto(`${baseUrl}/pagesA/read/detail?id=${bookId}`)
  await onPage(page, '开始阅读')
}

/** Scripts the page downloads that hold WeChat's JS-SDK (found by its content, whatever the chunk's name). */
function watchSdkChunk(page) {
  const loaded = []
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return
    const body = await res.text().catch(() => '')
    if (body.includes('preVerifyJSAPI')) loaded.push(res.url())
  })
  return loaded
}

test('outside WeChat, 分享 on a book copies its link with my spid', async () => {
  const [book, reader] = await Promise.all([findBook('论语'), newReader()])
  const { userId } = reader
  const { browser, context, page } = await launchBrowser()
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
    const sdk = watchSdkChunk(page)
    await openBookLoggedIn(page, reader, book.id)
    await byTestId(page, 'share').click()
    await toast(page, '链接已复制').waitFor()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    assert.equal(copied, `${baseUrl}/pagesA/read/detail?id=${book.id}&spid=${userId}`)
    await screenshot(page, 'share-01-copied')

    // the link opens the book for a newcomer, and keeps the referrer for the launch tasks
    const visitor = await (await browser.newContext()).newPage()
    await visitor.goto(copied)
    await onPage(visitor, '开始阅读')
    const stored = await visitor.evaluate(() => localStorage.getItem('spid'))
    assert.ok(stored?.includes(String(userId)), `spid kept on the device: ${stored}`)
    assert.deepEqual(sdk, [], 'no JS-SDK download outside WeChat')
  } catch (error) {
    await screenshot(page, 'share-failure').catch(() => undefined)
    throw error
  } finally {
    await browser.close()
  }
})

test("in WeChat's browser, the book's card is set through the JS-SDK with the server's signature", async () => {
  const [book, reader] = await Promise.all([findBook('论语'), newReader()])
  const { userId } = reader
  const { browser, context, page } = await launchBrowser({ userAgent: WECHAT_UA })
  try {
    // WeChat's own bridge, which the JS-SDK talks to: every call is kept and answered ok.
    await context.addInitScript(() => {
      window.__bridgeCalls = []
      window.WeixinJSBridge = {
        invoke(name, args, callback) {
          window.__bridgeCalls.push({ name, args, at: Date.now() })
          setTimeout(() => callback?.({ err_msg: `${name}:ok` }), 0)
        },
        on() {},
      }
    })
    // The SDK's usage report to WeChat goes nowhere here.
    await context.route('https://open.weixin.qq.com/**', (route) => route.abort())
    const sdk = watchSdkChunk(page)
    await openBookLoggedIn(page, reader, book.id)
    const card = await page.waitForFunction(
      (link) =>
        window.__bridgeCalls.find(
          (c) => c.name === 'updateAppMessageShareData' && c.args.link === link,
        ),
      `${baseUrl}/pagesA/read/detail?id=${book.id}&spid=${userId}`,
      { timeout: 10_000 },
    )
    const calls = await page.evaluate(() => window.__bridgeCalls)
    const shared = (await card.jsonValue()).args
    assert.equal(shared.title, `${book.booksName} · ${book.booksAuthor}`)
    assert.ok(shared.desc.length > 0)
    assert.equal(sdk.length, 1, 'the JS-SDK chunk is downloaded in WeChat')

    // wx.config: signed by the server for this page's address, with the official account's ticket
    const config = calls.filter((c) => c.name === 'preVerifyJSAPI').at(-1)
    assert.ok(config, 'wx.config was called')
    assert.deepEqual(config.args.verifyJsApiList, [
      'updateAppMessageShareData',
      'updateTimelineShareData',
    ])
    const address = page.url().split('#')[0]
    const expected = createHash('sha1')
      .update(
        `jsapi_ticket=${JSAPI_TICKET}&noncestr=${config.args.verifyNonceStr}` +
          `&timestamp=${config.args.verifyTimestamp}&url=${address}`,
      )
      .digest('hex')
    assert.equal(config.args.verifySignature, expected)
    const timeline = calls.find((c) => c.name === 'updateTimelineShareData')
    assert.equal(timeline.args.link, shared.link)

    // 分享 in WeChat points at WeChat's menu
    await byTestId(page, 'share').click()
    await toast(page, '点击右上角「···」发送给朋友或分享到朋友圈').waitFor()
    await screenshot(page, 'share-02-wechat')
  } catch (error) {
    await screenshot(page, 'share-wechat-failure').catch(() => undefined)
    throw error
  } finally {
    await browser.close()
  }
})
