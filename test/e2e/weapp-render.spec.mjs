// The mini-program build (dist/weapp) headless: every page of app.json rendered in WeChat's
// component simulator (test/weapp/miniProgram.mjs) against the test server, first as a guest,
// then as a reader signed in through the login page. A page fails on a runtime error, an
// unhandled rejection, a console.error, or a text of its check (src/core/routeChecks.ts) missing.
// Then a few paths with taps and typing: search from home, open a book, comment, follow.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { baseUrl } from './support.mjs'
import { freshMobile, registerOverHttp } from './taro.mjs'
import { createMiniProgram } from '../weapp/miniProgram.mjs'
import { Route, pageUrl } from '../../src/core/routes.ts'
import { routeChecks } from '../../src/core/routeChecks.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const DIST = path.resolve(ROOT, process.env.WEAPP_DIST || path.join('dist', 'weapp'))
const PASSWORD = 'reader2026'

const mp = createMiniProgram({ dist: DIST, serverBase: baseUrl })
mp.launch()
test.after(() => {
  mp.closeSockets()
  mp.restoreConsole()
})

const routeNames = Object.keys(Route)

function problemsSince(start) {
  return mp.problems.slice(start)
}

async function sweep(pass) {
  const failures = []
  for (const name of routeNames) {
    const check = routeChecks[name]
    const start = mp.problems.length
    const url = pageUrl(Route[name], check.query)
    const page = await mp.open(url)
    for (const expected of check[pass]) {
      await page.waitForText(expected).catch((err) => failures.push(err.message))
    }
    for (const p of problemsSince(start)) failures.push(`${url}: ${p}`)
  }
  assert.deepEqual(failures, [], failures.join('\n\n'))
}

test('every page of app.json has a route and a check', () => {
  const json = mp.appJson
  const built = [
    ...json.pages,
    ...(json.subPackages ?? []).flatMap((s) => s.pages.map((p) => `${s.root}/${p}`)),
  ].map((p) => `/${p}`)
  assert.deepEqual([...built].sort(), Object.values(Route).sort())
  for (const name of routeNames) {
    assert.ok(routeChecks[name].guest.length > 0, `${name}: no text to check for a guest`)
    assert.ok(routeChecks[name].reader.length > 0, `${name}: no text to check for a reader`)
  }
})

test('every page renders for a guest', async () => {
  await sweep('guest')
})

test('a reader signs in through the login page', async () => {
  const start = mp.problems.length
  const mobile = freshMobile('135')
  await registerOverHttp(mobile, PASSWORD)
  const page = await mp.open(Route.login)
  await page.type(0, mobile)
  await page.type(1, PASSWORD)
  await page.tap('我已阅读并同意', { exact: false })
  await page.tap('登录')
  const deadline = Date.now() + 5_000
  while (mp.page.route === page.route && Date.now() < deadline) await mp.page.settle(200)
  assert.notEqual(mp.page.route, page.route, `still on the login page; toasts: ${mp.toasts}`)
  assert.ok(mp.storage.get('access_token'), 'no access token stored after signing in')
  assert.deepEqual(problemsSince(start), [])
})

test('every page renders for the signed-in reader', async () => {
  await sweep('reader')
})

test('the reader searches from home and opens a book', async () => {
  const start = mp.problems.length
  const home = await mp.open(Route.home)
  await home.tap('搜索书名、作者或原文')
  const list = await mp.waitForRoute(Route.bookSearch)
  await list.type(0, '孟子')
  await list.tap('搜索')
  // The book hit first, then the passages (孟子見梁惠王, in traditional characters).
  await list.waitForText('书籍')
  await list.waitForText('孟子見梁惠王')
  assert.ok(!list.text().includes('弟子规'), `the search still lists other books: ${list.text()}`)
  await list.tap('孟子')
  const detail = await mp.waitForRoute(Route.readDetail)
  await detail.waitForText('孟子')
  assert.equal(detail.query.id, '2')
  assert.deepEqual(problemsSince(start), [])
})

test('the reader comments on a post and follows its author', async () => {
  const start = mp.problems.length
  const post = await mp.open(pageUrl(Route.reportDetail, { id: 5 }))
  const words = `小程序里的评论 ${Date.now()}`
  await post.type(0, words)
  await post.tap('发送')
  await post.waitForText(words)

  const profile = await mp.open(pageUrl(Route.userDetail, { id: 2 }))
  await profile.tap('关注', { index: -1 }) // the button, after the 关注 count
  await profile.waitForText('已关注')
  const again = await mp.open(pageUrl(Route.userDetail, { id: 2 }))
  await again.waitForText('已关注')
  assert.deepEqual(problemsSince(start), [])
})

test('the reader starts a chat from a profile and sends a message over the gateway', async () => {
  const start = mp.problems.length
  const profile = await mp.open(pageUrl(Route.userDetail, { id: 2 }))
  await profile.tap('发消息')
  const chat = await mp.waitForRoute(Route.chat)
  assert.equal(chat.query.conversationID, 'C2C2')
  const words = `小程序里的第一句话 ${Date.now()}`
  await chat.type(0, words)
  await chat.tap('发送')
  await chat.waitForText(words)
  // The message is stored: the tab's conversation list shows it as the last message.
  const list = await mp.open(Route.friend)
  await list.waitForText(words)
  assert.deepEqual(problemsSince(start), [])
})
