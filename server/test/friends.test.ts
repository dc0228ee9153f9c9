import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq, or } from 'drizzle-orm'
import type { LoginResult } from '@api/account'
import { chatApi } from '@api/chat'
import { friendsApi } from '@api/friends'
import { socialApi } from '@api/social'
import {
  blocks,
  friendCodes,
  friendRequests,
  friendships,
  nearbyPositions,
  users,
} from '../src/db/schema'
import {
  HOUR,
  MINUTE,
  newMobile,
  restPath,
  startServer,
  type Reply,
  type TestServer,
} from './helpers'

const LIST = restPath(friendsApi.friendList)
const DETAIL = restPath(friendsApi.friendDetail)
const MY_CODE = restPath(friendsApi.myFriendCode)
const CODE_OWNER = restPath(friendsApi.codeOwner)
const REQUEST = restPath(friendsApi.requestFriend)
const REQUESTS = restPath(friendsApi.requestList)
const UNREAD = restPath(friendsApi.requestUnread)
const HANDLE = restPath(friendsApi.handleRequest)
const REMARK = restPath(friendsApi.updateRemark)
const DELETE = restPath(friendsApi.deleteFriend)
const JOIN = restPath(friendsApi.nearbyJoin)
const LEAVE = restPath(friendsApi.nearbyLeave)
const NEARBY = restPath(friendsApi.nearbyList)
const BLOCK = restPath(socialApi.block)
const MESSAGES = restPath(chatApi.getMessageList)
const CONVERSATIONS = restPath(chatApi.getConversationList)

const DEFAULT_GREETING = '我们已经是书友了，一起聊聊读书吧'
const TOO_FAST = '操作太频繁，请稍后再试'

interface Person {
  id: number
  token: string
  nickname: string
}

let s: TestServer
before(async () => {
  s = await startServer()
})
after(() => s.close())

async function person(): Promise<Person> {
  const login: LoginResult = await s.register(newMobile())
  return { id: login.user.user_id, token: login.access_token, nickname: login.user.nickname }
}

/** A reader straight in the database (no token): for lists and counts. */
async function reader(nickname: string): Promise<number> {
  const now = new Date(s.clock.now())
  const [row] = await s.db
    .insert(users)
    .values({ nickname, createdAt: now, updatedAt: now })
    .returning({ id: users.id })
  return row.id
}

function ok(res: Reply, label = ''): void {
  assert.equal(res.body.code, 200, `${label} ${JSON.stringify(res.body)}`)
}

function fails(res: Reply, code: number, msg: string, label = ''): void {
  assert.deepEqual([res.body.code, res.body.msg], [code, msg], label)
  assert.equal(res.status, code, label)
}

const get = (who: Person, url: string, query: Record<string, string | number> = {}) => {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString()
  return s.get(qs ? `${url}?${qs}` : url, { token: who.token })
}

const ask = (who: Person, target: { code?: string; userId?: number }, greeting?: string) =>
  s.post(
    REQUEST,
    { ...target, ...(greeting === undefined ? {} : { greeting }) },
    {
      token: who.token,
    },
  )

const handle = (who: Person, id: number, accept: 0 | 1) =>
  s.post(HANDLE, { id, accept }, { token: who.token })

const block = (who: Person, userId: number, on = 1) =>
  s.post(BLOCK, { userId, block: on }, { token: who.token })

const ids = (list: Array<{ userId: number }>) => list.map((u) => u.userId)

async function requestRows(from: number, to: number) {
  return s.db
    .select()
    .from(friendRequests)
    .where(and(eq(friendRequests.fromUserId, from), eq(friendRequests.toUserId, to)))
}

async function friendRows(a: number, b: number) {
  return s.db
    .select()
    .from(friendships)
    .where(
      or(
        and(eq(friendships.userId, a), eq(friendships.friendId, b)),
        and(eq(friendships.userId, b), eq(friendships.friendId, a)),
      ),
    )
}

/** The id of `from`'s request to `to`. */
async function requestId(from: Person, to: Person): Promise<number> {
  const [row] = await requestRows(from.id, to.id)
  assert.ok(row, 'the request exists')
  return row.id
}

/** a asks b and b accepts. */
async function makeFriends(a: Person, b: Person, greeting?: string): Promise<void> {
  ok(await ask(a, { userId: b.id }, greeting))
  ok(await handle(b, await requestId(a, b), 1))
}

/** The friend-added messages `who` sees in the C2C conversation with `peer`. */
async function greetings(who: Person, peer: number) {
  const res = await get(who, MESSAGES, { conversationID: `C2C${peer}` })
  ok(res, 'history')
  return (
    res.body.data.messageList as Array<{
      type: string
      from: string
      payload: { data: string; description: string }
    }>
  )
    .filter((m) => m.type === 'TIMCustomElem' && m.payload.description === 'friend_added')
    .map((m) => ({ from: Number(m.from), ...JSON.parse(m.payload.data) }))
}

describe('login', () => {
  test('every friend call refuses a guest (401)', async () => {
    for (const decl of Object.values(friendsApi)) {
      const { method, path } = decl.rest
      const res =
        method === 'GET'
          ? await s.get(path)
          : method === 'DELETE'
            ? await s.del(path)
            : await s.post(path)
      assert.deepEqual([res.status, res.body.code], [401, 401], path)
    }
  })
})

describe('friend codes', () => {
  test("each reader's code: 8 unambiguous characters, made once, found in either case", async () => {
    const a = await person()
    const b = await person()
    const first = await get(a, MY_CODE)
    ok(first)
    const code: string = first.body.data.code
    assert.match(code, /^[2-9A-HJKMNP-Z]{8}$/)
    assert.equal((await get(a, MY_CODE)).body.data.code, code)
    const rows = await s.db.select().from(friendCodes).where(eq(friendCodes.userId, a.id))
    assert.equal(rows.length, 1)
    const other = (await get(b, MY_CODE)).body.data.code
    assert.notEqual(other, code)

    const found = await get(b, CODE_OWNER, { code: `  ${code.toLowerCase()} ` })
    ok(found)
    assert.deepEqual(found.body.data, {
      userId: a.id,
      nickname: a.nickname,
      avatar: '',
      signature: '',
      isMe: false,
      isFriend: false,
    })
    assert.equal((await get(a, CODE_OWNER, { code })).body.data.isMe, true)
    fails(await get(a, CODE_OWNER, { code: 'ZZZZ2222' }), 404, '好友码不存在')
    fails(await get(a, CODE_OWNER, { code: ' ' }), 400, '请输入好友码')
    fails(await get(a, CODE_OWNER), 400, '请输入好友码')

    await makeFriends(a, b)
    assert.equal((await get(b, CODE_OWNER, { code })).body.data.isFriend, true)
  })
})

describe('requests', () => {
  test('asked by code, accepted: both are friends and both see the greeting in their chat', async () => {
    const a = await person()
    const b = await person()
    const code = (await get(b, MY_CODE)).body.data.code
    const asked = await ask(a, { code: code.toLowerCase() }, '  你好，我是读书会的  ')
    ok(asked)
    assert.deepEqual([asked.body.data, asked.body.msg], [{ state: 'requested' }, '好友申请已发送'])
    assert.equal((await get(a, DETAIL, { userId: b.id })).body.data.requested, true)

    // b's badge and list; listing marks read (the page shows it as it was).
    assert.deepEqual((await get(b, UNREAD)).body.data, { total: 1 })
    const list = await get(b, REQUESTS)
    ok(list)
    const id = await requestId(a, b)
    assert.deepEqual(list.body.data, {
      list: [
        {
          id,
          userId: a.id,
          nickname: a.nickname,
          avatar: '',
          greeting: '你好，我是读书会的',
          state: 'pending',
          time: Math.floor(s.clock.now() / 1000),
          read: false,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 10,
    })
    assert.deepEqual((await get(b, UNREAD)).body.data, { total: 0 })
    assert.equal((await get(b, REQUESTS)).body.data.list[0].read, true)
    // a asked; nothing to a.
    assert.equal((await get(a, REQUESTS)).body.data.total, 0)

    s.clock.advance(MINUTE)
    const accepted = await handle(b, id, 1)
    assert.deepEqual(
      [accepted.body.code, accepted.body.data, accepted.body.msg],
      [200, { state: 'accepted' }, '已添加为书友'],
    )
    assert.equal((await friendRows(a.id, b.id)).length, 2)
    const seen = await get(b, REQUESTS)
    assert.equal(seen.body.data.list[0].state, 'accepted')
    const sinceSec = Math.floor(s.clock.now() / 1000)
    const aList = (await get(a, LIST)).body.data
    assert.deepEqual(ids(aList.list), [b.id])
    assert.equal(aList.list[0].since, sinceSec)
    assert.deepEqual(ids((await get(b, LIST)).body.data.list), [a.id])
    const detail = (await get(a, DETAIL, { userId: b.id })).body.data
    assert.deepEqual(
      [detail.isFriend, detail.since, detail.requested, detail.remark],
      [true, sinceSec, false, ''],
    )

    // The greeting, sent as a, in both readers' history.
    const expected = [{ from: a.id, businessID: 'friend_added', text: '你好，我是读书会的' }]
    assert.deepEqual(await greetings(a, b.id), expected)
    assert.deepEqual(await greetings(b, a.id), expected)

    // Asking a friend again answers friends, changes nothing.
    const again = await ask(a, { userId: b.id })
    assert.deepEqual([again.body.data, again.body.msg], [{ state: 'friends' }, '你们已经是书友了'])
    assert.equal((await requestRows(a.id, b.id))[0].state, 'accepted')
  })

  test('without a greeting the chat gets the default text', async () => {
    const a = await person()
    const b = await person()
    await makeFriends(a, b)
    assert.deepEqual(await greetings(b, a.id), [
      { from: a.id, businessID: 'friend_added', text: DEFAULT_GREETING },
    ])
  })

  test('rejected: no friendship, no message; asking again makes it pending in the same row', async () => {
    const a = await person()
    const b = await person()
    ok(await ask(a, { userId: b.id }, '一起读书'))
    const id = await requestId(a, b)
    const rejected = await handle(b, id, 0)
    assert.deepEqual([rejected.body.data, rejected.body.msg], [{ state: 'rejected' }, '已拒绝'])
    assert.equal((await friendRows(a.id, b.id)).length, 0)
    assert.equal((await get(b, REQUESTS)).body.data.list[0].state, 'rejected')
    assert.deepEqual(await greetings(b, a.id), [])
    fails(await handle(b, id, 1), 400, '该申请已处理')

    s.clock.advance(MINUTE)
    ok(await ask(a, { userId: b.id }, '再试一次'))
    const rows = await requestRows(a.id, b.id)
    assert.deepEqual(
      rows.map((r) => [r.id, r.state, r.greeting, r.readAt]),
      [[id, 'pending', '再试一次', null]],
    )
  })

  test('asking twice merges: one row, the greeting and time refreshed, unread again', async () => {
    const a = await person()
    const b = await person()
    ok(await ask(a, { userId: b.id }, '第一次'))
    ok(await get(b, REQUESTS))
    assert.deepEqual((await get(b, UNREAD)).body.data, { total: 0 })
    s.clock.advance(MINUTE)
    ok(await ask(a, { userId: b.id }, '第二次'))
    const rows = await requestRows(a.id, b.id)
    assert.equal(rows.length, 1)
    assert.equal(rows[0].greeting, '第二次')
    assert.equal(rows[0].updatedAt.getTime(), s.clock.now())
    assert.deepEqual((await get(b, UNREAD)).body.data, { total: 1 })
    const list = (await get(b, REQUESTS)).body.data
    assert.equal(list.total, 1)
    assert.deepEqual(
      [list.list[0].greeting, list.list[0].read, list.list[0].time],
      ['第二次', false, Math.floor(s.clock.now() / 1000)],
    )
  })

  test('asking someone who asked you accepts their request: friends, with their greeting', async () => {
    const a = await person()
    const b = await person()
    ok(await ask(a, { userId: b.id }, '交个朋友'))
    const res = await ask(b, { userId: a.id }, '好呀')
    assert.deepEqual([res.body.data, res.body.msg], [{ state: 'friends' }, '你们已经是书友了'])
    assert.equal((await friendRows(a.id, b.id)).length, 2)
    assert.equal((await requestRows(a.id, b.id))[0].state, 'accepted')
    assert.equal((await requestRows(b.id, a.id)).length, 0)
    assert.deepEqual(await greetings(b, a.id), [
      { from: a.id, businessID: 'friend_added', text: '交个朋友' },
    ])
  })

  test('at once: two requests crossing make friends; one request accepted twice greets once', async () => {
    const a = await person()
    const b = await person()
    const states = await Promise.all([ask(a, { userId: b.id }), ask(b, { userId: a.id })])
    assert.deepEqual(states.map((res) => res.body.data.state).sort(), ['friends', 'requested'])
    assert.equal((await friendRows(a.id, b.id)).length, 2)
    const rows = [...(await requestRows(a.id, b.id)), ...(await requestRows(b.id, a.id))]
    assert.deepEqual(
      rows.map((r) => r.state),
      ['accepted'],
    )
    assert.equal((await greetings(a, b.id)).length, 1)

    const c = await person()
    const d = await person()
    ok(await ask(c, { userId: d.id }))
    const id = await requestId(c, d)
    const both = await Promise.all([handle(d, id, 1), handle(d, id, 1)])
    assert.deepEqual(both.map((res) => res.body.code).sort(), [200, 400])
    assert.ok(both.some((res) => res.body.msg === '该申请已处理'))
    assert.equal((await friendRows(c.id, d.id)).length, 2)
    assert.equal((await greetings(d, c.id)).length, 1)
  })

  test('blocks refuse requests and accepting, each way with its text; they leave friendships alone', async () => {
    const a = await person()
    const b = await person()
    ok(await block(a, b.id))
    fails(await ask(a, { userId: b.id }), 400, '你已拉黑对方，请先取消拉黑')
    fails(await ask(b, { userId: a.id }), 403, '对方已将你拉黑，无法添加好友')
    const code = (await get(a, MY_CODE)).body.data.code
    fails(await ask(b, { code }), 403, '对方已将你拉黑，无法添加好友')
    assert.equal((await requestRows(b.id, a.id)).length, 0)
    ok(await block(a, b.id, 0))

    // Asked before a block: accepting is refused while it stands, the request still waits.
    const c = await person()
    ok(await ask(b, { userId: a.id }))
    ok(await ask(c, { userId: a.id }))
    ok(await block(a, b.id))
    ok(await block(c, a.id))
    fails(await handle(a, await requestId(b, a), 1), 400, '你已拉黑对方，请先取消拉黑')
    fails(await handle(a, await requestId(c, a), 1), 403, '对方已将你拉黑，无法添加好友')
    assert.equal((await requestRows(b.id, a.id))[0].state, 'pending')
    assert.equal((await friendRows(a.id, b.id)).length, 0)
    // Rejecting is always possible.
    ok(await handle(a, await requestId(c, a), 0))

    // Blocking a friend keeps the friendship; the detail shows the block both ways.
    const d = await person()
    await makeFriends(a, d)
    ok(await block(d, a.id))
    assert.equal((await friendRows(a.id, d.id)).length, 2)
    assert.deepEqual(ids((await get(a, LIST)).body.data.list), [d.id])
    const seen = (await get(a, DETAIL, { userId: d.id })).body.data
    assert.deepEqual([seen.isFriend, seen.blocked, seen.blockedMe], [true, false, true])
    const theirs = (await get(d, DETAIL, { userId: a.id })).body.data
    assert.deepEqual([theirs.isFriend, theirs.blocked, theirs.blockedMe], [true, true, false])
  })

  test('only the receiver handles a request, once', async () => {
    const a = await person()
    const b = await person()
    const c = await person()
    ok(await ask(a, { userId: b.id }))
    const id = await requestId(a, b)
    fails(await handle(c, id, 1), 403, '只能处理发给自己的申请')
    fails(await handle(a, id, 1), 403, '只能处理发给自己的申请')
    fails(await handle(c, id, 0), 403, '只能处理发给自己的申请')
    assert.equal((await requestRows(a.id, b.id))[0].state, 'pending')
    assert.equal((await friendRows(a.id, b.id)).length, 0)
    assert.equal((await friendRows(a.id, c.id)).length, 0)
    ok(await handle(b, id, 1))
    fails(await handle(b, id, 1), 400, '该申请已处理')
    fails(await handle(b, id, 0), 400, '该申请已处理')
    assert.equal((await requestRows(a.id, b.id))[0].state, 'accepted')
    fails(await handle(b, 999_999, 1), 404, '该申请不存在')
    fails(await s.post(HANDLE, { id }, { token: b.token }), 400, '参数 accept 格式错误')
  })

  test('not oneself; a target named; unknown people; the greeting at most 50 characters', async () => {
    const a = await person()
    const b = await person()
    fails(await ask(a, { userId: a.id }), 400, '不能添加自己为好友')
    const mine = (await get(a, MY_CODE)).body.data.code
    fails(await ask(a, { code: mine }), 400, '不能添加自己为好友')
    fails(await ask(a, {}), 400, '请输入好友码')
    fails(await ask(a, { code: '  ' }), 400, '请输入好友码')
    fails(await ask(a, { code: 'ZZZZ3333' }), 404, '好友码不存在')
    fails(await ask(a, { userId: 999_999 }), 404, '用户不存在')
    fails(await ask(a, { userId: b.id }, '书'.repeat(51)), 400, '验证消息最多50个字')
    assert.equal((await requestRows(a.id, b.id)).length, 0)
    ok(await ask(a, { userId: b.id }, '书'.repeat(50)))
    // Emoji count once.
    ok(await ask(a, { userId: b.id }, '📚'.repeat(50)))
  })

  test('at most 30 people asked an hour (429), then again', async () => {
    const me = await person()
    const others: number[] = []
    for (let i = 0; i < 32; i++) others.push(await reader(`书友${i}`))
    const start = s.clock.now()
    for (let i = 0; i < 30; i++) {
      s.clock.advance(1000)
      ok(await ask(me, { userId: others[i] }), String(i))
    }
    fails(await ask(me, { userId: others[30] }), 429, TOO_FAST)
    fails(await ask(me, { userId: others[0] }, '再问一次'), 429, TOO_FAST)
    assert.equal((await requestRows(me.id, others[30])).length, 0)
    // Someone who asked me can still be accepted by asking back.
    const fan = await person()
    ok(await ask(fan, { userId: me.id }))
    assert.deepEqual((await ask(me, { userId: fan.id })).body.data, { state: 'friends' })
    // An hour after the first, one more fits.
    s.clock.t = start + HOUR + 1500
    ok(await ask(me, { userId: others[30] }))
    fails(await ask(me, { userId: others[31] }), 429, TOO_FAST)
  })

  test('the request list: newest first, paged, live requesters only', async () => {
    const me = await person()
    const askers: Person[] = []
    for (let i = 0; i < 3; i++) {
      const p = await person()
      s.clock.advance(MINUTE)
      ok(await ask(p, { userId: me.id }, `申请${i}`))
      askers.push(p)
    }
    const page1 = (await get(me, REQUESTS, { pageSize: 2 })).body.data
    assert.deepEqual(ids(page1.list), [askers[2].id, askers[1].id])
    assert.equal(page1.total, 3)
    // Only the page read was marked.
    assert.deepEqual((await get(me, UNREAD)).body.data, { total: 1 })
    const page2 = (await get(me, REQUESTS, { page: 2, pageSize: 2 })).body.data
    assert.deepEqual(ids(page2.list), [askers[0].id])
    assert.deepEqual((await get(me, UNREAD)).body.data, { total: 0 })
    await s.db
      .update(users)
      .set({ deletedAt: new Date(s.clock.now()), mobile: null })
      .where(eq(users.id, askers[1].id))
    const live = (await get(me, REQUESTS)).body.data
    assert.deepEqual(ids(live.list), [askers[2].id, askers[0].id])
    assert.equal(live.total, 2)
  })
})

describe('friends', () => {
  test('detail: a friend or not, oneself, 404 for nobody', async () => {
    const a = await person()
    const b = await person()
    const stranger = (await get(a, DETAIL, { userId: b.id })).body.data
    assert.deepEqual(stranger, {
      userId: b.id,
      nickname: b.nickname,
      avatar: '',
      signature: '',
      sex: 0,
      remark: '',
      isFriend: false,
      isMe: false,
      blocked: false,
      blockedMe: false,
      since: 0,
      requested: false,
    })
    const self = (await get(a, DETAIL, { userId: a.id })).body.data
    assert.deepEqual([self.isMe, self.isFriend], [true, false])
    fails(await get(a, DETAIL, { userId: 999_999 }), 404, '用户不存在')
    fails(await get(a, DETAIL), 400, '用户不存在')
  })

  test('remarks: at most 96 bytes, friends only, cleared by empty text', async () => {
    const a = await person()
    const b = await person()
    const c = await person()
    await makeFriends(a, b)
    const max = '书'.repeat(32)
    const saved = await s.post(REMARK, { userId: b.id, remark: max }, { token: a.token })
    ok(saved)
    assert.deepEqual(
      [saved.body.data.userId, saved.body.data.remark, saved.body.data.isFriend, saved.body.msg],
      [b.id, max, true, '备注已修改'],
    )
    fails(
      await s.post(REMARK, { userId: b.id, remark: '书'.repeat(33) }, { token: a.token }),
      400,
      '修改备注失败：备注长度不能超过96字节',
    )
    fails(
      await s.post(REMARK, { userId: b.id, remark: 'a'.repeat(97) }, { token: a.token }),
      400,
      '修改备注失败：备注长度不能超过96字节',
    )
    ok(await s.post(REMARK, { userId: b.id, remark: 'a'.repeat(96) }, { token: a.token }))
    // Each side keeps its own.
    ok(await s.post(REMARK, { userId: b.id, remark: '老同学' }, { token: a.token }))
    assert.equal((await get(b, DETAIL, { userId: a.id })).body.data.remark, '')
    assert.equal((await get(a, LIST)).body.data.list[0].remark, '老同学')
    const cleared = await s.post(
      REMARK,
      { userId: b.id, remark: '' },
      { token: a.token, form: true },
    )
    ok(cleared)
    assert.equal(cleared.body.data.remark, '')

    fails(
      await s.post(REMARK, { userId: c.id, remark: '陌生人' }, { token: a.token }),
      400,
      '对方不是你的书友',
    )
    fails(
      await s.post(REMARK, { userId: 999_999, remark: 'x' }, { token: a.token }),
      404,
      '用户不存在',
    )
  })

  test('the list: by letter then pinyin, letters of the search, one letter, search, paging', async () => {
    const me = await person()
    const names = ['张三', '阿明', 'adam', 'Bob', '曾小贤', '123', '😀', '白云', 'zoe']
    const byName = new Map<string, number>()
    const now = new Date(s.clock.now())
    for (const name of names) {
      const id = await reader(name)
      byName.set(name, id)
      await s.db.insert(friendships).values([
        { userId: me.id, friendId: id, createdAt: now },
        { userId: id, friendId: me.id, createdAt: now },
      ])
    }
    // My remark files zoe under A.
    await s.db
      .update(friendships)
      .set({ remark: '安娜' })
      .where(and(eq(friendships.userId, me.id), eq(friendships.friendId, byName.get('zoe')!)))
    // Neither a deleted friend nor a stranger is listed.
    const gone = await reader('阿甘')
    await s.db.insert(friendships).values({ userId: me.id, friendId: gone, createdAt: now })
    await s.db.update(users).set({ deletedAt: now }).where(eq(users.id, gone))
    await reader('路人')

    const order = ['阿明', 'adam', 'zoe', '白云', 'Bob', '曾小贤', '张三', '123', '😀']
    const idsOf = (list: string[]) => list.map((n) => byName.get(n))
    const all = (await get(me, LIST)).body.data
    assert.deepEqual(ids(all.list), idsOf(order))
    assert.deepEqual(
      all.list.map((f: { letter: string }) => f.letter),
      ['A', 'A', 'A', 'B', 'B', 'Z', 'Z', '#', '#'],
    )
    assert.deepEqual([all.total, all.page, all.pageSize], [9, 1, 20])
    assert.deepEqual(all.letters, ['A', 'B', 'Z', '#'])
    assert.deepEqual(all.list[2], {
      userId: byName.get('zoe'),
      nickname: 'zoe',
      avatar: '',
      signature: '',
      remark: '安娜',
      letter: 'A',
      since: Math.floor(now.getTime() / 1000),
    })

    // The app's count query.
    const count = (await get(me, LIST, { pageIndex: 1, pageSize: 10 })).body.data
    assert.deepEqual([count.total, count.list.length, count.pageSize], [9, 9, 10])
    // Paging by pageIndex or page.
    const p2 = (await get(me, LIST, { pageIndex: 2, pageSize: 4 })).body.data
    assert.deepEqual(ids(p2.list), idsOf(order.slice(4, 8)))
    assert.deepEqual([p2.page, p2.total, p2.letters], [2, 9, ['A', 'B', 'Z', '#']])
    assert.deepEqual(
      ids((await get(me, LIST, { page: 3, pageSize: 4 })).body.data.list),
      idsOf(['😀']),
    )
    assert.equal((await get(me, LIST, { pageSize: 500 })).body.data.pageSize, 50)

    // One letter (either case), '#' too: the letters stay those of all.
    const a = (await get(me, LIST, { alphabeticalType: 'a' })).body.data
    assert.deepEqual([ids(a.list), a.total, a.letters], [idsOf(order.slice(0, 3)), 3, all.letters])
    const other = (await get(me, LIST, { alphabeticalType: '#' })).body.data
    assert.deepEqual(ids(other.list), idsOf(['123', '😀']))
    const none = (await get(me, LIST, { alphabeticalType: 'Q' })).body.data
    assert.deepEqual([none.list, none.total], [[], 0])
    fails(await get(me, LIST, { alphabeticalType: 'AB' }), 400, '索引字母不正确')
    fails(await get(me, LIST, { alphabeticalType: '1' }), 400, '索引字母不正确')

    // Search: remark or nickname, any case; the letters follow the search.
    const search = (await get(me, LIST, { searchType: ' A ' })).body.data
    assert.deepEqual([ids(search.list), search.letters], [idsOf(['adam']), ['A']])
    const byRemark = (await get(me, LIST, { searchType: '安' })).body.data
    assert.deepEqual(ids(byRemark.list), idsOf(['zoe']))
    const byNick = (await get(me, LIST, { searchType: 'ZO' })).body.data
    assert.deepEqual(ids(byNick.list), idsOf(['zoe']))
    const both = (await get(me, LIST, { searchType: 'b', alphabeticalType: 'B' })).body.data
    assert.deepEqual([ids(both.list), both.letters], [idsOf(['Bob']), ['B']])
    fails(await get(me, LIST, { searchType: 'x'.repeat(51) }), 400, '参数 searchType 过长')
  })

  test('deleting a friend ends both sides; their chat stays listed', async () => {
    const a = await person()
    const b = await person()
    await makeFriends(a, b)
    const res = await s.del(`${DELETE}?userId=${b.id}`, { token: a.token })
    assert.deepEqual([res.body.code, res.body.data, res.body.msg], [200, null, '已删除书友'])
    assert.equal((await friendRows(a.id, b.id)).length, 0)
    assert.equal((await get(a, LIST)).body.data.total, 0)
    assert.equal((await get(b, LIST)).body.data.total, 0)
    assert.equal((await get(b, DETAIL, { userId: a.id })).body.data.isFriend, false)
    for (const [who, peer] of [
      [a, b],
      [b, a],
    ] as const) {
      const list = (await get(who, CONVERSATIONS)).body.data.conversationList
      assert.ok(
        list.some((c: { conversationID: string }) => c.conversationID === `C2C${peer.id}`),
        'the conversation stays',
      )
    }
    fails(await s.del(`${DELETE}?userId=${b.id}`, { token: a.token }), 400, '对方不是你的书友')
    fails(await s.del(`${DELETE}?userId=${b.id}`, { token: b.token }), 400, '对方不是你的书友')
    // Friends again by a new request.
    await makeFriends(b, a)
    assert.equal((await friendRows(a.id, b.id)).length, 2)
  })
})

describe('nearby', () => {
  test('opt in and out, nearest first within 50 km, coarse distances, no positions, no blocks', async () => {
    const me = await person()
    const near = await person()
    const now = new Date(s.clock.now())
    const place = async (nickname: string, latitude: number, longitude: number) => {
      const id = await reader(nickname)
      await s.db.insert(nearbyPositions).values({ userId: id, latitude, longitude, updatedAt: now })
      return id
    }

    const before = (await get(me, NEARBY)).body.data
    assert.deepEqual(before, { list: [], total: 0, page: 1, pageSize: 10, optedIn: false })

    const joined = await s.post(
      JOIN,
      { latitude: 31.2304, longitude: 121.4737 },
      { token: me.token },
    )
    assert.deepEqual([joined.body.code, joined.body.data], [200, null])
    const [mine] = await s.db
      .select()
      .from(nearbyPositions)
      .where(eq(nearbyPositions.userId, me.id))
    assert.deepEqual([mine.latitude, mine.longitude], [31.23, 121.47])
    // Form text, and opting in again moves the position.
    ok(
      await s.post(
        JOIN,
        { latitude: '31.2296', longitude: '121.4738' },
        { token: me.token, form: true },
      ),
    )
    ok(await s.post(JOIN, { latitude: 31.234, longitude: 121.466 }, { token: near.token }))

    const far = await place('远方', 31.5, 121.47) // 0.27° north: 30.02 km
    const edge = await place('边上', 31.67, 121.47) // 0.44°: 48.93 km
    await place('太远', 31.68, 121.47) // 0.45°: 50.04 km, cut
    await place('另一城', 39.9, 116.4)
    const step = await place('一步', 31.24, 121.47) // 0.01°: 1.11 km
    const blocked = await place('拉黑', 31.23, 121.47)
    const blocker = await place('拉黑我', 31.23, 121.47)
    const gone = await place('注销', 31.23, 121.47)
    await s.db.update(users).set({ deletedAt: now }).where(eq(users.id, gone))
    ok(await block(me, blocked))
    await s.db.insert(friendships).values([
      { userId: me.id, friendId: step, createdAt: now },
      { userId: step, friendId: me.id, createdAt: now },
    ])
    await s.db.insert(blocks).values({ blockerId: blocker, blockedId: me.id, createdAt: now })

    const res = await get(me, NEARBY)
    ok(res)
    assert.doesNotMatch(JSON.stringify(res.body), /latitude|longitude|31\.2|121\.4/)
    const page = res.body.data
    assert.deepEqual(
      page.list.map((p: { userId: number; distance: number; isFriend: boolean }) => [
        p.userId,
        p.distance,
        p.isFriend,
      ]),
      [
        [near.id, 100, false],
        [step, 1200, true],
        [far, 30100, false],
        [edge, 49000, false],
      ],
    )
    assert.deepEqual([page.total, page.optedIn], [4, true])
    assert.deepEqual(page.list[0], {
      userId: near.id,
      nickname: near.nickname,
      avatar: '',
      signature: '',
      distance: 100,
      isFriend: false,
    })
    const p2 = (await get(me, NEARBY, { page: 2, pageSize: 3 })).body.data
    assert.deepEqual([ids(p2.list), p2.total], [[edge], 4])

    // Those I blocked or who blocked me see nothing of me either; the other reader sees me.
    assert.ok(ids((await get(near, NEARBY)).body.data.list).includes(me.id))

    // Opting out: gone at once, for me and for the others.
    const left = await s.del(LEAVE, { token: me.token })
    assert.deepEqual([left.body.code, left.body.data], [200, null])
    assert.equal(
      (await s.db.select().from(nearbyPositions).where(eq(nearbyPositions.userId, me.id))).length,
      0,
    )
    assert.deepEqual((await get(me, NEARBY)).body.data.optedIn, false)
    assert.ok(!ids((await get(near, NEARBY)).body.data.list).includes(me.id))
    ok(await s.del(LEAVE, { token: me.token }))

    fails(
      await s.post(JOIN, { latitude: 91, longitude: 0 }, { token: me.token }),
      400,
      '位置信息不正确',
    )
    fails(
      await s.post(JOIN, { latitude: 0, longitude: -180.5 }, { token: me.token }),
      400,
      '位置信息不正确',
    )
    fails(
      await s.post(JOIN, { latitude: 'north', longitude: 0 }, { token: me.token }),
      400,
      '位置信息不正确',
    )
    fails(await s.post(JOIN, { longitude: 0 }, { token: me.token }), 400, '位置信息不正确')
  })
})
