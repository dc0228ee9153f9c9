/**
 * Video comments, replies, comment likes and video likes (issue 15) over HTTP: guests read but do
 * not write, only published videos take them, the feed's text rules, blocks and rates, replies to
 * replies joining their thread, counters exact under concurrent calls, toggles, and the messages
 * the owner and the people answered find in their messages centre.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, count, eq } from 'drizzle-orm'
import { Limits, Rates } from '@rules/limits'
import { BLOCKED_TEXT_MESSAGE } from '@rules/moderation'
import type { LoginResult } from '@api/account'
import { reviewApi } from '@api/review'
import { socialApi, type UserMessage } from '@api/social'
import { videoApi, type VideoComment, type VideoCommentThread } from '@api/video'
import {
  blocks,
  notifications,
  videoChannels,
  videoCommentLikes,
  videoComments,
  users,
  videoLikes,
  videos,
} from '../src/db/schema'
import {
  DEMO_PASSWORD,
  MINUTE,
  newMobile,
  restPath,
  startServer,
  type Reply,
  type TestServer,
} from './helpers'

const LIST = restPath(videoApi.commentList)
const REPLIES = restPath(videoApi.replyList)
const COMMENT = restPath(videoApi.addComment)
const REPLY = restPath(videoApi.addReply)
const LIKE = restPath(videoApi.like)
const LIKE_COMMENT = restPath(videoApi.likeComment)
const DECIDE = restPath(reviewApi.decide)
const BLOCK = restPath(socialApi.block)
const COMMENT_MESSAGES = restPath(socialApi.commentMessages)
const LIKE_MESSAGES = restPath(socialApi.likeMessages)
const NOTICES = restPath(socialApi.messageList)

const DEMO_OPERATOR_MOBILE = '13800000009'

interface Person {
  id: number
  token: string
  nickname: string
}

function ok(res: Reply, label = ''): void {
  assert.equal(res.body.code, 200, `${label} ${JSON.stringify(res.body)}`)
}

function fails(res: Reply, code: number, msg: string, label = ''): void {
  assert.deepEqual([res.status, res.body.code, res.body.msg], [code, code, msg], label)
}

const ids = (list: Array<{ id: number }>) => list.map((x) => x.id)

describe('video comments, replies and likes', () => {
  let s: TestServer
  let owner: Person
  let b: Person
  let c: Person
  let channelId: number
  let serial = 0

  const person = (res: LoginResult): Person => ({
    id: res.user.user_id,
    token: res.access_token,
    nickname: res.user.nickname,
  })
  const newPerson = async () => person(await s.register(newMobile()))
  const author = (p: Person) => ({ id: p.id, nickname: p.nickname, avatar: '' })

  /** A video inserted directly: the owner's (null: the house's), approved unless told. */
  async function video(
    ownerId: number | null,
    state: 'pending' | 'approved' | 'rejected' = 'approved',
  ): Promise<number> {
    serial += 1
    const now = new Date(s.clock.now())
    const [row] = await s.db
      .insert(videos)
      .values({
        ownerId,
        title: `测试视频${serial}`,
        cover: '/uploads/cover.png',
        durationMs: 5_000,
        fileSize: 1_000,
        mime: 'video/mp4',
        channelId,
        reviewState: state,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: videos.id })
    return row.id
  }

  async function comment(who: Person, videoId: number, content: string): Promise<VideoComment> {
    s.clock.advance(5_000)
    const res = await s.post(COMMENT, { videoId, content }, { token: who.token })
    ok(res, 'comment')
    assert.equal(res.body.msg, '评论成功')
    return res.body.data
  }

  async function reply(
    who: Person,
    commentId: number,
    content: string,
    replyToUserId?: number,
  ): Promise<VideoComment> {
    s.clock.advance(5_000)
    const res = await s.post(REPLY, { commentId, content, replyToUserId }, { token: who.token })
    ok(res, 'reply')
    return res.body.data
  }

  async function list(videoId: number, who?: Person, query = ''): Promise<VideoCommentThread[]> {
    const res = await s.get(`${LIST}?videoId=${videoId}${query}`, { token: who?.token })
    ok(res, 'list')
    return res.body.data.list
  }

  async function replies(commentId: number, who?: Person, query = ''): Promise<VideoComment[]> {
    const res = await s.get(`${REPLIES}?commentId=${commentId}${query}`, { token: who?.token })
    ok(res, 'replies')
    return res.body.data.list
  }

  const counts = async (videoId: number) =>
    (
      await s.db
        .select({ likeCount: videos.likeCount, commentCount: videos.commentCount })
        .from(videos)
        .where(eq(videos.id, videoId))
    )[0]
  const commentRow = async (id: number) =>
    (
      await s.db
        .select({ likeCount: videoComments.likeCount, replyCount: videoComments.replyCount })
        .from(videoComments)
        .where(eq(videoComments.id, id))
    )[0]

  async function messages(url: string, who: Person): Promise<UserMessage[]> {
    const res = await s.get(`${url}?pageSize=50`, { token: who.token })
    ok(res, url)
    return res.body.data.list
  }

  before(async () => {
    s = await startServer()
    owner = await newPerson()
    b = await newPerson()
    c = await newPerson()
    const [channel] = await s.db
      .insert(videoChannels)
      .values({ name: '测试频道', sort: 99 })
      .returning({ id: videoChannels.id })
    channelId = channel.id
  })
  after(() => s.close())

  test('guests read comments and replies but write nothing (login required)', async () => {
    const v = await video(owner.id)
    const top = await comment(b, v, '第一条')
    await reply(c, top.id, '回复一下')
    const threads = await list(v)
    assert.deepEqual(ids(threads), [top.id])
    assert.equal(threads[0].liked, false)
    assert.equal(threads[0].mine, false)
    assert.equal((await replies(top.id)).length, 1)

    for (const [url, body] of [
      [COMMENT, { videoId: v, content: '游客' }],
      [REPLY, { commentId: top.id, content: '游客' }],
      [LIKE, { videoId: v }],
      [LIKE_COMMENT, { commentId: top.id }],
    ] as const) {
      const res = await s.post(url, body)
      assert.deepEqual([res.status, res.body.code], [401, 401], url)
    }
    assert.deepEqual(await counts(v), { likeCount: 0, commentCount: 2 })
  })

  test('only published videos take comments and likes; an operator’s approval opens them', async () => {
    const pending = await video(owner.id, 'pending')
    const rejected = await video(owner.id, 'rejected')
    for (const v of [pending, rejected]) {
      for (const who of [b, owner]) {
        fails(
          await s.post(COMMENT, { videoId: v, content: '能评论吗' }, { token: who.token }),
          404,
          '视频不存在',
        )
        fails(await s.post(LIKE, { videoId: v }, { token: who.token }), 404, '视频不存在')
      }
      // Others get 404 for its list, the owner an (empty) list.
      fails(await s.get(`${LIST}?videoId=${v}`, { token: b.token }), 404, '视频不存在')
      fails(await s.get(`${LIST}?videoId=${v}`), 404, '视频不存在')
      assert.deepEqual(await list(v, owner), [])
    }
    fails(await s.get(`${LIST}?videoId=999999`), 404, '视频不存在')
    fails(
      await s.post(COMMENT, { videoId: 999999, content: '不存在' }, { token: b.token }),
      404,
      '视频不存在',
    )

    const operator = await s.login(DEMO_OPERATOR_MOBILE, DEMO_PASSWORD)
    const decided = await s.post(
      DECIDE,
      { kind: 'video', id: pending, pass: 1 },
      { token: operator.access_token },
    )
    ok(decided, 'decide')
    // The approval notice names the video, so it opens the play page.
    const notice = (await messages(NOTICES, owner)).find((m) => m.videoId === pending)
    assert.ok(notice, 'approval notice with the video')
    assert.equal(notice.title, '审核通过')

    const first = await comment(b, pending, '审核通过了')
    assert.deepEqual(ids(await list(pending)), [first.id])
    ok(await s.post(LIKE, { videoId: pending }, { token: b.token }))
    assert.deepEqual(await counts(pending), { likeCount: 1, commentCount: 1 })

    // A comment on a video that went back to review cannot be replied to or liked.
    await s.db.update(videos).set({ reviewState: 'pending' }).where(eq(videos.id, pending))
    fails(
      await s.post(REPLY, { commentId: first.id, content: '再回复' }, { token: c.token }),
      404,
      '视频不存在',
    )
    fails(
      await s.post(LIKE_COMMENT, { commentId: first.id }, { token: c.token }),
      404,
      '视频不存在',
    )
    fails(await s.get(`${REPLIES}?commentId=${first.id}`), 404, '视频不存在')
    fails(
      await s.post(REPLY, { commentId: 999999, content: '没有' }, { token: c.token }),
      404,
      '评论不存在',
    )
  })

  test('a deleted account’s approved video takes no comments, replies or likes', async () => {
    const leaving = await newPerson()
    const v = await video(leaving.id)
    const top = await comment(b, v, '注销之前')
    await s.db
      .update(users)
      .set({ deletedAt: new Date(s.clock.now()) })
      .where(eq(users.id, leaving.id))
    fails(await s.get(`${LIST}?videoId=${v}`), 404, '视频不存在')
    fails(await s.get(`${LIST}?videoId=${v}`, { token: b.token }), 404, '视频不存在')
    fails(await s.get(`${REPLIES}?commentId=${top.id}`), 404, '视频不存在')
    fails(
      await s.post(COMMENT, { videoId: v, content: '还能评论吗' }, { token: b.token }),
      404,
      '视频不存在',
    )
    fails(await s.post(LIKE, { videoId: v }, { token: b.token }), 404, '视频不存在')
    fails(
      await s.post(REPLY, { commentId: top.id, content: '还能回复吗' }, { token: c.token }),
      404,
      '视频不存在',
    )
    fails(await s.post(LIKE_COMMENT, { commentId: top.id }, { token: c.token }), 404, '视频不存在')
  })

  test('comment text: trimmed, 1..500 characters, no blocked words, kept verbatim', async () => {
    const v = await video(owner.id)
    const expectError = async (content: unknown, msg: string) => {
      s.clock.advance(5_000)
      fails(await s.post(COMMENT, { videoId: v, content }, { token: b.token }), 400, msg)
      const top = (await list(v))[0]
      if (top) {
        fails(
          await s.post(REPLY, { commentId: top.id, content }, { token: b.token }),
          400,
          msg,
          'reply',
        )
      }
    }
    s.clock.advance(5_000)
    const res = await s.post(COMMENT, { videoId: v, content: '  写得好！  ' }, { token: b.token })
    ok(res)
    const top: VideoComment = res.body.data
    assert.deepEqual(top, {
      id: top.id,
      videoId: v,
      author: author(b),
      content: '写得好！',
      parentId: null,
      replyTo: null,
      likeCount: 0,
      replyCount: 0,
      liked: false,
      mine: true,
      createdAt: Math.floor(s.clock.now() / 1000),
    })

    await expectError('   ', '请输入评论内容')
    await expectError(undefined, '请输入评论内容')
    await expectError('字'.repeat(Limits.commentMaxChars + 1), '评论不能超过500字')
    await expectError('加我看色情服务', BLOCKED_TEXT_MESSAGE)
    // 500 characters, emoji counted once each.
    await comment(b, v, '😀'.repeat(Limits.commentMaxChars))
    const html = '<img src=x onerror="alert(1)"><script>x</script>'
    const stored = await comment(b, v, html)
    assert.equal(stored.content, html)
    assert.equal((await list(v))[0].content, html)
    assert.equal((await counts(v)).commentCount, 3)
  })

  test('replies: a reply to a reply joins the thread; lists, previews, paging and counts', async () => {
    const v = await video(owner.id)
    const older = await comment(c, v, '较早的评论')
    const top = await comment(b, v, '楼主')
    const r1 = await reply(c, top.id, '第一条回复')
    assert.deepEqual([r1.parentId, r1.replyTo, r1.videoId, r1.author], [top.id, null, v, author(c)])
    // A reply to c's reply: same thread, answering c.
    const r2 = await reply(owner, r1.id, '回复c')
    assert.deepEqual([r2.parentId, r2.replyTo], [top.id, author(c)])
    // Naming the top-level comment's author explicitly is the same as no one.
    const r3 = await reply(c, r2.id, '回复楼主', b.id)
    assert.deepEqual([r3.parentId, r3.replyTo], [top.id, null])
    // Someone who did not write in the thread cannot be answered.
    const stranger = await newPerson()
    fails(
      await s.post(
        REPLY,
        { commentId: r1.id, content: '乱回复', replyToUserId: stranger.id },
        { token: c.token },
      ),
      404,
      '用户不存在',
    )

    const threads = await list(v, b)
    assert.deepEqual(ids(threads), [top.id, older.id])
    assert.equal(threads[0].replyCount, 3)
    assert.equal(threads[0].mine, true)
    assert.deepEqual(ids(threads[0].replies), [r1.id, r2.id])
    assert.deepEqual(threads[1].replies, [])
    assert.deepEqual((await commentRow(top.id)).replyCount, 3)
    assert.equal((await counts(v)).commentCount, 5)

    assert.deepEqual(ids(await replies(top.id)), [r1.id, r2.id, r3.id])
    const page2 = await s.get(`${REPLIES}?commentId=${top.id}&page=2&pageSize=2`)
    ok(page2)
    assert.deepEqual(
      [ids(page2.body.data.list), page2.body.data.total, page2.body.data.page],
      [[r3.id], 3, 2],
    )
    // A reply's id lists its thread.
    assert.deepEqual(ids(await replies(r2.id)), [r1.id, r2.id, r3.id])
    const paged = await s.get(`${LIST}?videoId=${v}&page=2&pageSize=1`)
    assert.deepEqual([ids(paged.body.data.list), paged.body.data.total], [[older.id], 2])
  })

  test('like toggles: idempotent pairs, liked for the caller, messages told once', async () => {
    const v = await video(owner.id)
    const top = await comment(owner, v, '作者的评论')
    const like = async (url: string, body: Record<string, unknown>, who: Person) => {
      const res = await s.post(url, body, { token: who.token })
      ok(res, url)
      return res.body.data
    }
    assert.deepEqual(await like(LIKE, { videoId: v }, b), { liked: true, likeCount: 1 })
    assert.deepEqual(await like(LIKE, { videoId: v }, c), { liked: true, likeCount: 2 })
    assert.deepEqual(await like(LIKE, { videoId: v }, b), { liked: false, likeCount: 1 })
    assert.deepEqual(await like(LIKE, { videoId: v }, b), { liked: true, likeCount: 2 })
    // The owner likes their own video and comment: counted, nobody told.
    assert.deepEqual(await like(LIKE, { videoId: v }, owner), { liked: true, likeCount: 3 })
    assert.deepEqual(await like(LIKE_COMMENT, { commentId: top.id }, owner), {
      liked: true,
      likeCount: 1,
    })
    assert.deepEqual(await like(LIKE_COMMENT, { commentId: top.id }, b), {
      liked: true,
      likeCount: 2,
    })
    assert.equal((await list(v, b))[0].liked, true)
    assert.equal((await list(v, c))[0].liked, false)
    assert.equal((await list(v))[0].likeCount, 2)

    const likeNotes = (await messages(LIKE_MESSAGES, owner)).filter((m) => m.videoId === v)
    // b's video like (told once though b liked twice), c's video like, b's comment like.
    assert.deepEqual(
      likeNotes.map((m) => [m.actor?.userId, m.commentId]),
      [
        [b.id, top.id],
        [b.id, null],
        [c.id, null],
      ],
    )
    assert.ok(likeNotes.every((m) => m.postExcerpt.startsWith('测试视频')))
    assert.ok(likeNotes.every((m) => m.postImage === '/uploads/cover.png'))
    // An unlike takes back the unread message.
    assert.deepEqual(await like(LIKE, { videoId: v }, c), { liked: false, likeCount: 2 })
    assert.deepEqual(await like(LIKE_COMMENT, { commentId: top.id }, b), {
      liked: false,
      likeCount: 1,
    })
    const after = (await messages(LIKE_MESSAGES, owner)).filter((m) => m.videoId === v)
    assert.deepEqual(
      after.map((m) => [m.actor?.userId, m.commentId]),
      [[b.id, null]],
    )
    const [{ n }] = await s.db
      .select({ n: count() })
      .from(videoLikes)
      .where(eq(videoLikes.videoId, v))
    assert.equal(n, 2)
  })

  test('messages: the owner is told of comments and replies, the person answered of a reply', async () => {
    const v = await video(owner.id)
    const top = await comment(b, v, '评论视频')
    const r1 = await reply(c, top.id, '回复b')
    const own = await comment(owner, v, '作者自己评论')
    const r2 = await reply(b, own.id, '回复作者')

    const toOwner = (await messages(COMMENT_MESSAGES, owner)).filter((m) => m.videoId === v)
    assert.deepEqual(
      toOwner.map((m) => [m.actor?.userId, m.commentId, m.content, m.reply]),
      [
        [b.id, r2.id, '回复作者', true],
        [c.id, r1.id, '回复b', false],
        [b.id, top.id, '评论视频', false],
      ],
    )
    assert.ok(toOwner.every((m) => m.kind === 'comment' && m.postId === null))
    const toB = (await messages(COMMENT_MESSAGES, b)).filter((m) => m.videoId === v)
    assert.deepEqual(
      toB.map((m) => [m.actor?.userId, m.commentId, m.reply]),
      [[c.id, r1.id, true]],
    )
    const unread = await s.get(restPath(socialApi.unreadByKind), { token: owner.token })
    ok(unread)
    assert.ok(unread.body.data.comment >= 3)

    // A house video tells nobody but the people answered.
    const house = await video(null)
    const houseTop = await comment(b, house, '官方视频不错')
    await reply(c, houseTop.id, '同意')
    ok(await s.post(LIKE, { videoId: house }, { token: c.token }))
    const houseNotes = await s.db
      .select({ userId: notifications.userId, kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.videoId, house))
    assert.deepEqual(houseNotes, [{ userId: b.id, kind: 'comment' }])
  })

  test('blocks: an author who blocked me refuses my comments, replies and likes', async () => {
    const blocked = await newPerson()
    const v = await video(owner.id)
    const other = await video(c.id)
    const top = await comment(b, v, '别人的评论')
    const onOther = await comment(c, other, 'c的评论')
    const fromB = await comment(b, other, 'b在c视频的评论')
    await s.db
      .insert(blocks)
      .values({ blockerId: owner.id, blockedId: blocked.id, createdAt: new Date(s.clock.now()) })

    const as = { token: blocked.token }
    fails(
      await s.post(COMMENT, { videoId: v, content: '还能评论吗' }, as),
      403,
      '对方已将你拉黑，无法评论',
    )
    fails(
      await s.post(REPLY, { commentId: top.id, content: '还能回复吗' }, as),
      403,
      '对方已将你拉黑，无法评论',
    )
    fails(await s.post(LIKE, { videoId: v }, as), 403, '对方已将你拉黑，无法点赞')
    fails(await s.post(LIKE_COMMENT, { commentId: top.id }, as), 403, '对方已将你拉黑，无法点赞')

    // Elsewhere they can, until the comment's author blocks them too.
    await comment(blocked, other, '别的视频可以')
    await reply(blocked, onOther.id, '回复c')
    ok(await s.post(LIKE_COMMENT, { commentId: fromB.id }, as))
    ok(await s.post(BLOCK, { userId: blocked.id, block: 1 }, { token: b.token }))
    fails(
      await s.post(REPLY, { commentId: fromB.id, content: '回复b' }, as),
      403,
      '对方已将你拉黑，无法评论',
    )
    fails(await s.post(LIKE_COMMENT, { commentId: fromB.id }, as), 403, '对方已将你拉黑，无法点赞')
    // Naming b as the one answered in c's thread is refused as well.
    await reply(b, onOther.id, 'b也回复')
    fails(
      await s.post(REPLY, { commentId: onOther.id, content: '回复', replyToUserId: b.id }, as),
      403,
      '对方已将你拉黑，无法评论',
    )
    assert.deepEqual(await counts(v), { likeCount: 0, commentCount: 1 })
  })

  test('comments by people I blocked are hidden from me, not from others', async () => {
    const v = await video(owner.id)
    const troll = await newPerson()
    const head = await comment(troll, v, '被拉黑者的楼层')
    const top = await comment(c, v, 'c的楼层')
    const r1 = await reply(troll, top.id, '被拉黑者的回复')
    const r2 = await reply(owner, top.id, '作者的回复')
    ok(await s.post(BLOCK, { userId: troll.id, block: 1 }, { token: b.token }))

    const forB = await list(v, b)
    assert.deepEqual(ids(forB), [top.id])
    assert.deepEqual(ids(forB[0].replies), [r2.id])
    assert.equal(forB[0].replyCount, 2)
    assert.deepEqual(ids(await replies(top.id, b)), [r2.id])
    fails(await s.get(`${REPLIES}?commentId=${head.id}`, { token: b.token }), 404, '评论不存在')
    for (const who of [undefined, c, troll]) {
      const threads = await list(v, who)
      assert.deepEqual(ids(threads), [top.id, head.id])
      assert.deepEqual(ids(threads[0].replies), [r1.id, r2.id])
    }
    ok(await s.post(BLOCK, { userId: troll.id, block: 0 }, { token: b.token }))
    assert.deepEqual(ids(await list(v, b)), [top.id, head.id])
  })

  test('at most 20 comments and replies a minute per person (429), then again', async () => {
    const v = await video(owner.id)
    const chatty = await newPerson()
    const first = await comment(chatty, v, '第0条')
    for (let i = 1; i < Rates.comment.max; i++) {
      const url = i % 2 ? REPLY : COMMENT
      const body = i % 2 ? { commentId: first.id } : { videoId: v }
      ok(await s.post(url, { ...body, content: `第${i}条` }, { token: chatty.token }), `#${i}`)
    }
    fails(
      await s.post(COMMENT, { videoId: v, content: '太多' }, { token: chatty.token }),
      429,
      '评论太频繁，请稍后再试',
    )
    fails(
      await s.post(REPLY, { commentId: first.id, content: '太多' }, { token: chatty.token }),
      429,
      '评论太频繁，请稍后再试',
    )
    s.clock.advance(MINUTE)
    await comment(chatty, v, '可以了')
    assert.equal((await counts(v)).commentCount, 21)
  })

  test('likes share the feed’s toggle rate (429 after 60 a minute)', async () => {
    const v = await video(owner.id)
    const clicker = await newPerson()
    s.clock.advance(MINUTE)
    for (let i = 0; i < Rates.toggle.max; i++) {
      ok(await s.post(LIKE, { videoId: v }, { token: clicker.token }), `#${i}`)
    }
    fails(
      await s.post(LIKE, { videoId: v }, { token: clicker.token }),
      429,
      '操作太频繁，请稍后再试',
    )
    // 60 toggles: liked and unliked 30 times, so not liked.
    assert.equal((await counts(v)).likeCount, 0)
    s.clock.advance(MINUTE)
    ok(await s.post(LIKE, { videoId: v }, { token: clicker.token }))
    assert.equal((await counts(v)).likeCount, 1)
  })

  test('counters stay exact under 10 concurrent likes, comments, replies and comment likes', async () => {
    const v = await video(owner.id)
    const top = await comment(owner, v, '楼主')
    const crowd = await Promise.all(Array.from({ length: 10 }, () => newPerson()))
    s.clock.advance(MINUTE)
    const all = (calls: Array<Promise<Reply>>) =>
      Promise.all(calls).then((res) => res.forEach((r) => ok(r, 'concurrent')))

    await all(crowd.map((p) => s.post(LIKE, { videoId: v }, { token: p.token })))
    await all(
      crowd.map((p) => s.post(COMMENT, { videoId: v, content: '同时评论' }, { token: p.token })),
    )
    await all(
      crowd.map((p) =>
        s.post(REPLY, { commentId: top.id, content: '同时回复' }, { token: p.token }),
      ),
    )
    await all(crowd.map((p) => s.post(LIKE_COMMENT, { commentId: top.id }, { token: p.token })))
    // One person's own parallel toggles run one after the other: two leave the like as it was.
    const twice = crowd[0]
    await all([0, 1].map(() => s.post(LIKE, { videoId: v }, { token: twice.token })))

    assert.deepEqual(await counts(v), { likeCount: 10, commentCount: 21 })
    assert.deepEqual(await commentRow(top.id), { likeCount: 10, replyCount: 10 })
    const [likes] = await s.db
      .select({ n: count() })
      .from(videoLikes)
      .where(eq(videoLikes.videoId, v))
    const [commentLikes] = await s.db
      .select({ n: count() })
      .from(videoCommentLikes)
      .where(eq(videoCommentLikes.commentId, top.id))
    assert.deepEqual([likes.n, commentLikes.n], [10, 10])

    // All of them take their likes back at once.
    await all(crowd.map((p) => s.post(LIKE, { videoId: v }, { token: p.token })))
    await all(crowd.map((p) => s.post(LIKE_COMMENT, { commentId: top.id }, { token: p.token })))
    assert.deepEqual(await counts(v), { likeCount: 0, commentCount: 21 })
    assert.equal((await commentRow(top.id)).likeCount, 0)
    const [{ n }] = await s.db
      .select({ n: count() })
      .from(videoComments)
      .where(and(eq(videoComments.videoId, v), eq(videoComments.parentId, top.id)))
    assert.equal(n, 10)
  })
})
