import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { BLOCKED_TEXT_MESSAGE } from '@rules/moderation'
import type { LoginResult } from '@api/account'
import { socialApi } from '@api/social'
import { comments, feedback, posts, users } from '../src/db/schema'
import {
  HOUR,
  MINUTE,
  newMobile,
  queryPath,
  restPath,
  startServer,
  type Reply,
  type TestServer,
} from './helpers'

const REASONS = restPath(socialApi.complaintReasons)
const COMPLAIN = restPath(socialApi.addComplaint)
const ADD = queryPath(socialApi.addFeedback)
const MINE = queryPath(socialApi.myFeedback)
const DELETE = queryPath(socialApi.deleteFeedback)

const REASON_NAMES = [
  '色情低俗',
  '政治敏感',
  '违法犯罪',
  '广告骚扰',
  '人身攻击',
  '侵犯隐私',
  '其他',
]

interface Person {
  id: number
  token: string
}

let s: TestServer
before(async () => {
  s = await startServer()
})
after(() => s.close())

async function person(): Promise<Person> {
  const login: LoginResult = await s.register(newMobile())
  return { id: login.user.user_id, token: login.access_token }
}

/** Uploads a picture as `who`; answers its URL path. */
const upload = (who: Person): Promise<string> => s.uploadImage(who.token)

const codeOf = (res: Reply): number => res.body.ret ?? res.body.code

function fails(res: Reply, code: number, msg: string, label = ''): void {
  assert.deepEqual([codeOf(res), res.body.msg], [code, msg], label)
  assert.equal(res.status, code, label)
}

const add = (who: Person, body: Record<string, unknown>, form = false) =>
  s.post(ADD, body, { token: who.token, form })
const complain = (who: Person, body: Record<string, unknown>, form = false) =>
  s.post(COMPLAIN, body, { token: who.token, form })
const mine = async (who: Person, query = '') =>
  (await s.get(`${MINE}${query}`, { token: who.token })).body.data

/** The seeded reasons by name. */
const reason: Record<string, number> = {}

async function addPost(userId: number, deleted = false): Promise<number> {
  const at = new Date(s.clock.now())
  const [row] = await s.db
    .insert(posts)
    .values({ userId, content: '一篇读书笔记', createdAt: at, deletedAt: deleted ? at : null })
    .returning({ id: posts.id })
  return row.id
}

async function addComment(postId: number, userId: number, deleted = false): Promise<number> {
  const at = new Date(s.clock.now())
  const [row] = await s.db
    .insert(comments)
    .values({ postId, userId, content: '评论', createdAt: at, deletedAt: deleted ? at : null })
    .returning({ id: comments.id })
  return row.id
}

describe('complaint reasons', () => {
  test('public, seeded, in order', async () => {
    const res = await s.get(REASONS)
    assert.equal(res.body.code, 200)
    assert.deepEqual(
      res.body.data.map((r: { name: string }) => r.name),
      REASON_NAMES,
    )
    for (const r of res.body.data) {
      assert.deepEqual(Object.keys(r).sort(), ['id', 'name'])
      reason[r.name] = r.id
    }
  })
})

describe('feedback', () => {
  test('every call needs a login', async () => {
    for (const url of [ADD, DELETE]) {
      const res = await s.post(url, { type: 'suggestion', content: 'x', id: 1 })
      assert.deepEqual([res.status, res.body.ret], [200, 302], url)
    }
    const list = await s.get(MINE)
    assert.deepEqual([list.status, list.body.ret], [200, 302])
    const res = await s.post(COMPLAIN, { targetType: 'user', targetId: 1, reasonId: 1 })
    assert.deepEqual([res.status, res.body.code], [401, 401])
  })

  test('add with images and contact, list my own newest first, in every image form', async () => {
    const me = await person()
    const [img1, img2, img3] = [await upload(me), await upload(me), await upload(me)]

    const first = await add(me, {
      type: 'suggestion',
      content: '  希望增加夜间模式  ',
      images: [img1, `http://cdn.example.com${img2}`, img1],
      contact: '13800138000',
    })
    assert.deepEqual([first.body.ret, first.body.msg], [200, '提交成功'])
    assert.deepEqual(first.body.data, {
      id: first.body.data.id,
      type: 'suggestion',
      content: '希望增加夜间模式',
      images: [img1, img2],
      targetType: null,
      targetId: null,
      reason: '',
      status: 0,
      reply: '',
      createdAt: Math.floor(s.clock.now() / 1000),
    })

    s.clock.advance(MINUTE)
    // Form fields: repeated.
    const repeated = await s.post(ADD, undefined, {
      token: me.token,
      raw: `type=complaint&content=${encodeURIComponent('客服态度差')}&images=${img1}&images=${img3}&contact=a%40b.cn`,
      contentType: 'application/x-www-form-urlencoded',
    })
    assert.equal(repeated.body.ret, 200, JSON.stringify(repeated.body))
    assert.deepEqual(repeated.body.data.images, [img1, img3])
    assert.equal(repeated.body.data.type, 'complaint')
    s.clock.advance(MINUTE)
    // Comma-joined, and images[].
    const joined = await add(
      me,
      { type: 'suggestion', content: '逗号', images: `${img2},${img3}` },
      true,
    )
    assert.deepEqual(joined.body.data.images, [img2, img3])
    s.clock.advance(MINUTE)
    const brackets = await s.post(ADD, undefined, {
      token: me.token,
      raw: `type=suggestion&content=x&images[]=${img3}&images[]=${img1}`,
      contentType: 'application/x-www-form-urlencoded',
    })
    assert.deepEqual(brackets.body.data.images, [img3, img1])
    s.clock.advance(MINUTE)
    // A JSON array sent as a text field; no images at all; a phone with spaces.
    const jsonText = await add(
      me,
      { type: 'suggestion', content: 'json', images: JSON.stringify([img2]) },
      true,
    )
    assert.deepEqual(jsonText.body.data.images, [img2])
    const plain = await add(me, { type: 'suggestion', content: '无图', contact: '138 0013 8000' })
    assert.deepEqual(plain.body.data.images, [])

    const list = await mine(me)
    assert.deepEqual(
      list.list.map((f: { id: number }) => f.id),
      [plain, jsonText, brackets, joined, repeated, first].map((r) => r.body.data.id),
    )
    assert.equal(list.total, 6)
    assert.deepEqual(list.list[5], first.body.data)
    const page = await mine(me, '&page=2&pageSize=4')
    assert.deepEqual(
      page.list.map((f: { id: number }) => f.id),
      [repeated.body.data.id, first.body.data.id],
    )
    // Others see only their own.
    const other = await person()
    assert.deepEqual((await mine(other)).list, [])
  })

  test('validation: type, content, contact, images', async () => {
    const me = await person()
    const other = await person()
    const own = await upload(me)
    const theirs = await upload(other)
    const many = [own, await upload(me), await upload(me), await upload(me), await upload(me)]
    const base = { type: 'suggestion', content: '好' }
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, type: '' }, '请选择反馈类型'],
      [{ ...base, type: 'praise' }, '请选择反馈类型'],
      [{ ...base, content: '' }, '请输入反馈内容'],
      [{ ...base, content: ' \n ' }, '请输入反馈内容'],
      [{ type: 'suggestion' }, '请输入反馈内容'],
      [{ ...base, content: '长'.repeat(501) }, '反馈内容不能超过500字'],
      [{ ...base, contact: 'abc' }, '联系方式格式不正确'],
      [{ ...base, contact: '12345' }, '联系方式格式不正确'],
      [{ ...base, contact: `${'a'.repeat(45)}@b.com` }, '联系方式格式不正确'],
      [{ ...base, images: [theirs] }, '图片无效'],
      [{ ...base, images: [own, theirs] }, '图片无效'],
      [{ ...base, images: ['/uploads/nothing.png'] }, '图片无效'],
      [{ ...base, images: ['/uploads/0123456789abcdef0123456789abcdef.png'] }, '图片无效'],
      [{ ...base, images: ['https://evil.example.com/x.png'] }, '图片无效'],
      [{ ...base, images: [1, 2] }, '图片无效'],
      [{ ...base, images: { a: own } }, '图片无效'],
      [{ ...base, images: '[not json' }, '图片无效'],
      [{ ...base, images: many }, '最多上传4张图片'],
    ]
    for (const [body, msg] of cases) {
      fails(await add(me, body), 400, msg, JSON.stringify(body).slice(0, 80))
    }
    // Exactly 500 characters and four images are fine.
    const max = await add(me, { ...base, content: '长'.repeat(500), images: many.slice(0, 4) })
    assert.equal(max.body.ret, 200)
    assert.equal(max.body.data.images.length, 4)
    assert.equal((await mine(me)).total, 1)
  })

  test('blocked words: a suggestion is refused, a complaint may quote them', async () => {
    const me = await person()
    const bad = await person()
    for (const content of ['这里有赌博网站的广告', '办 理 假 证']) {
      fails(await add(me, { type: 'suggestion', content }), 400, BLOCKED_TEXT_MESSAGE, content)
      fails(
        await add(me, { type: 'suggestion', content }, true),
        400,
        BLOCKED_TEXT_MESSAGE,
        `${content} (form)`,
      )
    }
    assert.equal((await mine(me)).total, 0)
    // A complaint, from the mine tab or about someone, keeps the words it reports.
    const general = await add(me, { type: 'complaint', content: '有人发赌博网站的广告' })
    assert.deepEqual([general.body.ret, general.body.data.content], [200, '有人发赌博网站的广告'])
    const about = await complain(me, {
      targetType: 'user',
      targetId: bad.id,
      reasonId: reason['广告骚扰'],
      content: '他私信我赌博网站',
    })
    assert.deepEqual([about.body.code, about.body.data.content], [200, '他私信我赌博网站'])
    // A clean suggestion passes.
    assert.equal((await add(me, { type: 'suggestion', content: '希望增加夜间模式' })).body.ret, 200)
    assert.equal((await mine(me)).total, 3)
  })

  test("delete: only one's own; gone from the list", async () => {
    const me = await person()
    const other = await person()
    const mineRes = await add(me, { type: 'suggestion', content: '删掉它' })
    const keep = await add(me, { type: 'suggestion', content: '留着' })
    const id = mineRes.body.data.id

    fails(await s.post(DELETE, { id }, { token: other.token }), 403, '只能删除自己的反馈')
    const deleted = await s.post(DELETE, { id }, { token: me.token })
    assert.deepEqual([deleted.body.ret, deleted.body.msg], [200, '已删除'])
    assert.deepEqual(
      (await mine(me)).list.map((f: { id: number }) => f.id),
      [keep.body.data.id],
    )
    fails(await s.post(DELETE, { id }, { token: me.token }), 404, '反馈不存在')
    fails(await s.post(DELETE, { id: 999_999 }, { token: me.token }), 404, '反馈不存在')
    fails(await s.post(DELETE, { id: 'x' }, { token: me.token }), 400, '反馈不存在')
    fails(await s.post(DELETE, {}, { token: me.token }), 400, '反馈不存在')
  })
})

describe('complaints', () => {
  test('about a user, a post and a comment; listed with the reason', async () => {
    const me = await person()
    const bad = await person()
    const img = await upload(me)
    const postId = await addPost(bad.id)
    const commentId = await addComment(postId, bad.id)

    const aboutUser = await complain(me, {
      targetType: 'user',
      targetId: bad.id,
      reasonId: reason['广告骚扰'],
      content: '  一直发广告  ',
      images: [img],
    })
    assert.deepEqual([aboutUser.body.code, aboutUser.body.msg], [200, '提交成功'])
    assert.deepEqual(aboutUser.body.data, {
      id: aboutUser.body.data.id,
      type: 'complaint',
      content: '一直发广告',
      images: [img],
      targetType: 'user',
      targetId: bad.id,
      reason: '广告骚扰',
      status: 0,
      reply: '',
      createdAt: Math.floor(s.clock.now() / 1000),
    })
    s.clock.advance(MINUTE)
    const aboutPost = await complain(
      me,
      { targetType: 'post', targetId: String(postId), reasonId: String(reason['色情低俗']) },
      true,
    )
    assert.equal(aboutPost.body.code, 200, JSON.stringify(aboutPost.body))
    assert.deepEqual(
      [aboutPost.body.data.content, aboutPost.body.data.images, aboutPost.body.data.reason],
      ['', [], '色情低俗'],
    )
    s.clock.advance(MINUTE)
    const aboutComment = await complain(me, {
      targetType: 'comment',
      targetId: commentId,
      reasonId: reason['人身攻击'],
    })
    assert.equal(aboutComment.body.code, 200)

    const list = await mine(me)
    assert.deepEqual(
      list.list.map((f: { targetType: string; targetId: number; reason: string }) => [
        f.targetType,
        f.targetId,
        f.reason,
      ]),
      [
        ['comment', commentId, '人身攻击'],
        ['post', postId, '色情低俗'],
        ['user', bad.id, '广告骚扰'],
      ],
    )
    assert.deepEqual(list.list[2], aboutUser.body.data)
    const stored = await s.db.select().from(feedback).where(eq(feedback.id, aboutUser.body.data.id))
    assert.deepEqual([stored[0].type, stored[0].reasonId], ['complaint', reason['广告骚扰']])
  })

  test('not oneself, live targets only, a valid reason, checked content and images', async () => {
    const me = await person()
    const bad = await person()
    const gone = await person()
    const ownPost = await addPost(me.id)
    const ownComment = await addComment(ownPost, me.id)
    const theirPost = await addPost(bad.id)
    const deletedPost = await addPost(bad.id, true)
    const deletedComment = await addComment(theirPost, bad.id, true)
    const commentOnDeletedPost = await addComment(deletedPost, bad.id)
    const goneComment = await addComment(theirPost, gone.id)
    await s.db
      .update(users)
      .set({ deletedAt: new Date(s.clock.now()), mobile: null })
      .where(eq(users.id, gone.id))
    const theirImage = await upload(bad)
    const r = reason['其他']

    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ targetType: 'user', targetId: me.id, reasonId: r }, 400, '不能投诉自己'],
      [{ targetType: 'post', targetId: ownPost, reasonId: r }, 400, '不能投诉自己'],
      [{ targetType: 'comment', targetId: ownComment, reasonId: r }, 400, '不能投诉自己'],
      [{ targetType: 'user', targetId: 999_999, reasonId: r }, 404, '投诉对象不存在'],
      [{ targetType: 'user', targetId: gone.id, reasonId: r }, 404, '投诉对象不存在'],
      [{ targetType: 'post', targetId: 999_999, reasonId: r }, 404, '投诉对象不存在'],
      [{ targetType: 'post', targetId: deletedPost, reasonId: r }, 404, '投诉对象不存在'],
      [{ targetType: 'comment', targetId: deletedComment, reasonId: r }, 404, '投诉对象不存在'],
      [
        { targetType: 'comment', targetId: commentOnDeletedPost, reasonId: r },
        404,
        '投诉对象不存在',
      ],
      [{ targetType: 'comment', targetId: goneComment, reasonId: r }, 404, '投诉对象不存在'],
      [{ targetType: 'comment', targetId: 999_999, reasonId: r }, 404, '投诉对象不存在'],
      [{ targetType: 'group', targetId: bad.id, reasonId: r }, 400, '请选择投诉对象'],
      [{ targetId: bad.id, reasonId: r }, 400, '请选择投诉对象'],
      [{ targetType: 'user', reasonId: r }, 400, '投诉对象不存在'],
      [{ targetType: 'user', targetId: bad.id }, 400, '请选择投诉原因'],
      [{ targetType: 'user', targetId: bad.id, reasonId: 999_999 }, 400, '请选择投诉原因'],
      [{ targetType: 'user', targetId: bad.id, reasonId: 'x' }, 400, '请选择投诉原因'],
      [
        { targetType: 'user', targetId: bad.id, reasonId: r, content: '长'.repeat(501) },
        400,
        '反馈内容不能超过500字',
      ],
      [
        { targetType: 'user', targetId: bad.id, reasonId: r, images: [theirImage] },
        400,
        '图片无效',
      ],
    ]
    for (const [body, code, msg] of cases) {
      fails(await complain(me, body), code, msg, JSON.stringify(body))
    }
    assert.equal((await mine(me)).total, 0)
    const fine = await complain(me, { targetType: 'post', targetId: theirPost, reasonId: r })
    assert.equal(fine.body.code, 200)
  })
})

describe('rate limit', () => {
  test('ten submissions an hour per person, suggestions and complaints together', async () => {
    const me = await person()
    const other = await person()
    const r = reason['其他']
    for (let i = 0; i < 5; i++) {
      assert.equal((await add(me, { type: 'suggestion', content: `第${i}条` })).body.ret, 200)
      s.clock.advance(MINUTE)
    }
    const ids: number[] = []
    for (let i = 0; i < 5; i++) {
      const res = await complain(me, { targetType: 'user', targetId: other.id, reasonId: r })
      assert.equal(res.body.code, 200)
      ids.push(res.body.data.id)
    }
    fails(await add(me, { type: 'suggestion', content: '第十一条' }), 429, '提交太频繁，请稍后再试')
    fails(
      await complain(me, { targetType: 'user', targetId: other.id, reasonId: r }),
      429,
      '提交太频繁，请稍后再试',
    )
    // Deleting does not free a slot; others are not affected.
    assert.equal((await s.post(DELETE, { id: ids[0] }, { token: me.token })).body.ret, 200)
    fails(
      await add(me, { type: 'suggestion', content: '删了也不行' }),
      429,
      '提交太频繁，请稍后再试',
    )
    assert.equal((await add(other, { type: 'suggestion', content: '我可以' })).body.ret, 200)
    // An hour after the first, one slot is free again.
    s.clock.advance(HOUR - 5 * MINUTE)
    assert.equal((await add(me, { type: 'suggestion', content: '又可以了' })).body.ret, 200)
    fails(await add(me, { type: 'suggestion', content: '再一条' }), 429, '提交太频繁，请稍后再试')
  })
})
