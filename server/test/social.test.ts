import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq, or } from 'drizzle-orm'
import type { LoginResult } from '@api/account'
import { feedApi } from '@api/feed'
import { socialApi } from '@api/social'
import { blocks, follows, notifications, posts, users } from '../src/db/schema'
import {
  MINUTE,
  newMobile,
  queryPath,
  restPath,
  startServer,
  type Reply,
  type TestServer,
} from './helpers'

const IS_FOCUS = queryPath(socialApi.isFocus)
const FOCUS = queryPath(socialApi.follow)
const CANCEL_FOCUS = queryPath(socialApi.unfollow)
const FOCUS_LIST = queryPath(socialApi.followingList)
const ATTENTION_LIST = queryPath(socialApi.followerList)
const STATISTICS = queryPath(socialApi.statistics)
const FOCUS_ON_USERS = restPath(socialApi.setFollow)
const USER_FOCUS_LIST = restPath(socialApi.focusList)
const DETAIL = restPath(socialApi.userDetail)
const BLOCK = restPath(socialApi.block)
const BLOCK_LIST = restPath(socialApi.blockList)

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

/** The envelope's code of either style. */
const codeOf = (res: Reply): number => res.body.ret ?? res.body.code

function ok(res: Reply, label = ''): void {
  assert.equal(codeOf(res), 200, `${label} ${JSON.stringify(res.body)}`)
}

function fails(res: Reply, code: number, msg: string, label = ''): void {
  assert.deepEqual([codeOf(res), res.body.msg], [code, msg], label)
  assert.equal(res.status, code, label)
}

const focus = (who: Person, userId: number) =>
  s.post(FOCUS, { user_id: userId }, { token: who.token })
const unfocus = (who: Person, userId: number) =>
  s.post(CANCEL_FOCUS, { user_id: userId }, { token: who.token })
const block = (who: Person, userId: number, on = 1) =>
  s.post(BLOCK, { userId, block: on }, { token: who.token })

const ids = (list: Array<{ userId: number }>) => list.map((u) => u.userId)

async function deleteAccount(who: Person): Promise<void> {
  await s.db
    .update(users)
    .set({ deletedAt: new Date(s.clock.now()), mobile: null })
    .where(eq(users.id, who.id))
}

async function followNotes(userId: number) {
  return s.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'follow')))
}

describe('login', () => {
  test('every login call refuses a guest (302 query style, 401 REST)', async () => {
    for (const [method, url] of [
      ['GET', IS_FOCUS],
      ['POST', FOCUS],
      ['POST', CANCEL_FOCUS],
      ['GET', FOCUS_LIST],
      ['GET', ATTENTION_LIST],
    ] as const) {
      const res = method === 'GET' ? await s.get(`${url}&user_id=1`) : await s.post(url)
      assert.deepEqual([res.status, res.body.ret], [200, 302], url)
    }
    for (const [method, url] of [
      ['POST', FOCUS_ON_USERS],
      ['GET', USER_FOCUS_LIST],
      ['POST', BLOCK],
      ['GET', BLOCK_LIST],
    ] as const) {
      const res = method === 'GET' ? await s.get(url) : await s.post(url, { userId: 1 })
      assert.deepEqual([res.status, res.body.code], [401, 401], url)
    }
  })
})

describe('follows', () => {
  test('follow and unfollow in both styles: idempotent, counted, one notification per new follow', async () => {
    const a = await person()
    const b = await person()

    const first = await focus(a, b.id)
    ok(first)
    assert.deepEqual(
      [first.body.data, first.body.msg],
      [{ followed: true, followers: 1 }, '关注成功'],
    )
    const again = await focus(a, b.id)
    assert.deepEqual(again.body.data, { followed: true, followers: 1 })
    // One notification: the second follow created no row.
    const notes = await followNotes(b.id)
    assert.equal(notes.length, 1)
    assert.deepEqual([notes[0].actorId, notes[0].readAt], [a.id, null])

    const isFocus = await s.get(`${IS_FOCUS}&user_id=${b.id}`, { token: a.token })
    assert.deepEqual(isFocus.body.data, { focused: true })
    const back = await s.get(`${IS_FOCUS}&user_id=${a.id}`, { token: b.token })
    assert.deepEqual(back.body.data, { focused: false })
    const self = await s.get(`${IS_FOCUS}&user_id=${a.id}`, { token: a.token })
    assert.deepEqual(self.body.data, { focused: false })

    const cancel = await unfocus(a, b.id)
    assert.deepEqual(
      [cancel.body.data, cancel.body.msg],
      [{ followed: false, followers: 0 }, '已取消关注'],
    )
    assert.deepEqual((await unfocus(a, b.id)).body.data, { followed: false, followers: 0 })
    const after = await s.get(`${IS_FOCUS}&user_id=${b.id}`, { token: a.token })
    assert.deepEqual(after.body.data, { focused: false })

    // REST, form-encoded: follow again (a new row, but the follow was told already: no new
    // notification, however often one toggles), then unfollow.
    const rest = await s.post(
      FOCUS_ON_USERS,
      { userId: String(b.id), focus: '1' },
      { token: a.token, form: true },
    )
    assert.deepEqual([rest.body.code, rest.body.data], [200, { followed: true, followers: 1 }])
    assert.equal((await followNotes(b.id)).length, 1)
    const restAgain = await s.post(FOCUS_ON_USERS, { userId: b.id, focus: 1 }, { token: a.token })
    assert.deepEqual(restAgain.body.data, { followed: true, followers: 1 })
    for (let i = 0; i < 3; i++) {
      ok(await unfocus(a, b.id))
      ok(await focus(a, b.id))
    }
    const notes2 = await followNotes(b.id)
    assert.deepEqual(
      notes2.map((n) => [n.id, n.actorId]),
      [[notes[0].id, a.id]],
    )
    // In b's messages: one follow message from a.
    const followMessages = await s.get(`${restPath(socialApi.messageList)}?kind=follow`, {
      token: b.token,
    })
    assert.deepEqual(
      followMessages.body.data.list.map((m: { actor: { userId: number } }) => m.actor.userId),
      [a.id],
    )
    const restOff = await s.post(FOCUS_ON_USERS, { userId: b.id, focus: 0 }, { token: a.token })
    assert.deepEqual(
      [restOff.body.data, restOff.body.msg],
      [{ followed: false, followers: 0 }, '已取消关注'],
    )
  })

  test('at most 60 follow toggles a minute per person (429), then again', async () => {
    const fan = await person()
    const star = await person()
    const other = await person()
    s.clock.advance(MINUTE)
    const start = s.clock.now()
    // Follows, unfollows and repeats in both call styles: 60 pass.
    for (let i = 0; i < 60; i++) {
      s.clock.advance(500)
      const res =
        i % 3 === 0
          ? await s.post(FOCUS_ON_USERS, { userId: star.id, focus: i % 2 }, { token: fan.token })
          : i % 2
            ? await unfocus(fan, star.id)
            : await focus(fan, star.id)
      ok(res, String(i))
    }
    fails(await focus(fan, star.id), 429, '操作太频繁，请稍后再试', 'query style')
    fails(
      await s.post(FOCUS_ON_USERS, { userId: other.id, focus: 1 }, { token: fan.token }),
      429,
      '操作太频繁，请稍后再试',
      'REST',
    )
    // Refused: nothing changed; others are not held back; likes have their own count.
    const following = await s.get(`${IS_FOCUS}&user_id=${other.id}`, { token: fan.token })
    assert.deepEqual(following.body.data, { focused: false })
    ok(await focus(other, star.id))
    const [post] = await s.db
      .insert(posts)
      .values({ userId: star.id, content: '一篇', createdAt: new Date(s.clock.now()) })
      .returning({ id: posts.id })
    const like = await s.post(
      restPath(feedApi.likePost),
      { id: post.id, like: 1 },
      { token: fan.token },
    )
    ok(like)
    // A minute after the first toggle one more fits, not two.
    s.clock.t = start + MINUTE + 500
    ok(await focus(fan, other.id))
    fails(await unfocus(fan, other.id), 429, '操作太频繁，请稍后再试')
    s.clock.advance(MINUTE)
    ok(await unfocus(fan, other.id))
  })

  test('not oneself, unknown or deleted people 404, bad input 400', async () => {
    const a = await person()
    const gone = await person()
    await deleteAccount(gone)

    fails(await focus(a, a.id), 400, '不能关注自己')
    fails(await unfocus(a, a.id), 400, '不能关注自己')
    fails(
      await s.post(FOCUS_ON_USERS, { userId: a.id, focus: 1 }, { token: a.token }),
      400,
      '不能关注自己',
    )
    fails(await focus(a, 999_999), 404, '用户不存在')
    fails(await focus(a, gone.id), 404, '用户不存在')
    fails(await unfocus(a, gone.id), 404, '用户不存在')
    fails(await s.get(`${IS_FOCUS}&user_id=999999`, { token: a.token }), 404, '用户不存在')
    fails(await s.post(FOCUS, {}, { token: a.token }), 400, '用户不存在')
    fails(await s.post(FOCUS, { user_id: 'abc' }, { token: a.token }), 400, '用户不存在')
    fails(
      await s.post(FOCUS_ON_USERS, { userId: 1 }, { token: a.token }),
      400,
      '参数 focus 格式错误',
    )
    fails(
      await s.post(FOCUS_ON_USERS, { userId: 1, focus: 2 }, { token: a.token }),
      400,
      '参数 focus 格式错误',
    )
    fails(await s.get(`${USER_FOCUS_LIST}?type=friends`, { token: a.token }), 400, '列表类型不正确')
    fails(await s.get(`${FOCUS_LIST}&page=x`, { token: a.token }), 400, '参数 page 格式错误')
  })

  test('lists: whom I follow and who follows me, newest relation first, paged, live people only', async () => {
    const me = await person()
    const [b, c, d, e] = [await person(), await person(), await person(), await person()]
    for (const other of [b, c, d]) {
      s.clock.advance(MINUTE)
      ok(await focus(me, other.id))
    }
    for (const other of [c, e]) {
      s.clock.advance(MINUTE)
      ok(await focus(other, me.id))
    }
    const nowSec = Math.floor(s.clock.now() / 1000)

    const following = await s.get(FOCUS_LIST, { token: me.token })
    ok(following)
    assert.deepEqual(ids(following.body.data.list), [d.id, c.id, b.id])
    assert.deepEqual(
      [following.body.data.total, following.body.data.page, following.body.data.pageSize],
      [3, 1, 10],
    )
    const first = following.body.data.list[0]
    assert.deepEqual(first, {
      userId: d.id,
      nickname: d.nickname,
      avatar: '',
      signature: '',
      followed: true,
      since: nowSec - 120,
    })
    const page2 = await s.get(`${FOCUS_LIST}&page=2&pageSize=2`, { token: me.token })
    assert.deepEqual(ids(page2.body.data.list), [b.id])
    assert.equal(page2.body.data.total, 3)

    const followers = await s.get(ATTENTION_LIST, { token: me.token })
    assert.deepEqual(ids(followers.body.data.list), [e.id, c.id])
    // `followed`: whether I follow them back.
    assert.deepEqual(
      followers.body.data.list.map((u: { followed: boolean }) => u.followed),
      [false, true],
    )
    assert.equal(followers.body.data.list[0].since, nowSec)

    // REST: the same lists by `type`.
    const restFollowing = await s.get(`${USER_FOCUS_LIST}?type=following`, { token: me.token })
    assert.deepEqual(restFollowing.body.data, following.body.data)
    const restDefault = await s.get(USER_FOCUS_LIST, { token: me.token })
    assert.deepEqual(restDefault.body.data, following.body.data)
    const restFollowers = await s.get(`${USER_FOCUS_LIST}?type=followers&pageSize=1`, {
      token: me.token,
    })
    assert.deepEqual(ids(restFollowers.body.data.list), [e.id])
    assert.equal(restFollowers.body.data.total, 2)

    // A deleted account leaves every list and count.
    await deleteAccount(c)
    const without = await s.get(FOCUS_LIST, { token: me.token })
    assert.deepEqual(ids(without.body.data.list), [d.id, b.id])
    assert.equal(without.body.data.total, 2)
    const fewer = await s.get(ATTENTION_LIST, { token: me.token })
    assert.deepEqual(ids(fewer.body.data.list), [e.id])
    const stats = await s.get(`${STATISTICS}&user_id=${me.id}`)
    assert.deepEqual([stats.body.data.following, stats.body.data.followers], [2, 1])
    // Others see only their own lists.
    const theirs = await s.get(FOCUS_LIST, { token: e.token })
    assert.deepEqual(ids(theirs.body.data.list), [me.id])
  })
})

describe('blocks', () => {
  test('blocking ends follows both ways and refuses follows either way; unblocking allows them again', async () => {
    const a = await person()
    const b = await person()
    ok(await focus(a, b.id))
    ok(await focus(b, a.id))

    const blocked = await block(a, b.id)
    assert.deepEqual(
      [blocked.body.code, blocked.body.data, blocked.body.msg],
      [200, { blocked: true }, '已拉黑'],
    )
    const left = await s.db
      .select()
      .from(follows)
      .where(or(eq(follows.followerId, a.id), eq(follows.followeeId, a.id)))
    assert.equal(left.length, 0)
    const stats = await s.get(`${STATISTICS}&user_id=${a.id}`)
    assert.deepEqual([stats.body.data.following, stats.body.data.followers], [0, 0])

    fails(await focus(b, a.id), 403, '无法关注该用户')
    fails(await focus(a, b.id), 403, '无法关注该用户')
    fails(
      await s.post(FOCUS_ON_USERS, { userId: a.id, focus: 1 }, { token: b.token }),
      403,
      '无法关注该用户',
    )
    // Unfollowing stays possible (a no-op).
    assert.deepEqual((await unfocus(b, a.id)).body.data, { followed: false, followers: 0 })

    // Idempotent.
    assert.deepEqual((await block(a, b.id)).body.data, { blocked: true })
    assert.equal((await s.db.select().from(blocks).where(eq(blocks.blockerId, a.id))).length, 1)

    const unblocked = await block(a, b.id, 0)
    assert.deepEqual([unblocked.body.data, unblocked.body.msg], [{ blocked: false }, '已取消拉黑'])
    assert.deepEqual((await block(a, b.id, 0)).body.data, { blocked: false })
    ok(await focus(b, a.id))
    ok(await focus(a, b.id))
  })

  test('not oneself, unknown people 404, bad input 400', async () => {
    const a = await person()
    fails(await block(a, a.id), 400, '不能拉黑自己')
    fails(await block(a, 999_999), 404, '用户不存在')
    fails(await s.post(BLOCK, { block: 1 }, { token: a.token }), 400, '用户不存在')
    fails(
      await s.post(BLOCK, { userId: 1, block: 'yes' }, { token: a.token }),
      400,
      '参数 block 格式错误',
    )
    // Unblocking someone never blocked is fine.
    assert.deepEqual((await block(a, 999_999, 0)).body.data, { blocked: false })
  })

  test('the block list: whom I blocked, newest first, paged', async () => {
    const me = await person()
    const [b, c, d] = [await person(), await person(), await person()]
    ok(await focus(me, c.id))
    for (const other of [b, c, d]) {
      s.clock.advance(MINUTE)
      ok(await block(me, other.id))
    }
    // Someone blocking me is not in my list.
    ok(await block(b, me.id))
    const list = await s.get(BLOCK_LIST, { token: me.token })
    ok(list)
    assert.deepEqual(ids(list.body.data.list), [d.id, c.id, b.id])
    assert.equal(list.body.data.total, 3)
    assert.deepEqual(list.body.data.list[0], {
      userId: d.id,
      nickname: d.nickname,
      avatar: '',
      signature: '',
      followed: false,
      since: Math.floor(s.clock.now() / 1000),
    })
    assert.ok(list.body.data.list.every((u: { followed: boolean }) => !u.followed))
    const page = await s.get(`${BLOCK_LIST}?page=2&pageSize=2`, { token: me.token })
    assert.deepEqual(ids(page.body.data.list), [b.id])
    ok(await block(me, c.id, 0))
    const after = await s.get(BLOCK_LIST, { token: me.token })
    assert.deepEqual(ids(after.body.data.list), [d.id, b.id])
    const theirs = await s.get(BLOCK_LIST, { token: b.token })
    assert.deepEqual(ids(theirs.body.data.list), [me.id])
  })
})

describe('statistics', () => {
  async function addPost(userId: number, likeCount: number, deleted = false): Promise<void> {
    const at = new Date(s.clock.now())
    await s.db.insert(posts).values({
      userId,
      content: '读书笔记',
      likeCount,
      createdAt: at,
      deletedAt: deleted ? at : null,
    })
  }

  test('live posts, following, followers and likes on live posts; public; default the caller', async () => {
    const a = await person()
    const [b, c] = [await person(), await person()]
    await addPost(a.id, 3)
    await addPost(a.id, 4)
    await addPost(a.id, 10, true)
    await addPost(b.id, 5)
    ok(await focus(a, b.id))
    ok(await focus(b, a.id))
    ok(await focus(c, a.id))

    const expected = { posts: 2, following: 1, followers: 2, likes: 7 }
    const guest = await s.get(`${STATISTICS}&user_id=${a.id}`)
    assert.deepEqual([guest.body.ret, guest.body.data], [200, expected])
    const own = await s.get(STATISTICS, { token: a.token })
    assert.deepEqual(own.body.data, expected)
    const restName = await s.get(`${STATISTICS}&userId=${a.id}`, { token: b.token })
    assert.deepEqual(restName.body.data, expected)
    const ofB = await s.get(`${STATISTICS}&user_id=${b.id}`, { token: a.token })
    assert.deepEqual(ofB.body.data, { posts: 1, following: 1, followers: 1, likes: 5 })
    const empty = await s.get(STATISTICS, { token: c.token })
    assert.deepEqual(empty.body.data, { posts: 0, following: 1, followers: 0, likes: 0 })

    fails(await s.get(STATISTICS), 400, '请指定用户')
    fails(await s.get(`${STATISTICS}&user_id=999999`), 404, '用户不存在')
    fails(await s.get(`${STATISTICS}&user_id=x`), 400, '用户不存在')
  })
})

describe('user detail', () => {
  test('as the caller sees them: flags from both sides, as a guest, and oneself', async () => {
    const a = await person()
    const b = await person()
    const c = await person()
    ok(await focus(a, b.id))
    ok(await focus(b, a.id))
    ok(await block(a, c.id))
    await s.db.insert(posts).values({
      userId: b.id,
      content: '一篇',
      likeCount: 2,
      createdAt: new Date(s.clock.now()),
    })

    const guest = await s.get(`${DETAIL}?userId=${b.id}`)
    ok(guest)
    assert.deepEqual(guest.body.data, {
      userId: b.id,
      nickname: b.nickname,
      avatar: '',
      sex: 0,
      signature: '',
      stats: { posts: 1, following: 1, followers: 1, likes: 2 },
      isMe: false,
      followed: false,
      followsMe: false,
      blocked: false,
    })

    const flags = (res: Reply) => {
      const { isMe, followed, followsMe, blocked } = res.body.data
      return { isMe, followed, followsMe, blocked }
    }
    const aSeesB = await s.get(`${DETAIL}?userId=${b.id}`, { token: a.token })
    assert.deepEqual(flags(aSeesB), {
      isMe: false,
      followed: true,
      followsMe: true,
      blocked: false,
    })
    ok(await unfocus(b, a.id))
    const aSeesBAgain = await s.get(`${DETAIL}?userId=${b.id}`, { token: a.token })
    assert.deepEqual(flags(aSeesBAgain), {
      isMe: false,
      followed: true,
      followsMe: false,
      blocked: false,
    })
    const bSeesA = await s.get(`${DETAIL}?userId=${a.id}`, { token: b.token })
    assert.deepEqual(flags(bSeesA), {
      isMe: false,
      followed: false,
      followsMe: true,
      blocked: false,
    })
    const aSeesC = await s.get(`${DETAIL}?userId=${c.id}`, { token: a.token })
    assert.deepEqual(flags(aSeesC), {
      isMe: false,
      followed: false,
      followsMe: false,
      blocked: true,
    })
    const cSeesA = await s.get(`${DETAIL}?userId=${a.id}`, { token: c.token })
    assert.deepEqual(flags(cSeesA), {
      isMe: false,
      followed: false,
      followsMe: false,
      blocked: false,
    })
    const self = await s.get(`${DETAIL}?userId=${a.id}`, { token: a.token })
    assert.deepEqual(flags(self), {
      isMe: true,
      followed: false,
      followsMe: false,
      blocked: false,
    })

    fails(await s.get(`${DETAIL}?userId=999999`), 404, '用户不存在')
    fails(await s.get(`${DETAIL}?userId=abc`), 400, '用户不存在')
    await deleteAccount(c)
    fails(await s.get(`${DETAIL}?userId=${c.id}`, { token: a.token }), 404, '用户不存在')
  })

  test("without userId: the caller's own profile, login required", async () => {
    const a = await person()
    const own = await s.get(DETAIL, { token: a.token })
    ok(own)
    assert.equal(own.body.data.user_id, a.id)
    assert.equal(own.body.data.nickname, a.nickname)
    const guest = await s.get(DETAIL)
    assert.deepEqual([guest.status, guest.body.code, guest.body.msg], [401, 401, '请先登录'])
  })
})

describe('bad input', () => {
  const ENDPOINTS: Array<['GET' | 'POST', string]> = [
    ['GET', IS_FOCUS],
    ['POST', FOCUS],
    ['POST', CANCEL_FOCUS],
    ['GET', FOCUS_LIST],
    ['GET', ATTENTION_LIST],
    ['GET', STATISTICS],
    ['POST', FOCUS_ON_USERS],
    ['GET', USER_FOCUS_LIST],
    ['GET', DETAIL],
    ['POST', BLOCK],
    ['GET', BLOCK_LIST],
    ['GET', restPath(socialApi.messageList)],
    ['GET', restPath(socialApi.commentMessages)],
    ['GET', restPath(socialApi.likeMessages)],
    ['GET', restPath(socialApi.unreadTotal)],
    ['GET', restPath(socialApi.unreadByKind)],
    ['POST', restPath(socialApi.setRead)],
    ['GET', restPath(socialApi.complaintReasons)],
    ['POST', restPath(socialApi.addComplaint)],
    ['POST', queryPath(socialApi.addFeedback)],
    ['GET', queryPath(socialApi.myFeedback)],
    ['POST', queryPath(socialApi.deleteFeedback)],
  ]
  const FIELDS = [
    'user_id',
    'userId',
    'focus',
    'block',
    'type',
    'kind',
    'page',
    'pageSize',
    'id',
    'content',
    'contact',
    'images',
    'targetType',
    'targetId',
    'reasonId',
  ]

  test('wrong types, repeated keys and huge values are 4xx with a message, never a 500', async () => {
    const me = await person()
    const check = (res: Reply, label: string) => {
      assert.ok(res.status < 500, `${label}: ${res.status} ${JSON.stringify(res.body)}`)
      assert.equal(typeof res.body, 'object', label)
      assert.notEqual(codeOf(res), 500, label)
      assert.ok(typeof res.body.msg === 'string' && res.body.msg.length > 0, label)
    }
    const sep = (url: string) => (url.includes('?') ? '&' : '?')
    for (const [method, url] of ENDPOINTS) {
      if (method === 'POST') {
        for (const value of [{ a: 1 }, [1, 2], true, 1e20, null, 'x'.repeat(100_000)]) {
          const body = Object.fromEntries(FIELDS.map((f) => [f, value]))
          const res = await s.post(url, body, { token: me.token })
          check(res, `${url} ${JSON.stringify(value).slice(0, 20)}`)
        }
        for (const raw of ['{"userId":', 'null', '[1,2]', '"text"']) {
          const res = await s.post(url, undefined, {
            token: me.token,
            raw,
            contentType: 'application/json',
          })
          check(res, `${url} ${raw}`)
        }
      } else {
        const repeated = FIELDS.map((f) => `${f}=1&${f}=2`).join('&')
        check(await s.get(`${url}${sep(url)}${repeated}`, { token: me.token }), `${url} repeated`)
        const huge = FIELDS.map((f) => `${f}=${'9'.repeat(500)}`).join('&')
        check(await s.get(`${url}${sep(url)}${huge}`, { token: me.token }), `${url} huge`)
      }
    }
  })
})
