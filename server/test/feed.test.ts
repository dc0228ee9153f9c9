import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, count, eq, isNull } from 'drizzle-orm'
import { Limits } from '@rules/limits'
import { BLOCKED_TEXT_MESSAGE } from '@rules/moderation'
import type { LoginResult } from '@api/account'
import { feedApi, type Post } from '@api/feed'
import { socialApi } from '@api/social'
import { actionMarks, blocks, notifications, postLikes, posts, users } from '../src/db/schema'
import {
  MINUTE,
  newMobile,
  queryPath,
  restPath,
  SECOND,
  startServer,
  type Reply,
  type TestServer,
} from './helpers'

const SAVE = restPath(feedApi.savePost)
const LIST = restPath(feedApi.postList)
const DETAIL = restPath(feedApi.postDetail)
const DELETE = restPath(feedApi.deletePost)
const LIKE = restPath(feedApi.likePost)
const LIKE_MESSAGES = restPath(socialApi.likeMessages)
const COMMENT_MESSAGES = restPath(socialApi.commentMessages)
const UNREAD_LIST = restPath(socialApi.unreadByKind)
const SET_READ = restPath(socialApi.setRead)
const ADD_COMMENT = restPath(feedApi.addComment)

describe('feed: posts and likes', () => {
  let s: TestServer
  let a: LoginResult
  let b: LoginResult
  let c: LoginResult
  before(async () => {
    s = await startServer()
    a = await s.register(newMobile())
    b = await s.register(newMobile())
    c = await s.register(newMobile())
  })
  after(() => s.close())

  const del = (url: string, token?: string): Promise<Reply> => s.del(url, { token })

  const upload = (token: string): Promise<string> => s.uploadImage(token)

  /** Publishes through REST as JSON; the clock moves a minute first (the rate limit). */
  async function publish(who: LoginResult, content: string, images?: string[]): Promise<Post> {
    s.clock.advance(MINUTE)
    const res = await s.post(SAVE, { content, images }, { token: who.access_token })
    assert.equal(res.body.code, 200, JSON.stringify(res.body))
    return res.body.data
  }

  const ids = (list: Array<{ id: number }>) => list.map((p) => p.id)
  const liveTotal = async () =>
    (
      await s.db
        .select({ n: count() })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(and(isNull(posts.deletedAt), isNull(users.deletedAt)))
    )[0].n

  test('publish in both styles with images, list, detail, and delete only by the author', async () => {
    const [img1, img2, img3] = [
      await upload(a.access_token),
      await upload(a.access_token),
      await upload(a.access_token),
    ]

    s.clock.advance(MINUTE)
    const first = await s.post(
      SAVE,
      { content: '  读《论语》有感：学而时习之。  ', images: [img1, img2] },
      { token: a.access_token },
    )
    assert.deepEqual([first.status, first.body.code, first.body.msg], [200, 200, '发表成功'])
    const post: Post = first.body.data
    assert.deepEqual(post, {
      id: post.id,
      author: { userId: a.user.user_id, nickname: a.user.nickname, avatar: '' },
      content: '读《论语》有感：学而时习之。',
      images: [img1, img2],
      likeCount: 0,
      commentCount: 0,
      liked: false,
      mine: true,
      createdAt: Math.floor(s.clock.now() / 1000),
    })

    // Query style, form body, images comma-joined.
    s.clock.advance(MINUTE)
    const second = await s.post(
      queryPath(feedApi.savePost),
      { content: '第二篇', images: `${img3},${img1}` },
      { token: a.access_token, form: true },
    )
    assert.deepEqual([second.body.ret, second.body.msg], [200, '发表成功'])
    assert.deepEqual(second.body.data.images, [img3, img1])

    // A repeated form field, and an absolute URL of the caller's own upload (stored as the path).
    s.clock.advance(MINUTE)
    const third = await s.post(SAVE, undefined, {
      token: a.access_token,
      raw: new URLSearchParams([
        ['content', '第三篇'],
        ['images', img2],
        ['images', `https://cdn.example.com${img3}`],
      ]).toString(),
      contentType: 'application/x-www-form-urlencoded',
    })
    assert.equal(third.body.code, 200, JSON.stringify(third.body))
    assert.deepEqual(third.body.data.images, [img2, img3])

    // `images[]` repeated, and a JSON array inside a string.
    s.clock.advance(MINUTE)
    const fourth = await s.post(SAVE, undefined, {
      token: a.access_token,
      raw: `content=4&images%5B%5D=${encodeURIComponent(img1)}&images%5B%5D=${encodeURIComponent(img2)}`,
      contentType: 'application/x-www-form-urlencoded',
    })
    assert.deepEqual(fourth.body.data.images, [img1, img2])
    s.clock.advance(MINUTE)
    const fifth = await s.post(
      queryPath(feedApi.savePost),
      { content: '5', images: JSON.stringify([img3]) },
      { token: a.access_token, form: true },
    )
    assert.deepEqual(fifth.body.data.images, [img3])

    const all = [
      fifth.body.data.id,
      fourth.body.data.id,
      third.body.data.id,
      second.body.data.id,
      post.id,
    ]

    // One person's posts, newest first, in both styles with the same data.
    const rest = await s.get(`${LIST}?userId=${a.user.user_id}`)
    assert.equal(rest.body.code, 200)
    assert.deepEqual(ids(rest.body.data.list), all)
    assert.deepEqual(
      [rest.body.data.total, rest.body.data.page, rest.body.data.pageSize],
      [5, 1, 10],
    )
    assert.ok(rest.body.data.list.every((p: Post) => !p.mine && !p.liked))
    const query = await s.get(`${queryPath(feedApi.postList)}&userId=${a.user.user_id}`)
    assert.equal(query.body.ret, 200)
    assert.deepEqual(query.body.data, rest.body.data)
    const asAuthor = await s.get(`${LIST}?userId=${a.user.user_id}`, { token: a.access_token })
    assert.ok(asAuthor.body.data.list.every((p: Post) => p.mine))

    // The whole feed: newest first; these are the newest posts.
    const feed = await s.get(`${LIST}?pageSize=5`)
    assert.deepEqual(ids(feed.body.data.list), all)
    assert.equal(feed.body.data.total, await liveTotal())

    // Detail, public, in both styles; `mine` for the author.
    const guest = await s.get(`${DETAIL}?id=${post.id}`)
    assert.deepEqual(guest.body.data, { ...post, mine: false })
    const queryDetail = await s.get(`${queryPath(feedApi.postDetail)}&id=${post.id}`, {
      token: a.access_token,
    })
    assert.deepEqual(queryDetail.body.data, post)
    assert.deepEqual((await s.get(`${DETAIL}?id=abc`)).body.msg, '读后感不存在')
    const missing = await s.get(`${DETAIL}?id=999999`)
    assert.deepEqual([missing.status, missing.body.msg], [404, '读后感不存在'])

    // Delete: guests need a login, others are refused, the author succeeds.
    const guestDelete = await del(`${DELETE}?id=${post.id}`)
    assert.deepEqual([guestDelete.status, guestDelete.body.code], [401, 401])
    const guestQuery = await s.post(queryPath(feedApi.deletePost), { id: post.id })
    assert.equal(guestQuery.body.ret, 302)
    const notYours = await del(`${DELETE}?id=${post.id}`, b.access_token)
    assert.deepEqual([notYours.status, notYours.body.msg], [403, '只能删除自己的读后感'])
    const notYoursQuery = await s.post(
      queryPath(feedApi.deletePost),
      { id: post.id },
      { token: b.access_token },
    )
    assert.deepEqual(
      [notYoursQuery.body.ret, notYoursQuery.body.msg],
      [403, '只能删除自己的读后感'],
    )
    const deleted = await del(`${DELETE}?id=${post.id}`, a.access_token)
    assert.deepEqual([deleted.status, deleted.body.code, deleted.body.msg], [200, 200, '已删除'])
    const queryDeleted = await s.post(
      queryPath(feedApi.deletePost),
      { id: second.body.data.id },
      { token: a.access_token },
    )
    assert.deepEqual([queryDeleted.body.ret, queryDeleted.body.msg], [200, '已删除'])

    const gone = await s.get(`${DETAIL}?id=${post.id}`)
    assert.deepEqual([gone.status, gone.body.msg], [404, '读后感不存在'])
    const again = await del(`${DELETE}?id=${post.id}`, a.access_token)
    assert.deepEqual([again.status, again.body.msg], [404, '读后感不存在'])
    const after = await s.get(`${LIST}?userId=${a.user.user_id}`)
    assert.deepEqual(ids(after.body.data.list), all.slice(0, 3))
    assert.equal(after.body.data.total, 3)
    // The row stays (soft delete).
    const [row] = await s.db.select().from(posts).where(eq(posts.id, post.id))
    assert.ok(row.deletedAt)
  })

  test('paging: stable order (ties by id), totals, clamped page and pageSize', async () => {
    const d = await s.register(newMobile())
    const made: number[] = []
    for (let i = 0; i < 8; i++) {
      s.clock.advance(MINUTE)
      made.push((await publish(d, `第${i + 1}篇`)).id)
    }
    // Four posts at one instant: newest first means the larger id first.
    s.clock.advance(MINUTE)
    for (let i = 0; i < 4; i++) {
      const res = await s.post(SAVE, { content: `同一时刻${i}` }, { token: d.access_token })
      made.push(res.body.data.id)
    }
    const expected = [...made].reverse()

    const seen: number[] = []
    for (let page = 1; page <= 3; page++) {
      const res = await s.get(`${LIST}?userId=${d.user.user_id}&page=${page}&pageSize=5`)
      assert.deepEqual(
        [res.body.data.total, res.body.data.page, res.body.data.pageSize],
        [12, page, 5],
      )
      seen.push(...ids(res.body.data.list))
    }
    assert.deepEqual(seen, expected)
    const beyond = await s.get(`${LIST}?userId=${d.user.user_id}&page=9`)
    assert.deepEqual([beyond.body.data.list, beyond.body.data.total], [[], 12])

    // Out of range numbers are clamped; non-numbers are refused.
    const low = await s.get(`${LIST}?userId=${d.user.user_id}&page=0&pageSize=0`)
    assert.deepEqual(
      [low.body.data.page, low.body.data.pageSize, ids(low.body.data.list)],
      [1, 1, [expected[0]]],
    )
    const high = await s.get(`${queryPath(feedApi.postList)}&userId=${d.user.user_id}&pageSize=500`)
    assert.deepEqual([high.body.data.pageSize, high.body.data.list.length], [50, 12])
    const bad = await s.get(`${LIST}?page=x`)
    assert.deepEqual([bad.status, bad.body.msg], [400, '参数 page 格式错误'])
    const badUser = await s.get(`${LIST}?userId=-3`)
    assert.deepEqual([badUser.status, badUser.body.msg], [400, '用户不存在'])
    const everyone = await s.get(`${LIST}?userId=0&pageSize=1`)
    assert.equal(everyone.body.data.total, await liveTotal())
    const nobody = await s.get(`${LIST}?userId=999999`)
    assert.deepEqual([nobody.body.data.list, nobody.body.data.total], [[], 0])

    // The whole feed pages the same way, and its total counts every live post.
    const total = await liveTotal()
    const feedSeen: number[] = []
    for (let page = 1; (page - 1) * 7 < total; page++) {
      const res = await s.get(`${LIST}?page=${page}&pageSize=7`)
      assert.equal(res.body.data.total, total)
      feedSeen.push(...ids(res.body.data.list))
    }
    assert.equal(feedSeen.length, total)
    assert.equal(new Set(feedSeen).size, total)
    assert.deepEqual(feedSeen.slice(0, 12), expected)
  })

  test('post validation: empty, too long, blocked words, images', async () => {
    const v = await s.register(newMobile())
    const token = v.access_token
    const mine = await upload(token)
    const ten = [mine]
    while (ten.length < 10) ten.push(await upload(token))
    const theirs = await upload(b.access_token)
    const expect400 = async (body: Record<string, unknown>, msg: string) => {
      const res = await s.post(SAVE, body, { token })
      assert.deepEqual([res.status, res.body.msg], [400, msg], JSON.stringify(body))
      const query = await s.post(queryPath(feedApi.savePost), body, { token })
      assert.deepEqual([query.body.ret, query.body.msg], [400, msg], JSON.stringify(body))
    }
    await expect400({ content: '' }, '请输入内容或添加图片')
    await expect400({ content: ' \n\t ' }, '请输入内容或添加图片')
    await expect400({}, '请输入内容或添加图片')
    await expect400({ content: '', images: [] }, '请输入内容或添加图片')
    await expect400({ content: '书'.repeat(Limits.postMaxChars + 1) }, '内容不能超过2000字')
    await expect400({ content: '这里有赌博网站的广告' }, BLOCKED_TEXT_MESSAGE)
    await expect400({ content: '办 理 假 证' }, BLOCKED_TEXT_MESSAGE)
    await expect400({ content: 'x', images: ten }, '最多上传9张图片')
    await expect400({ content: 'x', images: [...ten, ...ten] }, '最多上传9张图片')
    await expect400({ content: 'x', images: [theirs] }, '图片无效')
    await expect400({ content: 'x', images: [mine, theirs] }, '图片无效')
    await expect400({ content: 'x', images: ['https://example.com/a.png'] }, '图片无效')
    await expect400({ content: 'x', images: ['/uploads/../secret.png'] }, '图片无效')
    await expect400(
      { content: 'x', images: ['/uploads/0123456789abcdef0123456789abcdef.png'] },
      '图片无效',
    )
    await expect400({ content: 'x', images: [42] }, '图片无效')
    await expect400({ content: 'x', images: { a: 1 } }, '图片无效')
    await expect400({ content: 'x', images: '[not json' }, '图片无效')
    assert.equal(
      (await s.db.select({ n: count() }).from(posts).where(eq(posts.userId, v.user.user_id)))[0].n,
      0,
    )

    // The limits themselves pass: 2000 characters, 9 images, images without text.
    const longest = await publish(v, '书'.repeat(Limits.postMaxChars))
    assert.equal(longest.content.length, Limits.postMaxChars)
    const nine = await publish(v, '九张', ten.slice(0, 9))
    assert.deepEqual(nine.images, ten.slice(0, 9))
    // A repeated image (also as an absolute URL) is dropped, its first place kept, before the
    // images are counted: nine different ones and repeats are nine.
    const repeated = await publish(v, '重复', [
      ten[1],
      ten[0],
      `https://cdn.example.com${ten[1]}`,
      ten[0],
      ...ten.slice(2, 9),
      ten[8],
    ])
    assert.deepEqual(repeated.images, [ten[1], ten[0], ...ten.slice(2, 9)])
    const [stored] = await s.db
      .select({ images: posts.images })
      .from(posts)
      .where(eq(posts.id, repeated.id))
    assert.deepEqual(stored.images, repeated.images)
    const picture = await publish(v, '', [mine])
    assert.deepEqual([picture.content, picture.images], ['', [mine]])
    const guest = await s.post(SAVE, { content: 'hi' })
    assert.deepEqual([guest.status, guest.body.code], [401, 401])
  })

  test('at most 10 posts in 10 minutes per person (429), then again', async () => {
    const r = await s.register(newMobile())
    for (let i = 0; i < 10; i++) {
      s.clock.advance(10 * SECOND)
      const ok = await s.post(SAVE, { content: `第${i}篇` }, { token: r.access_token })
      assert.equal(ok.body.code, 200)
    }
    // Deleting one does not give its place back.
    const latest = await s.get(`${LIST}?userId=${r.user.user_id}&pageSize=1`)
    await del(`${DELETE}?id=${latest.body.data.list[0].id}`, r.access_token)
    const flood = await s.post(SAVE, { content: '太多了' }, { token: r.access_token })
    assert.deepEqual([flood.status, flood.body.msg], [429, '发表太频繁，请稍后再试'])
    const floodQuery = await s.post(
      queryPath(feedApi.savePost),
      { content: '太多了' },
      { token: r.access_token },
    )
    assert.deepEqual([floodQuery.body.ret, floodQuery.body.msg], [429, '发表太频繁，请稍后再试'])
    // Someone else is not held back.
    assert.equal(
      (await s.post(SAVE, { content: '我可以' }, { token: c.access_token })).body.code,
      200,
    )
    // Ten minutes after the first one, one more fits.
    s.clock.advance(10 * MINUTE - 90 * SECOND)
    const later = await s.post(SAVE, { content: '又可以了' }, { token: r.access_token })
    assert.equal(later.body.code, 200, JSON.stringify(later.body))
    const still = await s.post(SAVE, { content: '还不行' }, { token: r.access_token })
    assert.equal(still.status, 429)
  })

  test('likes: one per person, idempotent, counted, with one notification per new like', async () => {
    const post = await publish(a, '求点赞')
    const likesOf = async () =>
      s.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.kind, 'like'), eq(notifications.postId, post.id)))

    const first = await s.post(LIKE, { id: post.id, like: 1 }, { token: b.access_token })
    assert.deepEqual(
      [first.body.code, first.body.msg, first.body.data],
      [200, '已点赞', { liked: true, likeCount: 1 }],
    )
    const repeat = await s.post(
      LIKE,
      { id: post.id, like: '1' },
      { token: b.access_token, form: true },
    )
    assert.deepEqual(repeat.body.data, { liked: true, likeCount: 1 })
    const query = await s.post(
      queryPath(feedApi.likePost),
      { id: post.id, like: 1 },
      { token: c.access_token },
    )
    assert.deepEqual([query.body.ret, query.body.data], [200, { liked: true, likeCount: 2 }])
    const rows = await s.db.select().from(postLikes).where(eq(postLikes.postId, post.id))
    assert.equal(rows.length, 2)

    // The author is told once per new like; liking one's own post tells no one.
    let notes = await likesOf()
    assert.deepEqual(
      notes.map((n) => [n.userId, n.actorId, n.readAt]).sort(),
      [
        [a.user.user_id, b.user.user_id, null],
        [a.user.user_id, c.user.user_id, null],
      ].sort(),
    )
    const self = await s.post(LIKE, { id: post.id, like: 1 }, { token: a.access_token })
    assert.deepEqual(self.body.data, { liked: true, likeCount: 3 })
    assert.equal((await likesOf()).length, 2)

    // liked per caller.
    const forB = await s.get(`${DETAIL}?id=${post.id}`, { token: b.access_token })
    assert.deepEqual([forB.body.data.liked, forB.body.data.likeCount], [true, 3])
    const forGuest = await s.get(`${queryPath(feedApi.postDetail)}&id=${post.id}`)
    assert.equal(forGuest.body.data.liked, false)
    const d = await s.register(newMobile())
    const forD = await s.get(`${LIST}?userId=${a.user.user_id}&pageSize=1`, {
      token: d.access_token,
    })
    assert.deepEqual([forD.body.data.list[0].id, forD.body.data.list[0].liked], [post.id, false])

    // Unlike: 0 removes, repeated 0 is harmless; B's unread message is taken back.
    const unlike = await s.post(LIKE, { id: post.id, like: 0 }, { token: b.access_token })
    assert.deepEqual(
      [unlike.body.msg, unlike.body.data],
      ['已取消点赞', { liked: false, likeCount: 2 }],
    )
    const unlikeAgain = await s.post(
      queryPath(feedApi.likePost),
      { id: post.id, like: 0 },
      { token: b.access_token },
    )
    assert.deepEqual(unlikeAgain.body.data, { liked: false, likeCount: 2 })
    const neverLiked = await s.post(LIKE, { id: post.id, like: 0 }, { token: d.access_token })
    assert.deepEqual(neverLiked.body.data, { liked: false, likeCount: 2 })
    notes = await likesOf()
    assert.deepEqual(
      notes.map((n) => n.actorId),
      [c.user.user_id],
    )
    const [stored] = await s.db.select().from(posts).where(eq(posts.id, post.id))
    assert.equal(stored.likeCount, 2)

    // Bad input, a guest, a missing or deleted post.
    const noFlag = await s.post(LIKE, { id: post.id }, { token: b.access_token })
    assert.deepEqual([noFlag.status, noFlag.body.msg], [400, '参数 like 格式错误'])
    const badFlag = await s.post(LIKE, { id: post.id, like: 2 }, { token: b.access_token })
    assert.equal(badFlag.status, 400)
    const guest = await s.post(LIKE, { id: post.id, like: 1 })
    assert.equal(guest.status, 401)
    const missing = await s.post(LIKE, { id: 999999, like: 1 }, { token: b.access_token })
    assert.deepEqual([missing.status, missing.body.msg], [404, '读后感不存在'])
    await del(`${DELETE}?id=${post.id}`, a.access_token)
    const onDeleted = await s.post(LIKE, { id: post.id, like: 1 }, { token: d.access_token })
    assert.deepEqual([onDeleted.status, onDeleted.body.msg], [404, '读后感不存在'])
  })

  test('HTML and script in a post are stored and returned verbatim', async () => {
    const payload = `<script>alert("x")</script><img src=x onerror="alert(1)"> &amp; <b>粗体</b> ' " \``
    const post = await publish(a, payload)
    assert.equal(post.content, payload)
    const detail = await s.get(`${DETAIL}?id=${post.id}`)
    assert.equal(detail.body.data.content, payload)
    const [row] = await s.db.select().from(posts).where(eq(posts.id, post.id))
    assert.equal(row.content, payload)
    const query = await s.get(`${queryPath(feedApi.postList)}&userId=${a.user.user_id}&pageSize=1`)
    assert.equal(query.body.data.list[0].content, payload)
  })

  test('a blocker does not see the blocked person’s posts; deleted accounts’ posts are gone', async () => {
    const blocker = await s.register(newMobile())
    const blocked = await s.register(newMobile())
    const post = await publish(blocked, '你看不到我')
    await s.db.insert(blocks).values({
      blockerId: blocker.user.user_id,
      blockedId: blocked.user.user_id,
      createdAt: new Date(s.clock.now()),
    })
    const forBlocker = await s.get(`${LIST}?pageSize=50`, { token: blocker.access_token })
    assert.ok(!ids(forBlocker.body.data.list).includes(post.id))
    const forGuest = await s.get(`${LIST}?pageSize=50`)
    assert.equal(forGuest.body.data.list[0].id, post.id)
    assert.equal(forBlocker.body.data.total, forGuest.body.data.total - 1)
    const theirs = await s.get(`${queryPath(feedApi.postList)}&userId=${blocked.user.user_id}`, {
      token: blocker.access_token,
    })
    assert.deepEqual([theirs.body.data.list, theirs.body.data.total], [[], 0])
    // The blocked person and others still see it.
    const forOthers = await s.get(`${LIST}?userId=${blocked.user.user_id}`, {
      token: c.access_token,
    })
    assert.deepEqual(ids(forOthers.body.data.list), [post.id])
    const own = await s.get(`${LIST}?userId=${blocked.user.user_id}`, {
      token: blocked.access_token,
    })
    assert.deepEqual(ids(own.body.data.list), [post.id])

    // By its link the blocker gets 404 as well, in both styles; everyone else sees it.
    const detailForBlocker = await s.get(`${DETAIL}?id=${post.id}`, {
      token: blocker.access_token,
    })
    assert.deepEqual([detailForBlocker.status, detailForBlocker.body.msg], [404, '读后感不存在'])
    const queryForBlocker = await s.get(`${queryPath(feedApi.postDetail)}&id=${post.id}`, {
      token: blocker.access_token,
    })
    assert.deepEqual([queryForBlocker.body.ret, queryForBlocker.body.msg], [404, '读后感不存在'])
    for (const token of [undefined, blocked.access_token, c.access_token]) {
      const seen = await s.get(`${DETAIL}?id=${post.id}`, { token })
      assert.equal(seen.body.data.id, post.id)
    }
    // The blocked person still sees the blocker's posts (the block is one-way).
    const blockersPost = await publish(blocker, '拉黑者的动态')
    const byBlocked = await s.get(`${DETAIL}?id=${blockersPost.id}`, {
      token: blocked.access_token,
    })
    assert.equal(byBlocked.body.data.id, blockersPost.id)
    // Unblocking shows it again.
    await s.db.delete(blocks).where(eq(blocks.blockerId, blocker.user.user_id))
    const unblocked = await s.get(`${DETAIL}?id=${post.id}`, { token: blocker.access_token })
    assert.equal(unblocked.body.data.id, post.id)

    // A deleted account's posts leave every list and detail.
    const leaver = await s.register(newMobile())
    const leaving = await publish(leaver, '我要注销了')
    await s.db
      .update(users)
      .set({ deletedAt: new Date(s.clock.now()) })
      .where(eq(users.id, leaver.user.user_id))
    const feed = await s.get(`${LIST}?pageSize=50`)
    assert.ok(!ids(feed.body.data.list).includes(leaving.id))
    assert.equal((await s.get(`${DETAIL}?id=${leaving.id}`)).status, 404)
    assert.equal(feed.body.data.total, await liveTotal())
  })
  test('toggling a like tells the author once; an unlike takes back the unread message', async () => {
    const author = await s.register(newMobile())
    const fan = await s.register(newMobile())
    const post = await publish(author, '点赞又取消')
    const likeMessages = async () =>
      (await s.get(LIKE_MESSAGES, { token: author.access_token })).body.data
    const toggle = (like: 0 | 1) => s.post(LIKE, { id: post.id, like }, { token: fan.access_token })

    // Like, unlike, like, unlike, like: one message, unread, from the last like.
    for (const like of [1, 0, 1, 0, 1] as const) {
      s.clock.advance(SECOND)
      assert.equal((await toggle(like)).body.code, 200)
    }
    let list = await likeMessages()
    assert.equal(list.total, 1)
    assert.deepEqual(
      [list.list[0].actor.userId, list.list[0].postId, list.list[0].read],
      [fan.user.user_id, post.id, false],
    )
    assert.equal(list.list[0].createdAt, Math.floor(s.clock.now() / 1000))

    // Unliking while it is unread takes it back: no message, no badge.
    assert.equal((await toggle(0)).body.code, 200)
    assert.equal((await likeMessages()).total, 0)
    const unread = await s.get(UNREAD_LIST, { token: author.access_token })
    assert.equal(unread.body.data.like, 0)

    // Once read, it stays through an unlike, and liking again adds nothing.
    assert.equal((await toggle(1)).body.code, 200)
    await s.post(SET_READ, { kind: 'like' }, { token: author.access_token })
    assert.equal((await toggle(0)).body.code, 200)
    list = await likeMessages()
    assert.deepEqual([list.total, list.list[0].read], [1, true])
    const again = await s.post(
      queryPath(feedApi.likePost),
      { id: post.id, like: 1 },
      { token: fan.access_token },
    )
    assert.deepEqual(again.body.data, { liked: true, likeCount: 1 })
    list = await likeMessages()
    assert.deepEqual([list.total, list.list[0].read], [1, true])
    const rows = await s.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'like'), eq(notifications.postId, post.id)))
    assert.equal(rows.length, 1)
  })

  test('at most 60 like toggles a minute per person (429), then again', async () => {
    const author = await s.register(newMobile())
    const busy = await s.register(newMobile())
    const other = await s.register(newMobile())
    const first = await publish(author, '第一篇')
    const second = await publish(author, '第二篇')
    s.clock.advance(MINUTE)
    const start = s.clock.now()
    // Likes and unlikes, repeated ones too, on two posts, in both styles: 60 pass.
    for (let i = 0; i < 60; i++) {
      s.clock.advance(500)
      const body = { id: i % 2 ? first.id : second.id, like: Math.floor(i / 2) % 2 ? 0 : 1 }
      const res =
        i % 3
          ? await s.post(LIKE, body, { token: busy.access_token })
          : await s.post(queryPath(feedApi.likePost), body, { token: busy.access_token })
      assert.equal(res.status, 200, `${i} ${JSON.stringify(res.body)}`)
    }
    const refused = await s.post(LIKE, { id: first.id, like: 1 }, { token: busy.access_token })
    assert.deepEqual(
      [refused.status, refused.body.code, refused.body.msg],
      [429, 429, '操作太频繁，请稍后再试'],
    )
    const refusedQuery = await s.post(
      queryPath(feedApi.likePost),
      { id: first.id, like: 0 },
      { token: busy.access_token },
    )
    assert.deepEqual(
      [refusedQuery.body.ret, refusedQuery.body.msg],
      [429, '操作太频繁，请稍后再试'],
    )
    // A refused toggle changed nothing.
    const [likeRow] = await s.db
      .select({ n: count() })
      .from(postLikes)
      .where(and(eq(postLikes.postId, first.id), eq(postLikes.userId, busy.user.user_id)))
    const detail = await s.get(`${DETAIL}?id=${first.id}`, { token: busy.access_token })
    assert.equal(detail.body.data.liked, likeRow.n === 1)
    // Others are not held back, and a failed toggle (a missing post) is not counted.
    const missing = await s.post(LIKE, { id: 999999, like: 1 }, { token: other.access_token })
    assert.equal(missing.status, 404)
    assert.equal(
      (await s.post(LIKE, { id: first.id, like: 1 }, { token: other.access_token })).status,
      200,
    )
    const othersMarks = await s.db
      .select({ n: count() })
      .from(actionMarks)
      .where(eq(actionMarks.userId, other.user.user_id))
    assert.equal(othersMarks[0].n, 1)

    // A minute after the first toggle one more fits, not two.
    s.clock.t = start + MINUTE + 500
    assert.equal(
      (await s.post(LIKE, { id: first.id, like: 1 }, { token: busy.access_token })).status,
      200,
    )
    assert.equal(
      (await s.post(LIKE, { id: first.id, like: 1 }, { token: busy.access_token })).status,
      429,
    )
    // The marks are kept to the window: older ones are pruned.
    s.clock.advance(10 * MINUTE)
    assert.equal(
      (await s.post(LIKE, { id: first.id, like: 0 }, { token: busy.access_token })).status,
      200,
    )
    const marks = await s.db
      .select()
      .from(actionMarks)
      .where(eq(actionMarks.userId, busy.user.user_id))
    assert.deepEqual(
      marks.map((m) => [m.action, m.at.getTime()]),
      [['like', s.clock.now()]],
    )
  })

  test('deleting a post deletes its messages', async () => {
    const author = await s.register(newMobile())
    const fan = await s.register(newMobile())
    const post = await publish(author, '要删除的动态')
    const kept = await publish(author, '留下的动态')
    for (const id of [post.id, kept.id]) {
      await s.post(LIKE, { id, like: 1 }, { token: fan.access_token })
      await s.post(ADD_COMMENT, { postId: id, content: '写得好' }, { token: fan.access_token })
    }
    const before = await s.get(UNREAD_LIST, { token: author.access_token })
    assert.deepEqual([before.body.data.like, before.body.data.comment], [2, 2])

    assert.equal((await del(`${DELETE}?id=${post.id}`, author.access_token)).status, 200)
    const likes = await s.get(LIKE_MESSAGES, { token: author.access_token })
    assert.deepEqual(
      likes.body.data.list.map((m: { postId: number }) => m.postId),
      [kept.id],
    )
    const comments = await s.get(COMMENT_MESSAGES, { token: author.access_token })
    assert.deepEqual(
      comments.body.data.list.map((m: { postId: number }) => m.postId),
      [kept.id],
    )
    const after = await s.get(UNREAD_LIST, { token: author.access_token })
    assert.deepEqual([after.body.data.like, after.body.data.comment], [1, 1])
    const left = await s.db.select().from(notifications).where(eq(notifications.postId, post.id))
    assert.deepEqual(left, [])
  })
})
