import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { accountApi } from '@api/account'
import { commonApi } from '@api/common'
import { feedApi } from '@api/feed'
import { socialApi } from '@api/social'
import { loadConfig } from '../src/config'
import { readingGroups, uploads } from '../src/db/schema'
import { sweepUnreferencedUploads } from '../src/modules/common/uploadSweep'
import { DiskStorage } from '../src/services/storage'
import {
  DAY,
  HOUR,
  MINUTE,
  newMobile,
  queryPath,
  restPath,
  startServer,
  tinyPng,
  type TestServer,
} from './helpers'

const UPLOAD = queryPath(commonApi.upload)
const POLICY = queryPath(commonApi.uploadPolicy)
const QUOTA_TEXT = '今日上传已达上限，请明天再试'
const PNG_BYTES = tinyPng().length

function form(): FormData {
  const fd = new FormData()
  fd.append('file', new Blob([tinyPng()], { type: 'image/png' }), 'p.png')
  return fd
}

/** Moves the clock to a minute after midnight China time (UTC+8) of the next day. */
function toNextCstMorning(s: TestServer): void {
  const offset = 8 * HOUR
  s.clock.t = Math.floor((s.clock.t + offset) / DAY) * DAY - offset + DAY + MINUTE
}

test('the quota and captcha settings: defaults, overrides, bad values refused', () => {
  const defaults = loadConfig({})
  assert.deepEqual(defaults.uploads, { dailyMaxFiles: 100, dailyMaxBytes: 50 * 1024 * 1024 })
  assert.equal(defaults.sms.captchaAfterPerNumber, 2)
  assert.equal(defaults.sms.captchaAfterPerIp, 20)
  const set = loadConfig({
    UPLOAD_DAILY_MAX_FILES: '5',
    UPLOAD_DAILY_MAX_BYTES: '1000',
    SMS_IP_HOURLY_MAX: '60',
  })
  assert.deepEqual(set.uploads, { dailyMaxFiles: 5, dailyMaxBytes: 1000 })
  assert.equal(set.sms.captchaAfterPerIp, 40)
  assert.equal(loadConfig({ SMS_CAPTCHA_AFTER_PER_IP: '7' }).sms.captchaAfterPerIp, 7)
  assert.throws(() => loadConfig({ UPLOAD_DAILY_MAX_FILES: '0' }), /UPLOAD_DAILY_MAX_FILES/)
  assert.throws(() => loadConfig({ UPLOAD_DAILY_MAX_BYTES: '5MB' }), /UPLOAD_DAILY_MAX_BYTES/)
})

test('the chat-file quota and the upload time limits: defaults, overrides, bad values refused', () => {
  const defaults = loadConfig({})
  assert.deepEqual(defaults.chatUploads, { dailyMaxFiles: 100, dailyMaxBytes: 200 * 1024 * 1024 })
  assert.deepEqual(defaults.uploadTime, {
    imageMs: 120_000,
    documentMs: 600_000,
    videoMs: 600_000,
    chatMs: 600_000,
    stallMs: 30_000,
  })
  const set = loadConfig({ UPLOAD_CHAT_BODY_MS: '5000', UPLOAD_STALL_MS: '300' })
  assert.equal(set.uploadTime.chatMs, 5000)
  assert.equal(set.uploadTime.stallMs, 300)
  assert.throws(() => loadConfig({ UPLOAD_STALL_MS: '0' }), /UPLOAD_STALL_MS/)
  // Over an hour: the sweep would take a partial file of an upload still running.
  assert.throws(() => loadConfig({ UPLOAD_VIDEO_BODY_MS: String(2 * HOUR) }), /UPLOAD_\*_BODY_MS/)
})

describe('upload quota', () => {
  let s: TestServer
  let byFiles: TestServer
  before(async () => {
    // Bytes: room for two of the test PNGs a day; files: three a day (on the same database).
    s = await startServer({ UPLOAD_DAILY_MAX_BYTES: String(PNG_BYTES * 2 + 10) })
    byFiles = await startServer({ UPLOAD_DAILY_MAX_FILES: '3' }, s)
  })
  after(async () => {
    await byFiles.close()
    await s.close()
  })

  test('a guest gets no policy', async () => {
    assert.equal((await s.get(POLICY)).body.ret, 302)
  })

  test('the daily bytes: the upload beyond them answers 429 and keeps nothing', async () => {
    toNextCstMorning(s)
    const mobile = newMobile()
    const { access_token: token } = await s.register(mobile)
    const fresh = await s.get(POLICY, { token })
    assert.equal(fresh.body.ret, 200)
    assert.deepEqual(fresh.body.data, {
      max_file_bytes: 5 * 1024 * 1024,
      allowed_types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
      files_left: 100,
      bytes_left: PNG_BYTES * 2 + 10,
      too_big_msg: '文件不能超过5MB',
      quota_msg: QUOTA_TEXT,
    })
    await s.uploadImage(token)
    await s.uploadImage(token)
    const left = await s.get(POLICY, { token })
    assert.equal(left.body.data.files_left, 98)
    assert.equal(left.body.data.bytes_left, 10)

    const third = await s.post(UPLOAD, undefined, { token, raw: form() })
    assert.equal(third.status, 429)
    assert.equal(third.body.msg, QUOTA_TEXT)
    const me = (await s.get(queryPath(accountApi.myProfile), { token })).body.data.user_id
    const rows = await s.db.select().from(uploads).where(eq(uploads.userId, me))
    assert.equal(rows.length, 2)

    // Another reader has a quota of their own; the next China day starts afresh.
    const other = await s.register(newMobile())
    await s.uploadImage(other.access_token)
    s.clock.advance(DAY)
    await s.uploadImage((await s.login(mobile)).access_token)
  })

  test('the daily count: the fourth upload of three allowed is refused', async () => {
    toNextCstMorning(byFiles)
    const mobile = newMobile()
    const { access_token: token } = await byFiles.register(mobile)
    for (let i = 0; i < 3; i++) await byFiles.uploadImage(token)
    const policy = await byFiles.get(POLICY, { token })
    assert.equal(policy.body.data.files_left, 0)
    const fourth = await byFiles.post(UPLOAD, undefined, { token, raw: form() })
    assert.equal(fourth.status, 429)
    assert.equal(fourth.body.msg, QUOTA_TEXT)
    // The day is a China calendar day: 23:59 is still today, 00:00 is tomorrow.
    byFiles.clock.advance(DAY - 3 * MINUTE)
    const late = (await byFiles.login(mobile)).access_token
    assert.equal((await byFiles.post(UPLOAD, undefined, { token: late, raw: form() })).status, 429)
    byFiles.clock.advance(2 * MINUTE)
    await byFiles.uploadImage(late)
  })
})

describe('unreferenced uploads', () => {
  let s: TestServer
  before(async () => {
    s = await startServer()
  })
  after(() => s.close())

  test('a day later, orphans go (row and file); used and young ones stay', async () => {
    const storage = new DiskStorage(path.join(s.dir, 'uploads'))
    const sweep = () => sweepUnreferencedUploads({ db: s.db, clock: s.clock, storage })
    const mobile = newMobile()
    const login = await s.register(mobile)
    const token = login.access_token

    const avatar = await s.uploadImage(token)
    const groupAvatar = await s.uploadImage(token)
    const at = new Date(s.clock.now())
    await s.db.insert(readingGroups).values({
      name: '论语读书会',
      avatar: groupAvatar,
      ownerId: login.user.user_id,
      createdAt: at,
      updatedAt: at,
    })
    const postImage = await s.uploadImage(token)
    const feedbackImage = await s.uploadImage(token)
    const orphan = await s.uploadImage(token)
    const replaced = await s.uploadImage(token)
    const setAvatar = (url: string) =>
      s.post(queryPath(accountApi.updateProfile), { avatar: url }, { token })
    assert.equal((await setAvatar(replaced)).body.ret, 200)
    assert.equal((await setAvatar(avatar)).body.ret, 200)
    const post = await s.post(
      restPath(feedApi.savePost),
      { content: '读《论语》有感', images: [postImage] },
      { token },
    )
    assert.equal(post.body.code, 200, JSON.stringify(post.body))
    const fb = await s.post(
      queryPath(socialApi.addFeedback),
      { type: 'suggestion', content: '希望增加夜间模式', images: [feedbackImage] },
      { token },
    )
    assert.equal(fb.body.ret, 200, JSON.stringify(fb.body))

    // Nothing is a day old yet.
    assert.equal(await sweep(), 0)
    s.clock.advance(DAY + HOUR)
    const young = await s.uploadImage((await s.login(mobile)).access_token)
    assert.equal(await sweep(), 2)

    const status = async (url: string) => (await fetch(s.base + url)).status
    assert.equal(await status(orphan), 404)
    assert.equal(await status(replaced), 404)
    for (const kept of [avatar, groupAvatar, postImage, feedbackImage, young]) {
      assert.equal(await status(kept), 200, kept)
    }
    const names = (await s.db.select({ name: uploads.name }).from(uploads)).map((r) => r.name)
    const nameOf = (url: string) => url.slice('/uploads/'.length)
    assert.ok(!names.includes(nameOf(orphan)))
    assert.ok(!names.includes(nameOf(replaced)))
    assert.ok(names.includes(nameOf(young)))

    // The young one goes once it too is a day old and still unused; a second sweep finds nothing.
    s.clock.advance(DAY - MINUTE)
    assert.equal(await sweep(), 0)
    s.clock.advance(2 * MINUTE)
    assert.equal(await sweep(), 1)
    assert.equal(await status(young), 404)
    assert.equal(await sweep(), 0)
    assert.equal(await status(avatar), 200)
  })
})
