/**
 * Publishing videos (issue 15): uploads told by content and measured on the server (a 61 s clip, a
 * renamed image and a file over 100 MB refused with nothing left on disk), the daily number, the
 * operator's review (pending invisible to others, approved in its channel, rejected with the
 * reason for the owner only), the file served with ranges to whoever may see it, and only the
 * author editing or deleting (deleting removes the file and the cover).
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { reviewApi } from '@api/review'
import { videoApi } from '@api/video'
import { VideoLimits, VideoText } from '@rules/video'
import { notifications, uploads, videoChannels, videos } from '../src/db/schema'
import { DEMO_OPERATOR } from '../seed/users'
import { sweepUnreferencedUploads } from '../src/modules/common/uploadSweep'
import { DiskStorage } from '../src/services/storage'
import {
  DAY,
  DEMO_PASSWORD,
  HOUR,
  MINUTE,
  newMobile,
  queryPath,
  restPath,
  SECOND,
  startServer,
  type Reply,
  type TestServer,
} from './helpers'

const FIXTURES = path.join(__dirname, 'fixtures')
const CLIP_5S = fs.readFileSync(path.join(FIXTURES, 'video-5s.mp4'))
const CLIP_61S = fs.readFileSync(path.join(FIXTURES, 'video-61s.mp4'))
const CLIP_MOV = fs.readFileSync(path.join(FIXTURES, 'video-portrait-3s.mov'))
const NOT_VIDEO = fs.readFileSync(path.join(FIXTURES, 'not-a-video.mp4'))

const UPLOAD = queryPath(videoApi.upload)
const UPLOAD_REST = restPath(videoApi.upload)
const DETAIL = queryPath(videoApi.videoDetail)
const LIST = queryPath(videoApi.videoList)
const MINE = queryPath(videoApi.myVideoList)
const MINE_REST = restPath(videoApi.myVideoList)
const SUBMISSION = restPath(videoApi.mySubmission)
const UPDATE = queryPath(videoApi.update)
const REMOVE = queryPath(videoApi.remove)
const REMOVE_REST = restPath(videoApi.remove)
const PENDING = restPath(reviewApi.pendingList)
const DECIDE = restPath(reviewApi.decide)
const FILE = '/api/video/file'

interface Person {
  id: number
  token: string
  mobile: string
}

function ok(res: Reply, label = ''): void {
  assert.equal(res.body.ret ?? res.body.code, 200, `${label} ${JSON.stringify(res.body)}`)
}

function fails(res: Reply, code: number, msg: string, label = ''): void {
  assert.deepEqual([res.body.ret ?? res.body.code, res.body.msg], [code, msg], label)
  assert.equal(res.status, code, label)
}

describe('publishing videos', () => {
  let s: TestServer
  let me: Person
  let other: Person
  let operator: string
  let channelId: number
  let otherChannelId: number

  const uploadDir = () => path.join(s.dir, 'uploads')
  /** The stored video files (and any partial one). */
  const storedVideos = (): string[] =>
    fs.existsSync(uploadDir())
      ? fs
          .readdirSync(uploadDir())
          .filter((name) => name.startsWith('video-'))
          .sort()
      : []
  const videoRows = async () => (await s.db.select({ id: videos.id }).from(videos)).length

  async function person(): Promise<Person> {
    const mobile = newMobile()
    const res = await s.register(mobile)
    return { id: res.user.user_id, token: res.access_token, mobile }
  }

  function form(
    file: Buffer | null,
    fields: Record<string, string | number> = {},
    fileName = 'clip.mp4',
  ): FormData {
    const fd = new FormData()
    for (const [name, value] of Object.entries(fields)) fd.append(name, String(value))
    if (file) fd.append('file', new Blob([file]), fileName)
    return fd
  }

  function upload(
    who: Person,
    file: Buffer | null,
    fields: Record<string, string | number> = {},
    url = UPLOAD,
  ): Promise<Reply> {
    return s.post(url, undefined, {
      token: who.token,
      raw: form(file, { title: '我的朗读', channelId, ...fields }),
    })
  }

  async function published(who: Person, fields: Record<string, string | number> = {}) {
    const res = await upload(who, CLIP_5S, fields)
    ok(res, 'upload')
    return res.body.data
  }

  const decide = (id: number, pass: 0 | 1, reason?: string) =>
    s.post(DECIDE, { kind: 'video', id, pass, ...(reason ? { reason } : {}) }, { token: operator })

  const detail = (id: number, token?: string) => s.get(`${DETAIL}&id=${id}`, { token })
  const channelIds = async (token?: string) => {
    const res = await s.get(`${LIST}&channelId=${channelId}&pageSize=50`, { token })
    ok(res)
    return (res.body.data.list as Array<{ id: number }>).map((v) => v.id)
  }

  before(async () => {
    s = await startServer()
    me = await person()
    other = await person()
    operator = (await s.login(DEMO_OPERATOR.mobile, DEMO_PASSWORD)).access_token
    const channels = await s.db.select().from(videoChannels).orderBy(videoChannels.sort)
    channelId = channels[0].id
    otherChannelId = channels[1].id
  })
  after(() => s.close())

  test('a 5 s MP4 is published pending, measured on the server, private to its author', async () => {
    const cover = await s.uploadImage(me.token)
    const before = storedVideos()
    const res = await upload(me, CLIP_5S, {
      title: '  学而时习之  ',
      description: '第一次朗读',
      cover,
      // What the client says about the duration is not read.
      durationMs: 1000,
    })
    ok(res)
    assert.equal(res.body.msg, '发布成功，等待审核')
    const v = res.body.data
    assert.equal(v.title, '学而时习之')
    assert.equal(v.description, '第一次朗读')
    assert.equal(v.reviewState, 'pending')
    assert.ok(v.durationMs >= 4900 && v.durationMs <= 5100, String(v.durationMs))
    assert.deepEqual([v.width, v.height, v.mime], [320, 180, 'video/mp4'])
    assert.equal(v.fileSize, CLIP_5S.length)
    // Not published: a signed address the owner's player opens without a header.
    assert.match(v.fileUrl, new RegExp(`^${FILE}\\?id=${v.id}&uid=${me.id}&exp=\\d+&sig=`))
    assert.equal(v.cover, cover)
    assert.equal(v.channelId, channelId)
    assert.deepEqual(v.author, {
      id: me.id,
      nickname: v.author.nickname,
      avatar: v.author.avatar,
      followed: false,
    })
    assert.equal(v.mine, true)
    assert.equal(storedVideos().length, before.length + 1)

    // Mine, with its state; nobody else sees it.
    const mine = await s.get(`${MINE}&state=pending`, { token: me.token })
    ok(mine)
    assert.ok(mine.body.data.list.some((m: { id: number }) => m.id === v.id))
    ok(await s.get(`${SUBMISSION}?id=${v.id}`, { token: me.token }))
    fails(await s.get(`${SUBMISSION}?id=${v.id}`, { token: other.token }), 404, VideoText.notFound)
    fails(await detail(v.id), 404, VideoText.notFound)
    fails(await detail(v.id, other.token), 404, VideoText.notFound)
    assert.ok(!(await channelIds()).includes(v.id))
    assert.ok(!(await channelIds(other.token)).includes(v.id))

    // The file: only its author, with the token in the header.
    const own = await fetch(`${s.base}${FILE}?id=${v.id}`, {
      headers: { authorization: `Bearer ${me.token}` },
    })
    assert.equal(own.status, 200)
    assert.equal(own.headers.get('content-type'), 'video/mp4')
    assert.match(own.headers.get('cache-control') ?? '', /private/)
    assert.ok(Buffer.from(await own.arrayBuffer()).equals(CLIP_5S))
    assert.equal((await fetch(`${s.base}${FILE}?id=${v.id}`)).status, 404)
    const theirs = await fetch(`${s.base}${FILE}?id=${v.id}`, {
      headers: { authorization: `Bearer ${other.token}` },
    })
    assert.equal(theirs.status, 404)
    assert.equal(((await theirs.json()) as { msg: string }).msg, VideoText.notFound)
  })

  test('the operator approves: it appears in its channel, its file is anyone’s, with ranges', async () => {
    const v = await published(me, { title: '待审核的视频' })
    const pending = await s.get(`${PENDING}?kind=video&pageSize=50`, { token: operator })
    ok(pending)
    const item = pending.body.data.list.find((p: { id: number }) => p.id === v.id)
    assert.ok(item, 'in the operator’s pending list')
    assert.deepEqual([item.kind, item.title, item.ownerId], ['video', '待审核的视频', me.id])
    // A reader, even the owner, cannot decide.
    assert.equal(
      (await s.post(DECIDE, { kind: 'video', id: v.id, pass: 1 }, { token: me.token })).status,
      403,
    )

    ok(await decide(v.id, 1))
    fails(await decide(v.id, 1), 400, '该内容不在待审核状态')
    assert.ok((await channelIds()).includes(v.id))
    const seen = await detail(v.id, other.token)
    ok(seen)
    assert.deepEqual([seen.body.data.reviewState, seen.body.data.mine], ['approved', false])
    const notices = await s.db.select().from(notifications).where(eq(notifications.userId, me.id))
    assert.ok(notices.some((n) => n.content.includes('待审核的视频') && n.title === '审核通过'))

    // Published: the file is anyone's, with an ETag and byte ranges.
    const url = `${s.base}${FILE}?id=${v.id}`
    const whole = await fetch(url)
    assert.equal(whole.status, 200)
    assert.equal(whole.headers.get('accept-ranges'), 'bytes')
    assert.equal(Number(whole.headers.get('content-length')), CLIP_5S.length)
    const etag = whole.headers.get('etag') ?? ''
    assert.ok(etag)
    await whole.arrayBuffer()
    const part = await fetch(url, { headers: { range: 'bytes=0-99' } })
    assert.equal(part.status, 206)
    assert.equal(part.headers.get('content-range'), `bytes 0-99/${CLIP_5S.length}`)
    assert.ok(Buffer.from(await part.arrayBuffer()).equals(CLIP_5S.subarray(0, 100)))
    const tail = await fetch(url, { headers: { range: 'bytes=-10' } })
    assert.equal(tail.status, 206)
    assert.ok(Buffer.from(await tail.arrayBuffer()).equals(CLIP_5S.subarray(-10)))
    const past = await fetch(url, { headers: { range: `bytes=${CLIP_5S.length}-` } })
    assert.equal(past.status, 416)
    assert.equal(past.headers.get('content-range'), `bytes */${CLIP_5S.length}`)
    await past.arrayBuffer()
    const cached = await fetch(url, { headers: { 'if-none-match': etag } })
    assert.equal(cached.status, 304)
    assert.equal((await fetch(`${s.base}${FILE}?id=abc`)).status, 404)
    assert.equal((await fetch(`${s.base}${FILE}?id=99999999`)).status, 404)
  })

  test('rejected with a reason: the owner sees it, nobody else does; editing resubmits', async () => {
    const v = await published(me, { title: '会被驳回' })
    fails(await decide(v.id, 0), 400, '请填写未通过的原因')
    ok(await decide(v.id, 0, '画面不清晰'))
    const mine = await s.get(`${MINE_REST}?state=rejected`, { token: me.token })
    assert.equal(mine.body.code, 200)
    const row = mine.body.data.list.find((m: { id: number }) => m.id === v.id)
    assert.deepEqual([row.reviewState, row.reviewReason], ['rejected', '画面不清晰'])
    const sub = await s.get(`${SUBMISSION}?id=${v.id}`, { token: me.token })
    assert.deepEqual(
      [sub.body.data.reviewState, sub.body.data.reviewReason],
      ['rejected', '画面不清晰'],
    )
    fails(await detail(v.id, other.token), 404, VideoText.notFound)
    assert.ok(!(await channelIds()).includes(v.id))

    // Any edit of a rejected video resubmits it (here only the channel), the reason forgotten.
    const resubmitted = await s.post(
      UPDATE,
      { id: v.id, channelId: otherChannelId },
      { token: me.token },
    )
    assert.deepEqual(
      [resubmitted.body.data.reviewState, resubmitted.body.data.reviewReason],
      ['pending', ''],
    )
    ok(await decide(v.id, 0, '标题不合适'))
    // A new title goes back to review, the reason forgotten.
    const edited = await s.post(
      UPDATE,
      { id: v.id, title: '重新拍了一版', channelId },
      { token: me.token },
    )
    ok(edited)
    assert.deepEqual(
      [edited.body.data.reviewState, edited.body.data.reviewReason, edited.body.data.title],
      ['pending', '', '重新拍了一版'],
    )
    ok(await decide(v.id, 1))
    // Moving channel alone keeps it published.
    const moved = await s.post(UPDATE, { id: v.id, channelId: otherChannelId }, { token: me.token })
    ok(moved)
    assert.deepEqual(
      [moved.body.data.reviewState, moved.body.data.channelId],
      ['approved', otherChannelId],
    )
    // A new description sends it back.
    const described = await s.post(
      UPDATE,
      { id: v.id, description: '补充简介' },
      { token: me.token },
    )
    assert.equal(described.body.data.reviewState, 'pending')
    fails(await detail(v.id, other.token), 404, VideoText.notFound)
  })

  test('a 61 s clip and a renamed image are refused with a clear text and nothing kept', async () => {
    const before = storedVideos()
    const rows = await videoRows()
    fails(await upload(me, CLIP_61S), 400, VideoText.durationTooLong)
    // A movie header that claims 5 s does not pass: the tracks say 61 s.
    const understated = Buffer.from(CLIP_61S)
    const mvhd = understated.indexOf('mvhd', 0, 'latin1')
    assert.equal(understated[mvhd + 4], 0, 'a version 0 mvhd')
    const timescale = understated.readUInt32BE(mvhd + 16)
    understated.writeUInt32BE(timescale * 5, mvhd + 20)
    fails(await upload(me, understated), 400, VideoText.durationTooLong)
    fails(await upload(me, NOT_VIDEO, {}), 400, VideoText.fileTypeInvalid)
    fails(
      await upload(me, Buffer.from('just some text, not a video at all')),
      400,
      VideoText.fileTypeInvalid,
    )
    // An ISO BMFF file without a video track (an ftyp box and nothing else).
    const ftypOnly = Buffer.alloc(24)
    ftypOnly.writeUInt32BE(24, 0)
    ftypOnly.write('ftypisom', 4, 'latin1')
    fails(await upload(me, ftypOnly), 400, VideoText.fileTypeInvalid)
    fails(await upload(me, Buffer.alloc(0)), 400, VideoText.fileMissing)
    assert.deepEqual(storedVideos(), before)
    assert.equal(await videoRows(), rows)
    // Nothing partial either.
    assert.deepEqual(
      fs.readdirSync(uploadDir()).filter((name) => name.endsWith('.part')),
      [],
    )
  })

  test('a MOV is published as QuickTime, portrait; the REST path publishes too', async () => {
    const res = await upload(me, CLIP_MOV, { title: '竖屏视频' }, UPLOAD_REST)
    assert.equal(res.body.code, 200, JSON.stringify(res.body))
    const v = res.body.data
    assert.deepEqual([v.mime, v.width, v.height], ['video/quicktime', 180, 320])
    assert.ok(v.durationMs >= 2900 && v.durationMs <= 3100)
  })

  test('the form is checked: title, description, channel, book and cover; in the query string too', async () => {
    const before = storedVideos()
    fails(await upload(me, CLIP_5S, { title: '' }), 400, VideoText.titleMissing)
    fails(await upload(me, CLIP_5S, { title: '长'.repeat(31) }), 400, VideoText.titleTooLong)
    fails(
      await upload(me, CLIP_5S, { description: '长'.repeat(201) }),
      400,
      VideoText.descriptionTooLong,
    )
    fails(await upload(me, CLIP_5S, { channelId: '' }), 400, VideoText.channelMissing)
    fails(await upload(me, CLIP_5S, { channelId: 99999 }), 400, VideoText.channelMissing)
    fails(await upload(me, CLIP_5S, { bookId: 99999 }), 400, VideoText.bookNotFound)
    fails(
      await upload(me, CLIP_5S, { cover: 'https://example.com/x.jpg' }),
      400,
      VideoText.coverInvalid,
    )
    // Someone else's upload is not my cover.
    const theirs = await s.uploadImage(other.token)
    fails(await upload(me, CLIP_5S, { cover: theirs }), 400, VideoText.coverInvalid)
    // No file.
    fails(await upload(me, null), 400, VideoText.fileMissing)
    // The fields may come in the query string.
    const viaQuery = await s.post(
      `${UPLOAD}&title=${encodeURIComponent('查询里的标题')}&channelId=${channelId}`,
      undefined,
      { token: me.token, raw: form(CLIP_5S) },
    )
    ok(viaQuery)
    assert.equal(viaQuery.body.data.title, '查询里的标题')
    ok(await s.post(REMOVE, { id: viaQuery.body.data.id }, { token: me.token }))
    assert.deepEqual(storedVideos(), before)
    // Guests are asked to log in.
    const guest = await s.post(UPLOAD, undefined, { raw: form(CLIP_5S, { title: 'x', channelId }) })
    assert.equal(guest.body.ret, 302)
    assert.deepEqual(storedVideos(), before)
  })

  /**
   * POSTs a multipart body whose file is `size` bytes (an ftyp box, then zeros), streamed
   * (chunked, or with its length declared), never held in memory whole.
   */
  function streamUpload(token: string, size: number, declareLength = false): Promise<Reply> {
    const boundary = 'videouploadboundary'
    const ftyp = Buffer.alloc(24)
    ftyp.writeUInt32BE(24, 0)
    ftyp.write('ftypisom', 4, 'latin1')
    const head = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n大文件\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="channelId"\r\n\r\n${channelId}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\n` +
          'Content-Type: video/mp4\r\n\r\n',
      ),
      ftyp,
    ])
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
    const url = new URL(UPLOAD, s.base)
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      }
      if (declareLength) headers['content-length'] = head.length + (size - 24) + tail.length
      let answered = false
      const req = http.request(url, { method: 'POST', headers }, (res) => {
        answered = true
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          req.destroy()
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString()),
            headers: new Headers(),
          })
        })
      })
      req.on('error', (err) => {
        if (!answered) reject(err)
      })
      const chunk = Buffer.alloc(1024 * 1024)
      let left = size - 24
      req.write(head)
      const pump = () => {
        while (left > 0 && !answered) {
          const piece = left >= chunk.length ? chunk : chunk.subarray(0, left)
          left -= piece.length
          if (!req.write(piece)) return void req.once('drain', pump)
        }
        if (!answered) req.end(tail)
      }
      pump()
    })
  }

  test('a file over 100 MB is refused, streamed or declared, and nothing is kept', async () => {
    const before = storedVideos()
    const rows = await videoRows()
    const streamed = await streamUpload(me.token, VideoLimits.fileMaxBytes + 1)
    assert.deepEqual([streamed.body.ret, streamed.body.msg], [400, VideoText.fileTooBig])
    const declared = await streamUpload(me.token, VideoLimits.fileMaxBytes + 1, true)
    assert.deepEqual([declared.body.ret, declared.body.msg], [400, VideoText.fileTooBig])
    await new Promise((resolve) => setTimeout(resolve, 200))
    assert.deepEqual(storedVideos(), before)
    assert.equal(await videoRows(), rows)
    assert.deepEqual(
      fs.readdirSync(uploadDir()).filter((name) => name.endsWith('.part')),
      [],
    )
    // The server still takes uploads.
    const small = await published(me, { title: '之后' })
    ok(await s.post(REMOVE, { id: small.id }, { token: me.token }))
  })

  test('only the author edits or deletes; deleting removes the file and the cover', async () => {
    const cover = await s.uploadImage(me.token)
    const v = await published(me, { title: '要删除的视频', cover })
    const coverName = cover.replace('/uploads/', '')
    const stored = storedVideos()
    // Pending: to anyone else it does not exist.
    fails(
      await s.post(UPDATE, { id: v.id, title: '别人的' }, { token: other.token }),
      404,
      VideoText.notFound,
    )
    fails(await s.post(REMOVE, { id: v.id }, { token: other.token }), 404, VideoText.notFound)
    // Published: seen, but only its author changes it.
    ok(await decide(v.id, 1))
    fails(
      await s.post(UPDATE, { id: v.id, title: '别人的' }, { token: other.token }),
      403,
      VideoText.onlyOwnerEdits,
    )
    fails(
      await s.post(REMOVE, { id: v.id }, { token: other.token }),
      403,
      VideoText.onlyOwnerDeletes,
    )
    // The house's videos are no reader's.
    const [house] = await s.db
      .select({ id: videos.id })
      .from(videos)
      .where(eq(videos.seedAsset, 'daxue.mp4'))
    fails(
      await s.post(UPDATE, { id: house.id, title: 'x' }, { token: me.token }),
      403,
      VideoText.onlyOwnerEdits,
    )
    fails(
      await s.post(UPDATE, { id: 99999999, title: 'x' }, { token: me.token }),
      404,
      VideoText.notFound,
    )
    assert.equal((await s.post(REMOVE, { id: v.id })).body.ret, 302)

    const gone = await s.del(`${REMOVE_REST}?id=${v.id}`, { token: me.token })
    assert.equal(gone.body.code, 200, JSON.stringify(gone.body))
    assert.equal(storedVideos().length, stored.length - 1)
    assert.equal((await s.db.select().from(videos).where(eq(videos.id, v.id))).length, 0)
    // The cover upload is released with it.
    assert.equal((await s.db.select().from(uploads).where(eq(uploads.name, coverName))).length, 0)
    assert.ok(!fs.existsSync(path.join(uploadDir(), coverName)))
    fails(await detail(v.id, me.token), 404, VideoText.notFound)
    fails(await s.post(REMOVE, { id: v.id }, { token: me.token }), 404, VideoText.notFound)
  })

  test('a new cover replaces the old one, whose upload is released', async () => {
    const first = await s.uploadImage(me.token)
    const v = await published(me, { title: '换封面', cover: first })
    const second = await s.uploadImage(me.token)
    const res = await s.post(UPDATE, { id: v.id, cover: second }, { token: me.token })
    ok(res)
    assert.deepEqual([res.body.data.cover, res.body.data.reviewState], [second, 'pending'])
    const firstName = first.replace('/uploads/', '')
    assert.equal((await s.db.select().from(uploads).where(eq(uploads.name, firstName))).length, 0)
    // Cleared.
    const cleared = await s.post(UPDATE, { id: v.id, cover: '' }, { token: me.token })
    assert.equal(cleared.body.data.cover, '')
    ok(await s.post(REMOVE, { id: v.id }, { token: me.token }))
  })

  test('at most 10 uploads in any 24 hours; deleting one gives no upload back', async () => {
    const uploader = await person()
    let last = 0
    for (let i = 0; i < VideoLimits.uploadsPerDay; i++) {
      last = (await published(uploader, { title: `第${i + 1}个` })).id
    }
    ok(await s.post(REMOVE, { id: last }, { token: uploader.token }))
    const before = storedVideos()
    fails(await upload(uploader, CLIP_5S), 429, '每天最多发布10个视频，请明天再试')
    assert.deepEqual(storedVideos(), before)
    s.clock.advance(DAY + MINUTE)
    const again = await s.login(uploader.mobile)
    await published({ ...uploader, token: again.access_token }, { title: '第二天' })
  })

  test('the upload sweep keeps the covers of videos and albums, and sweeps an unused upload', async () => {
    const who = await person()
    const videoCover = await s.uploadImage(who.token)
    const albumCover = await s.uploadImage(who.token)
    const unused = await s.uploadImage(who.token)
    await published(who, { title: '有封面', cover: videoCover })
    ok(
      await s.post(
        queryPath(videoApi.addAlbum),
        { title: '有封面的专辑', cover: albumCover },
        { token: who.token },
      ),
    )
    s.clock.advance(DAY + MINUTE)
    const storage = new DiskStorage(uploadDir())
    await sweepUnreferencedUploads({ db: s.db, clock: s.clock, storage })
    const stored = (url: string) =>
      fs.existsSync(path.join(uploadDir(), url.replace('/uploads/', '')))
    assert.ok(stored(videoCover))
    assert.ok(stored(albumCover))
    assert.equal(stored(unused), false)
    // The video files are not uploads: the sweep leaves them.
    assert.ok(storedVideos().length > 0)
  })

  // Last: it moves the clock an hour on (the others' tokens are past their life by now anyway).
  test('the owner and an operator play an unpublished video from a signed address, for an hour', async () => {
    const owner = await person()
    const stranger = await person()
    const staff = (await s.login(DEMO_OPERATOR.mobile, DEMO_PASSWORD)).access_token
    const v = await published(owner, { title: '签名地址' })
    const w = await published(owner, { title: '另一个' })
    const range = { range: 'bytes=0-99' }
    const play = (url: string, headers: Record<string, string> = range) =>
      fetch(`${s.base}${url}`, { headers })

    // The detail, the submission and the upload answer all give the owner a signed address.
    const seen = await detail(v.id, owner.token)
    ok(seen)
    const url: string = seen.body.data.fileUrl
    assert.match(url, new RegExp(`^${FILE}\\?id=${v.id}&uid=${owner.id}&exp=\\d+&sig=[\\w-]+$`))
    const sub = await s.get(`${SUBMISSION}?id=${v.id}`, { token: owner.token })
    assert.match(sub.body.data.fileUrl, /&sig=/)
    // It plays with ranges, no header sent.
    const part = await play(url)
    assert.equal(part.status, 206)
    assert.match(part.headers.get('cache-control') ?? '', /private/)
    assert.ok(Buffer.from(await part.arrayBuffer()).equals(CLIP_5S.subarray(0, 100)))

    // Altered: the signature, the expiry, the user, or another video's id: 404.
    const params = new URLSearchParams(url.split('?')[1])
    const altered = (change: Record<string, string>) => {
      const q = new URLSearchParams(params)
      for (const [k, value] of Object.entries(change)) q.set(k, value)
      return `${FILE}?${q}`
    }
    const sig = params.get('sig') ?? ''
    const badSig = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`
    for (const bad of [
      altered({ sig: badSig }),
      altered({ sig: '' }),
      altered({ exp: String(Number(params.get('exp')) + 3600) }),
      altered({ uid: String(stranger.id) }),
      altered({ id: String(w.id) }),
    ]) {
      const res = await play(bad)
      assert.equal(res.status, 404, bad)
      assert.equal(((await res.json()) as { msg: string }).msg, VideoText.notFound)
    }
    // A stranger's detail still 404, and no address for them.
    fails(await detail(v.id, stranger.token), 404, VideoText.notFound)

    // An operator reviewing it: the detail (with the reason once rejected) and the file.
    const staffSeen = await detail(v.id, staff)
    ok(staffSeen)
    assert.deepEqual(
      [staffSeen.body.data.reviewState, staffSeen.body.data.mine],
      ['pending', false],
    )
    const staffUrl: string = staffSeen.body.data.fileUrl
    assert.match(staffUrl, /&sig=/)
    assert.equal((await play(staffUrl)).status, 206)
    assert.equal(
      (await play(`${FILE}?id=${v.id}`, { ...range, authorization: `Bearer ${staff}` })).status,
      206,
    )
    ok(
      await s.post(
        DECIDE,
        { kind: 'video', id: w.id, pass: 0, reason: '声音太小' },
        { token: staff },
      ),
    )
    const rejected = await detail(w.id, staff)
    assert.deepEqual(
      [rejected.body.data.reviewState, rejected.body.data.reviewReason],
      ['rejected', '声音太小'],
    )
    // Published: the plain address, for the owner too.
    ok(await s.post(DECIDE, { kind: 'video', id: v.id, pass: 1 }, { token: staff }))
    assert.equal((await detail(v.id, owner.token)).body.data.fileUrl, `${FILE}?id=${v.id}`)

    // An hour on, the owner's address for the rejected one has expired.
    const ownW: string = (await detail(w.id, owner.token)).body.data.fileUrl
    assert.equal((await play(ownW)).status, 206)
    s.clock.advance(HOUR + SECOND)
    assert.equal((await play(ownW)).status, 404)
  })
})
