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

test('the chat input: the emoji picker and a quick phrase (常用语) in the mini-program', async () => {
  const start = mp.problems.length
  const chat = await mp.open(pageUrl(Route.chat, { conversationID: 'C2C2' }))
  await chat.tap('😊')
  for (const tab of ['表情', '小圆脸', '小动物', '手势', '自定义']) await chat.waitForText(tab)
  await chat.tap('自定义')
  // No custom emoji URL in this build: the tab only warns.
  await chat.waitForText('未配置自定义表情')
  await chat.tap('😊')
  await chat.tap('⊕')
  await chat.tap('💬 常用语')
  await chat.waitForText('最近在读什么书？')
  await chat.tap('好的，收到。')
  await chat.waitForText('好的，收到。')
  // The phrases closed; the phrase is a message of the conversation.
  assert.ok(!chat.text().includes('最近在读什么书？'), 'the quick phrases stayed open')
  const list = await mp.open(Route.friend)
  await list.waitForText('好的，收到。')
  assert.deepEqual(problemsSince(start), [])
})

test('read receipts in the mini-program: the 消息已读回执 setting and 未读 under a sent message', async () => {
  const start = mp.problems.length
  // The settings page offers the reader's switch while the server enables receipts.
  const settings = await mp.open(Route.setCenter)
  await settings.waitForText('消息已读回执')
  const chat = await mp.open(pageUrl(Route.chat, { conversationID: 'C2C2' }))
  const words = `要回执的一句话 ${Date.now()}`
  await chat.type(0, words)
  await chat.tap('发送')
  await chat.waitForText(words)
  await chat.waitForText('未读')
  assert.deepEqual(problemsSince(start), [])
})

test('forwarding in the mini-program: 多选, 合并转发, the merged card and its viewer', async () => {
  const start = mp.problems.length
  // Set-up over HTTP: a book friend of the reader (a stranger would refuse a fourth message).
  const call = async (token, method, url, body) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    const json = await res.json()
    if (json.code !== 200) throw new Error(`${url}: ${json.msg}`)
    return json.data
  }
  const friend = await registerOverHttp(freshMobile('132'), PASSWORD)
  await call(mp.storage.get('access_token'), 'POST', '/api/bookCompanion/createMineFriends', {
    userId: friend.user.user_id,
  })
  const { list: asks } = await call(
    friend.access_token,
    'GET',
    '/api/bookCompanion/findFriendRequestList',
  )
  await call(friend.access_token, 'POST', '/api/bookCompanion/handleFriendRequest', {
    id: asks[0].id,
    accept: 1,
  })

  const url = pageUrl(Route.chat, { conversationID: `C2C${friend.user.user_id}` })
  const first = await mp.open(url)
  const words = `合并转发的一句 ${Date.now()}`
  await first.type(0, words)
  await first.tap('发送')
  // Stored (the list shows it): only a sent message is forwarded.
  const list = await mp.open(Route.friend)
  await list.waitForText(words)
  const chat = await mp.open(url)
  await chat.waitForText(words)
  // A long press opens the menu; 多选 ticks the message and shows the panel.
  mp.actionSheetAnswer = '多选'
  await chat.press(words)
  mp.actionSheetAnswer = ''
  assert.ok(mp.actionSheets.at(-1).includes('转发'), `menu: ${mp.actionSheets.at(-1)}`)
  await chat.waitForText('已选择1条消息')
  await chat.tap('合并转发')
  await chat.waitForText('合并转发到')
  await chat.tap(friend.user.nickname, { index: -1 })
  await chat.tap('发送(1)')
  assert.ok(mp.toasts.includes('已转发'), `toasts: ${mp.toasts}`)
  await chat.waitForText(`和${friend.user.nickname}的聊天记录`)
  assert.ok(!chat.text().includes('合并转发到'), 'the picker stayed open')
  // The card opens the viewer (its item with the full time); 返回 closes it.
  await chat.tap('聊天记录', { index: -1 })
  await chat.waitForText('‹ 返回')
  await chat.waitForText(`${new Date().getFullYear()}-`)
  await chat.tap('‹ 返回')
  assert.ok(!chat.text().includes('‹ 返回'), 'the viewer stayed open')
  assert.deepEqual(problemsSince(start), [])
})

test('the receipt panel and a reaction in the mini-program: 「1人已读」, the tabs, 👍 live', async () => {
  const start = mp.problems.length
  // Set-up over HTTP: two book friends of the reader in a group with them; one of them reads.
  const api = async (token, method, url, body) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    const json = await res.json()
    if (json.code !== 200) throw new Error(`${url}: ${json.msg}`)
    return json.data
  }
  const me = { token: mp.storage.get('access_token') }
  const others = []
  for (const prefix of ['134', '133']) {
    const login = await registerOverHttp(freshMobile(prefix), PASSWORD)
    const other = { user: login.user, token: login.access_token }
    await api(me.token, 'POST', '/api/bookCompanion/createMineFriends', {
      userId: other.user.user_id,
    })
    const { list } = await api(other.token, 'GET', '/api/bookCompanion/findFriendRequestList')
    await api(other.token, 'POST', '/api/bookCompanion/handleFriendRequest', {
      id: list[0].id,
      accept: 1,
    })
    others.push(other)
  }
  const [reader, notYet] = others
  const group = await api(me.token, 'POST', '/api/bookCompanion/createGroupChatInfoApp', {
    name: '小程序回执群',
    userIds: others.map((o) => o.user.user_id),
  })
  const conversationID = `GROUP${group.groupId}`
  const chat = await mp.open(pageUrl(Route.chat, { conversationID }))
  const words = `群里要回执的一句 ${Date.now()}`
  await chat.type(0, words)
  await chat.tap('发送')
  await chat.waitForText(words)
  await chat.waitForText('未读')
  const { messageList } = await api(
    reader.token,
    'GET',
    `/api/chat/messages?conversationID=${conversationID}`,
  )
  const sent = messageList.find((m) => m.payload.text === words)
  await api(reader.token, 'POST', '/api/chat/readReceipt', { messageIDList: [sent.ID] })
  await chat.waitForText('1人已读')
  await chat.tap('1人已读')
  await chat.waitForText('消息回执')
  await chat.waitForText('已读 1')
  await chat.waitForText(reader.user.nickname)
  await chat.tap('未读 1')
  await chat.waitForText(notYet.user.nickname)
  await chat.tap('关闭')
  assert.ok(!chat.text().includes('消息回执'), 'the panel stayed open')

  // A reaction: the reader's 👍 arrives live, a tap adds mine, 查看 shows who.
  await api(reader.token, 'POST', '/api/chat/reaction/add', {
    messageID: sent.ID,
    reactionID: '强',
  })
  await chat.waitForText('👍')
  await chat.tap('👍')
  const counted = async () => {
    const { resultList } = await api(me.token, 'POST', '/api/chat/reactionList', {
      messageIDList: [sent.ID],
      maxUserCountPerReaction: 10,
    })
    return resultList[0]?.reactionList[0]?.totalUserCount ?? 0
  }
  for (let i = 0; i < 50 && (await counted()) < 2; i++) await new Promise((r) => setTimeout(r, 100))
  assert.equal(await counted(), 2, 'my tap on the chip did not add my 👍')
  await chat.tap('查看')
  await chat.waitForText('表情回应')
  await chat.waitForText(reader.user.nickname)
  assert.deepEqual(problemsSince(start), [])
})
