import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import type { LoginResult } from '@api/account'
import { feedApi } from '@api/feed'
import { socialApi } from '@api/social'
import { notifications, posts, users } from '../src/db/schema'
import { MINUTE, newMobile, restPath, startServer, type Reply, type TestServer } from './helpers'

const LIST = restPath(socialApi.messageList)
const COMMENTS = restPath(socialApi.commentMessages)
const LIKES = restPath(socialApi.likeMessages)
const UNREAD = restPath(socialApi.unreadTotal)
const UNREAD_LIST = restPath(socialApi.unreadByKind)
const SET_READ = restPath(socialApi.setRead)
const BLOCK = restPath(socialApi.block)

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

type Kind = 'notice' | 'comment' | 'like' | 'follow'

/** Inserts a message one minute after the previous one; answers its id. */
async function message(
  userId: number,
  kind: Kind,
  fields: {
    actorId?: number
    postId?: number
    commentId?: number
    title?: string
    content?: string
  } = {},
): Promise<number> {
  s.clock.advance(MINUTE)
  const [row] = await s.db
    .insert(notifications)
    .values({
      userId,
      kind,
      actorId: fields.actorId ?? null,
      postId: fields.postId ?? null,
      commentId: fields.commentId ?? null,
      title: fields.title ?? '',
      content: fields.content ?? '',
      createdAt: new Date(s.clock.now()),
    })
    .returning({ id: notifications.id })
  return row.id
}

async function addPost(userId: number, content: string, images: string[], deleted = false) {
  const at = new Date(s.clock.now())
  const [row] = await s.db
    .insert(posts)
    .values({ userId, content, images, createdAt: at, deletedAt: deleted ? at : null })
    .returning({ id: posts.id })
  return row.id
}

const ids = (res: Reply) => res.body.data.list.map((m: { id: number }) => m.id)

describe('messages centre', () => {
  let me: Person
  let b: Person
  let c: Person
  let other: Person
  const m: Record<string, number> = {}
  let postId: number
  let deletedPostId: number
  const LONG =
    '今天读完了《论语》，学而时习之，不亦说乎？有朋自远方来，不亦乐乎？人不知而不愠，不亦君子乎？'

  before(async () => {
    me = await person()
    b = await person()
    c = await person()
    other = await person()
    postId = await addPost(me.id, LONG, ['/uploads/a.png', '/uploads/b.png'])
    deletedPostId = await addPost(me.id, '删掉的', ['/uploads/c.png'], true)
    m.notice = await message(me.id, 'notice', { title: '系统通知', content: '欢迎来到书友圈' })
    m.follow = await message(me.id, 'follow', { actorId: b.id })
    m.comment = await message(me.id, 'comment', {
      actorId: b.id,
      postId,
      commentId: 7,
      content: '<b>写得好</b>',
    })
    m.likeB = await message(me.id, 'like', { actorId: b.id, postId })
    m.likeC = await message(me.id, 'like', { actorId: c.id, postId })
    m.likeDeleted = await message(me.id, 'like', { actorId: b.id, postId: deletedPostId })
    m.notice2 = await message(me.id, 'notice', { title: '活动', content: '读书月开始了' })
    m.othersLike = await message(other.id, 'like', { actorId: b.id, postId })
    m.othersNotice = await message(other.id, 'notice', { title: '别人的', content: '别人的' })
  })

  test('every call needs a login', async () => {
    for (const url of [LIST, COMMENTS, LIKES, UNREAD, UNREAD_LIST]) {
      const res = await s.get(url)
      assert.deepEqual([res.status, res.body.code], [401, 401], url)
    }
    const res = await s.post(SET_READ, { kind: 'like' })
    assert.deepEqual([res.status, res.body.code], [401, 401])
  })

  test('each kind newest first, with the actor and the post quoted', async () => {
    const notices = await s.get(LIST, { token: me.token })
    assert.equal(notices.body.code, 200)
    assert.deepEqual(ids(notices), [m.notice2, m.notice])
    const notice = notices.body.data.list[1]
    assert.deepEqual(notice, {
      id: m.notice,
      kind: 'notice',
      actor: null,
      title: '系统通知',
      content: '欢迎来到书友圈',
      postId: null,
      commentId: null,
      videoId: null,
      postExcerpt: '',
      postImage: '',
      followed: false,
      reply: false,
      read: false,
      createdAt: notice.createdAt,
    })
    assert.ok(notice.createdAt < notices.body.data.list[0].createdAt)
    const explicit = await s.get(`${LIST}?kind=notice`, { token: me.token })
    assert.deepEqual(explicit.body.data, notices.body.data)

    const followsList = await s.get(`${LIST}?kind=follow`, { token: me.token })
    assert.deepEqual(ids(followsList), [m.follow])
    assert.deepEqual(followsList.body.data.list[0].actor, {
      userId: b.id,
      nickname: b.nickname,
      avatar: '',
    })

    const comments = await s.get(`${COMMENTS}?kind=comment`, { token: me.token })
    assert.deepEqual(ids(comments), [m.comment])
    const comment = comments.body.data.list[0]
    assert.deepEqual(
      [comment.kind, comment.content, comment.postId, comment.commentId, comment.title],
      ['comment', '<b>写得好</b>', postId, 7, ''],
    )
    assert.equal(comment.postExcerpt, [...LONG].slice(0, 40).join(''))
    assert.equal([...comment.postExcerpt].length, 40)
    assert.equal(comment.postImage, '/uploads/a.png')

    const likes = await s.get(LIKES, { token: me.token })
    assert.deepEqual(ids(likes), [m.likeDeleted, m.likeC, m.likeB])
    assert.equal(likes.body.data.total, 3)
    // A deleted post is no longer quoted.
    assert.deepEqual(
      [
        likes.body.data.list[0].postId,
        likes.body.data.list[0].postExcerpt,
        likes.body.data.list[0].postImage,
      ],
      [deletedPostId, '', ''],
    )
    const page = await s.get(`${LIKES}?page=2&pageSize=2`, { token: me.token })
    assert.deepEqual(ids(page), [m.likeB])
    assert.deepEqual(
      [page.body.data.total, page.body.data.page, page.body.data.pageSize],
      [3, 2, 2],
    )

    for (const kind of ['like', 'comment', 'x']) {
      const bad = await s.get(`${LIST}?kind=${kind}`, { token: me.token })
      assert.deepEqual([bad.status, bad.body.msg], [400, '消息类型不正确'], kind)
    }
  })

  test("nobody reads anyone else's messages", async () => {
    const theirs = await s.get(LIKES, { token: other.token })
    assert.deepEqual(ids(theirs), [m.othersLike])
    const theirNotices = await s.get(LIST, { token: other.token })
    assert.deepEqual(ids(theirNotices), [m.othersNotice])
    const none = await s.get(LIKES, { token: b.token })
    assert.deepEqual(ids(none), [])
    const unread = await s.get(UNREAD_LIST, { token: other.token })
    assert.deepEqual(unread.body.data, { notice: 1, comment: 0, like: 1, follow: 0 })
  })

  test('unread counts, hiding blocked and deleted actors, and marking a kind read', async () => {
    const total = await s.get(UNREAD, { token: me.token })
    assert.deepEqual([total.body.code, total.body.data], [200, { total: 7 }])
    const byKind = await s.get(UNREAD_LIST, { token: me.token })
    assert.deepEqual(byKind.body.data, { notice: 2, comment: 1, like: 3, follow: 1 })

    // Blocking C hides C's like from the list and the counts.
    const blocked = await s.post(BLOCK, { userId: c.id, block: 1 }, { token: me.token })
    assert.equal(blocked.body.code, 200)
    const likes = await s.get(LIKES, { token: me.token })
    assert.deepEqual(ids(likes), [m.likeDeleted, m.likeB])
    assert.equal(likes.body.data.total, 2)
    assert.deepEqual((await s.get(UNREAD, { token: me.token })).body.data, { total: 6 })

    // Someone blocking me changes nothing in my messages.
    await s.post(BLOCK, { userId: me.id, block: 1 }, { token: b.token })
    assert.deepEqual(ids(await s.get(`${LIST}?kind=follow`, { token: me.token })), [m.follow])

    // Marking likes read: only my likes, nothing else.
    const marked = await s.post(SET_READ, { kind: 'like' }, { token: me.token })
    assert.deepEqual([marked.body.code, marked.body.msg], [200, '已读'])
    const afterRead = await s.get(UNREAD_LIST, { token: me.token })
    assert.deepEqual(afterRead.body.data, { notice: 2, comment: 1, like: 0, follow: 1 })
    const readLikes = await s.get(LIKES, { token: me.token })
    assert.ok(readLikes.body.data.list.every((x: { read: boolean }) => x.read))
    const stillUnread = await s.get(LIST, { token: me.token })
    assert.ok(stillUnread.body.data.list.every((x: { read: boolean }) => !x.read))
    const others = await s.get(UNREAD_LIST, { token: other.token })
    assert.deepEqual(others.body.data, { notice: 1, comment: 0, like: 1, follow: 0 })

    // Form-encoded works too; marking again is harmless.
    for (const kind of ['notice', 'notice', 'comment', 'follow']) {
      const res = await s.post(SET_READ, { kind }, { token: me.token, form: true })
      assert.equal(res.body.code, 200, kind)
    }
    assert.deepEqual((await s.get(UNREAD, { token: me.token })).body.data, { total: 0 })

    // Unblocking C brings the like back, already read.
    await s.post(BLOCK, { userId: c.id, block: 0 }, { token: me.token })
    const back = await s.get(LIKES, { token: me.token })
    assert.deepEqual(ids(back), [m.likeDeleted, m.likeC, m.likeB])
    assert.equal(back.body.data.list[1].read, true)

    // A deleted account's messages are hidden.
    const newer = await message(me.id, 'comment', { actorId: c.id, postId, content: '再评' })
    assert.deepEqual((await s.get(UNREAD_LIST, { token: me.token })).body.data.comment, 1)
    await s.db
      .update(users)
      .set({ deletedAt: new Date(s.clock.now()), mobile: null })
      .where(eq(users.id, c.id))
    const comments = await s.get(COMMENTS, { token: me.token })
    assert.ok(!ids(comments).includes(newer))
    assert.deepEqual(ids(comments), [m.comment])
    assert.deepEqual((await s.get(UNREAD, { token: me.token })).body.data, { total: 0 })
    assert.deepEqual(ids(await s.get(LIKES, { token: me.token })), [m.likeDeleted, m.likeB])

    for (const body of [{}, { kind: '' }, { kind: 'all' }, { kind: ['like'] }]) {
      const bad = await s.post(SET_READ, body, { token: me.token })
      assert.equal(bad.status, 400, JSON.stringify(body))
    }
  })

  test('a new follow lands in the follow list as an unread message', async () => {
    const fan = await person()
    const star = await person()
    const res = await s.post(
      restPath(socialApi.setFollow),
      { userId: star.id, focus: 1 },
      { token: fan.token },
    )
    assert.equal(res.body.code, 200)
    const list = await s.get(`${LIST}?kind=follow`, { token: star.token })
    assert.equal(list.body.data.list.length, 1)
    const [note] = list.body.data.list
    assert.deepEqual([note.kind, note.actor.userId, note.read], ['follow', fan.id, false])
    assert.deepEqual((await s.get(UNREAD, { token: star.token })).body.data, { total: 1 })
    // Following oneself is refused, so nothing is ever recorded for it.
    const self = await s.post(
      restPath(socialApi.setFollow),
      { userId: star.id, focus: 1 },
      { token: star.token },
    )
    assert.equal(self.status, 400)
  })
  test('followed: on a follow message, whether I follow the actor back; false on the others', async () => {
    const fan = await person()
    const star = await person()
    const focus = (who: Person, userId: number, on: 0 | 1) =>
      s.post(restPath(socialApi.setFollow), { userId, focus: on }, { token: who.token })
    assert.equal((await focus(fan, star.id, 1)).body.code, 200)
    const starPost = await addPost(star.id, '一篇', [])
    const liked = await s.post(
      restPath(feedApi.likePost),
      { id: starPost, like: 1 },
      { token: fan.token },
    )
    assert.equal(liked.body.code, 200)
    const follows = async () =>
      (await s.get(`${LIST}?kind=follow`, { token: star.token })).body.data.list.map(
        (x: { actor: { userId: number }; followed: boolean }) => [x.actor.userId, x.followed],
      )
    const likeFlags = async () =>
      (await s.get(LIKES, { token: star.token })).body.data.list.map(
        (x: { kind: string; followed: boolean }) => [x.kind, x.followed],
      )
    assert.deepEqual(await follows(), [[fan.id, false]])

    // 回关: now the message says so; a like from the same person still says false.
    assert.equal((await focus(star, fan.id, 1)).body.code, 200)
    assert.deepEqual(await follows(), [[fan.id, true]])
    assert.deepEqual(await likeFlags(), [['like', false]])
    // The fan's own follow message (from the star) is about the star.
    const fanFollows = await s.get(`${LIST}?kind=follow`, { token: fan.token })
    assert.deepEqual(
      fanFollows.body.data.list.map((x: { followed: boolean }) => x.followed),
      [true],
    )
    // Notices and comments say false.
    for (const url of [LIST, COMMENTS]) {
      const list = (await s.get(url, { token: star.token })).body.data.list
      assert.ok(
        list.every((x: { followed: boolean }) => x.followed === false),
        url,
      )
    }
    // Unfollowing turns it off again.
    assert.equal((await focus(star, fan.id, 0)).body.code, 200)
    assert.deepEqual(await follows(), [[fan.id, false]])
  })

  test('set read with maxId: only that kind up to that id; later messages stay unread', async () => {
    const reader = await person()
    const actor = await person()
    const l1 = await message(reader.id, 'like', { actorId: actor.id, postId: 1 })
    const l2 = await message(reader.id, 'like', { actorId: actor.id, postId: 2 })
    const c1 = await message(reader.id, 'comment', { actorId: actor.id, postId: 1, content: '评' })
    // The client lists the likes, then a like comes in before it marks them read.
    const listed = await s.get(LIKES, { token: reader.token })
    assert.deepEqual(ids(listed), [l2, l1])
    const l3 = await message(reader.id, 'like', { actorId: actor.id, postId: 3 })

    const marked = await s.post(SET_READ, { kind: 'like', maxId: l2 }, { token: reader.token })
    assert.deepEqual([marked.body.code, marked.body.msg], [200, '已读'])
    const likes = await s.get(LIKES, { token: reader.token })
    assert.deepEqual(
      likes.body.data.list.map((x: { id: number; read: boolean }) => [x.id, x.read]),
      [
        [l3, false],
        [l2, true],
        [l1, true],
      ],
    )
    const unread = await s.get(UNREAD_LIST, { token: reader.token })
    assert.deepEqual(unread.body.data, { notice: 0, comment: 1, like: 1, follow: 0 })

    // Form-encoded; a maxId past every message (or none: blank, null) marks the whole kind; 0
    // marks none.
    const none = await s.post(
      SET_READ,
      { kind: 'comment', maxId: '0' },
      { token: reader.token, form: true },
    )
    assert.equal(none.body.code, 200)
    assert.equal((await s.get(UNREAD_LIST, { token: reader.token })).body.data.comment, 1)
    const all = await s.post(
      SET_READ,
      { kind: 'comment', maxId: '99999999999' },
      { token: reader.token, form: true },
    )
    assert.equal(all.body.code, 200)
    const blank = await s.post(SET_READ, { kind: 'like', maxId: null }, { token: reader.token })
    assert.equal(blank.body.code, 200)
    assert.deepEqual((await s.get(UNREAD, { token: reader.token })).body.data, { total: 0 })
    assert.ok(c1 > 0)

    for (const maxId of ['x', '-1', '1.5', '1e3', true]) {
      const bad = await s.post(SET_READ, { kind: 'like', maxId }, { token: reader.token })
      assert.deepEqual([bad.status, bad.body.msg], [400, '参数 maxId 格式错误'], String(maxId))
    }
    const badJson = await s.post(SET_READ, { kind: 'like', maxId: [1] }, { token: reader.token })
    assert.equal(badJson.status, 400)
  })
})
