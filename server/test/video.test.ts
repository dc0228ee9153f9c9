/**
 * Video browsing (issue 15): the seeded channels, tags, house albums and clips; lists (a channel,
 * an album in order, a search by title or author, the home row, a person's videos, the most played,
 * videos about a book) in both call styles; the play page's detail; plays and shares counted once
 * per viewer per hour; the seeded clips served with ranges; readers' albums (ordered, only their
 * own videos, only the owner changes them).
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { videoApi } from '@api/video'
import { VideoLimits, VideoText } from '@rules/video'
import { books, users, videoAlbums, videos } from '../src/db/schema'
import { DEMO_READER_VIDEOS, loadSeedClips, SEED_ALBUMS, VIDEO_CHANNELS } from '../seed/videos'
import { DEMO_OPERATOR } from '../seed/users'
import {
  DEMO_MOBILE,
  DEMO_PASSWORD,
  HOUR,
  MINUTE,
  newMobile,
  queryPath,
  restPath,
  startServer,
  type Reply,
  type TestServer,
} from './helpers'

const CLIP_5S = fs.readFileSync(path.join(__dirname, 'fixtures', 'video-5s.mp4'))
const CLIPS = loadSeedClips()

const q = (key: keyof typeof videoApi) => queryPath(videoApi[key])
const r = (key: keyof typeof videoApi) => restPath(videoApi[key])

interface Person {
  id: number
  token: string
  mobile: string
}

interface Listed {
  id: number
  title: string
  playCount: number
  shareCount: number
  albumId: number | null
  author: { id: number; nickname: string } | null
}

function ok(res: Reply, label = ''): void {
  assert.equal(res.body.ret ?? res.body.code, 200, `${label} ${JSON.stringify(res.body)}`)
}

function fails(res: Reply, code: number, msg: string, label = ''): void {
  assert.deepEqual([res.body.ret ?? res.body.code, res.body.msg], [code, msg], label)
  assert.equal(res.status, code, label)
}

const qs = (params: Record<string, string | number>): string =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString()

describe('video', () => {
  let s: TestServer
  let me: Person
  let other: Person
  let demo: Person
  let operator: string
  let channels: Array<{ id: number; name: string; videoCount: number }>

  async function person(): Promise<Person> {
    const mobile = newMobile()
    const res = await s.register(mobile)
    return { id: res.user.user_id, token: res.access_token, mobile }
  }

  const list = async (url: string, token?: string): Promise<Listed[]> => {
    const res = await s.get(url, { token })
    ok(res, url)
    return res.body.data.list
  }

  async function publish(who: Person, title: string, fields: Record<string, string | number> = {}) {
    const fd = new FormData()
    for (const [k, v] of Object.entries({ title, channelId: channels[0].id, ...fields })) {
      fd.append(k, String(v))
    }
    fd.append('file', new Blob([CLIP_5S]), 'a.mp4')
    const res = await s.post(q('upload'), undefined, { token: who.token, raw: fd })
    ok(res, 'upload')
    return res.body.data as { id: number; title: string }
  }

  const approve = async (id: number) =>
    ok(
      await s.post('/api/review/decide', { kind: 'video', id, pass: 1 }, { token: operator }),
      'approve',
    )

  /** Logs everyone in again (after the clock moved past the access tokens' life). */
  async function freshTokens(): Promise<void> {
    for (const who of [me, other, demo])
      who.token = (await s.login(who.mobile, who === demo ? DEMO_PASSWORD : undefined)).access_token
    operator = (await s.login(DEMO_OPERATOR.mobile, DEMO_PASSWORD)).access_token
  }

  before(async () => {
    s = await startServer()
    me = await person()
    other = await person()
    const d = await s.login(DEMO_MOBILE, DEMO_PASSWORD)
    demo = { id: d.user.user_id, token: d.access_token, mobile: DEMO_MOBILE }
    operator = (await s.login(DEMO_OPERATOR.mobile, DEMO_PASSWORD)).access_token
    const res = await s.get(q('channelList'))
    ok(res)
    channels = res.body.data
  })
  after(() => s.close())

  test('the seeded channels, tags and house albums, in both styles', async () => {
    assert.deepEqual(
      channels.map((c) => c.name),
      [...VIDEO_CHANNELS],
    )
    for (const channel of channels) {
      const clips = CLIPS.filter((c) => c.channel === channel.name).length
      // The demo reader's published video is in a channel too.
      assert.ok(channel.videoCount >= clips, channel.name)
    }
    const rest = await s.get(r('channelList'))
    assert.equal(rest.body.code, 200)
    assert.deepEqual(rest.body.data, channels)

    const tags = await s.get(q('albumTagList'))
    ok(tags)
    assert.ok(tags.body.data.length >= 4)

    const albums = await s.get(`${q('albumList')}&pageSize=50`)
    ok(albums)
    const house = albums.body.data.list.filter((a: { owner: unknown }) => a.owner === null)
    assert.deepEqual(
      house.map((a: { title: string }) => a.title).sort(),
      Object.keys(SEED_ALBUMS).sort(),
    )
    for (const album of house) {
      assert.equal(album.videoCount, 2, album.title)
      assert.ok(album.cover.startsWith('/api/seed-assets/videos/'))
      assert.ok(album.tags.length > 0)
      assert.equal(album.mine, false)
    }
    // By tag and by channel.
    const tag = house[0].tags[0]
    const byTag = await s.get(`${q('albumList')}&tagId=${tag.id}&pageSize=50`)
    assert.ok(
      byTag.body.data.list.every((a: { tags: Array<{ id: number }> }) =>
        a.tags.some((t) => t.id === tag.id),
      ),
    )
    const byChannel = await s.get(`${q('albumList')}&channelId=${house[0].channelId}`)
    assert.ok(byChannel.body.data.list.some((a: { id: number }) => a.id === house[0].id))
  })

  test('an album lists its videos in order; the detail names the next and the book', async () => {
    const [album] = await s.db.select().from(videoAlbums).where(eq(videoAlbums.title, '论语十则'))
    const res = await s.get(`${q('albumDetail')}&id=${album.id}`)
    ok(res)
    const titles = CLIPS.filter((c) => c.album === '论语十则')
      .sort((a, b) => a.albumSort - b.albumSort)
      .map((c) => c.title)
    assert.deepEqual(
      res.body.data.videos.map((v: { title: string }) => v.title),
      titles,
    )
    const inAlbum = await list(`${q('videoList')}&albumId=${album.id}`)
    assert.deepEqual(
      inAlbum.map((v) => v.title),
      titles,
    )

    const [first, second] = res.body.data.videos
    const detail = await s.get(`${q('videoDetail')}&id=${first.id}`)
    ok(detail)
    const d = detail.body.data
    assert.deepEqual(d.album, { id: album.id, title: '论语十则' })
    assert.deepEqual(d.nextInAlbum, { id: second.id, title: second.title })
    assert.equal(d.book.name, '论语')
    assert.equal(d.author, null)
    assert.deepEqual(
      [d.liked, d.mine, d.reviewState, d.reviewReason],
      [false, false, 'approved', ''],
    )
    assert.match(d.fileUrl, /^\/api\/seed-assets\/videos\/lunyu-xueer\.mp4$/)
    assert.ok(d.durationMs > 0 && d.durationMs <= VideoLimits.durationMaxMs)
    const last = await s.get(`${r('videoDetail')}?id=${second.id}`)
    assert.equal(last.body.code, 200)
    assert.equal(last.body.data.nextInAlbum, null)

    fails(await s.get(`${q('albumDetail')}&id=99999`), 404, VideoText.albumNotFound)
    fails(await s.get(`${q('videoDetail')}&id=99999`), 404, VideoText.notFound)
  })

  test('the seeded clips are served with their type and byte ranges', async () => {
    const clip = CLIPS[0]
    const url = `${s.base}/api/seed-assets/videos/${clip.file}`
    const size = fs.statSync(path.join(__dirname, '../seed/assets/videos', clip.file)).size
    const whole = await fetch(url)
    assert.equal(whole.status, 200)
    assert.equal(whole.headers.get('content-type'), 'video/mp4')
    assert.equal(Number(whole.headers.get('content-length')), size)
    await whole.arrayBuffer()
    const part = await fetch(url, { headers: { range: 'bytes=100-199' } })
    assert.equal(part.status, 206)
    assert.equal(part.headers.get('content-range'), `bytes 100-199/${size}`)
    assert.equal((await part.arrayBuffer()).byteLength, 100)
    const past = await fetch(url, { headers: { range: `bytes=${size + 10}-` } })
    assert.equal(past.status, 416)
    await past.arrayBuffer()
    const cover = await fetch(`${s.base}/api/seed-assets/videos/${clip.cover}`)
    assert.equal(cover.headers.get('content-type'), 'image/jpeg')
    await cover.arrayBuffer()
    assert.equal((await fetch(`${s.base}/api/seed-assets/videos/manifest.json`)).status, 404)
    assert.equal((await fetch(`${s.base}/api/seed-assets/videos/nothing.mp4`)).status, 404)
    // The file route serves a seeded clip too.
    const [row] = await s.db.select().from(videos).where(eq(videos.seedAsset, clip.file))
    const viaRoute = await fetch(`${s.base}/api/video/file?id=${row.id}`, {
      headers: { range: 'bytes=0-9' },
    })
    assert.equal(viaRoute.status, 206)
    assert.equal(viaRoute.headers.get('content-type'), 'video/mp4')
    assert.equal((await viaRoute.arrayBuffer()).byteLength, 10)
  })

  test('lists: a channel, a search by title or author, the home row, the most played', async () => {
    const channel = channels[1]
    const inChannel = await list(`${q('videoList')}&channelId=${channel.id}&pageSize=50`)
    const expected = CLIPS.filter((c) => c.channel === channel.name).map((c) => c.title)
    for (const title of expected)
      assert.ok(
        inChannel.some((v) => v.title === title),
        title,
      )
    // Newest first: the manifest's later clips are newer.
    const houseOrder = inChannel.filter((v) => v.author === null).map((v) => v.title)
    assert.deepEqual(houseOrder, [...expected].reverse())
    // Paging.
    const page1 = await s.get(`${q('videoList')}&pageSize=2&page=1`)
    const page2 = await s.get(`${q('videoList')}&pageSize=2&page=2`)
    assert.equal(page1.body.data.list.length, 2)
    assert.equal(page1.body.data.total, page2.body.data.total)
    assert.notEqual(page1.body.data.list[0].id, page2.body.data.list[0].id)

    // Search: a title, an author's nickname, the REST style; % matches itself.
    const byTitle = await list(`${q('videoList')}&${qs({ keyword: '关雎' })}`)
    assert.ok(byTitle.some((v) => v.title === '诗经·关雎'))
    const [demoUser] = await s.db.select().from(users).where(eq(users.id, demo.id))
    const byAuthor = await list(`${r('videoList')}?${qs({ keyword: demoUser.nickname })}`)
    assert.deepEqual(
      byAuthor.map((v) => v.title),
      DEMO_READER_VIDEOS.filter((v) => v.state === 'approved').map((v) => v.title),
    )
    assert.deepEqual(await list(`${q('videoList')}&${qs({ keyword: '%' })}`), [])
    fails(
      await s.get(`${q('videoList')}&${qs({ keyword: '长'.repeat(31) })}`),
      400,
      VideoText.keywordTooLong,
    )

    const home = await s.get(q('homeRow'))
    ok(home)
    assert.equal(home.body.data.length, VideoLimits.homeRowSize)

    const played = await list(`${r('mostPlayed')}?pageSize=50`)
    const counts = played.map((v) => v.playCount)
    assert.deepEqual(
      counts,
      [...counts].sort((a, b) => b - a),
    )
  })

  test('a person’s published videos; the demo reader’s own list has both states', async () => {
    const theirs = await list(`${r('userVideos')}?userId=${demo.id}`)
    assert.deepEqual(
      theirs.map((v) => v.title),
      DEMO_READER_VIDEOS.filter((v) => v.state === 'approved').map((v) => v.title),
    )
    fails(await s.get(`${r('userVideos')}?userId=99999`), 404, VideoText.userNotFound)

    const mine = await s.get(`${q('myVideoList')}&pageSize=50`, { token: demo.token })
    ok(mine)
    assert.deepEqual(
      mine.body.data.list.map((v: { reviewState: string }) => v.reviewState).sort(),
      ['approved', 'pending'],
    )
    const pending = mine.body.data.list.find(
      (v: { reviewState: string }) => v.reviewState === 'pending',
    )
    fails(await s.get(`${q('videoDetail')}&id=${pending.id}`), 404, VideoText.notFound)
    fails(
      await s.get(`${q('videoDetail')}&id=${pending.id}`, { token: me.token }),
      404,
      VideoText.notFound,
    )
    ok(await s.get(`${q('videoDetail')}&id=${pending.id}`, { token: demo.token }))
    // Login needed.
    assert.equal((await s.get(q('myVideoList'))).body.ret, 302)
    assert.equal((await s.get(r('myVideoList'))).body.code, 401)
  })

  test('videos about a book, with the book', async () => {
    const [lunyu] = await s.db.select().from(books).where(eq(books.name, '论语'))
    const about = await s.get(`${r('shopVideos')}?bookId=${lunyu.id}`)
    assert.equal(about.body.code, 200)
    const expected = CLIPS.filter((c) => c.bookName === '论语').length
    assert.equal(about.body.data.list.length, expected)
    for (const v of about.body.data.list) assert.equal(v.book.name, '论语')
    const any = await s.get(`${r('shopVideos')}?pageSize=50`)
    assert.ok(any.body.data.total >= CLIPS.length)
    fails(await s.get(`${r('shopVideos')}?bookId=99999`), 404, VideoText.bookNotFound)
  })

  test('plays and shares count once per viewer per video per hour', async () => {
    const [row] = await s.db.select().from(videos).where(eq(videos.seedAsset, CLIPS[3].file))
    const play = (token?: string, agent = 'agent-a') =>
      s.post(q('countPlay'), { id: row.id }, { token, headers: { 'user-agent': agent } })
    const share = (token?: string) => s.post(q('countShare'), { id: row.id }, { token })

    const first = await play(me.token)
    ok(first)
    assert.deepEqual(first.body.data, { count: row.playCount + 1, counted: true })
    const again = await play(me.token)
    assert.deepEqual(again.body.data, { count: row.playCount + 1, counted: false })
    // Another reader counts; a guest counts once by address, whatever browser it claims to be.
    assert.equal((await play(other.token)).body.data.counted, true)
    assert.equal((await play(undefined, 'guest-browser')).body.data.counted, true)
    assert.equal((await play(undefined, 'guest-browser')).body.data.counted, false)
    for (let i = 0; i < 5; i++) {
      assert.equal((await play(undefined, `bot-${i}`)).body.data.counted, false)
    }
    assert.equal((await play(undefined, '')).body.data.counted, false)
    // Shares are counted apart.
    const shared = await share(me.token)
    assert.deepEqual(shared.body.data, { count: row.shareCount + 1, counted: true })
    assert.equal((await share(me.token)).body.data.counted, false)

    // Within the hour nothing more; an hour later each counts again.
    s.clock.advance(59 * MINUTE)
    assert.equal((await play(me.token)).body.data.counted, false)
    s.clock.advance(HOUR)
    // The access tokens expired meanwhile.
    await freshTokens()
    const later = await play(me.token)
    assert.deepEqual(later.body.data, { count: row.playCount + 4, counted: true })
    assert.equal((await share(me.token)).body.data.counted, true)
    const [after] = await s.db.select().from(videos).where(eq(videos.id, row.id))
    assert.deepEqual([after.playCount, after.shareCount], [row.playCount + 4, row.shareCount + 2])

    // An unpublished video: its owner gets the count uncounted, anyone else 404.
    const mine = await publish(me, '还没通过')
    const own = await s.post(q('countPlay'), { id: mine.id }, { token: me.token })
    assert.deepEqual(own.body.data, { count: 0, counted: false })
    fails(await s.post(q('countPlay'), { id: mine.id }), 404, VideoText.notFound)
    fails(
      await s.post(q('countShare'), { id: mine.id }, { token: other.token }),
      404,
      VideoText.notFound,
    )
  })

  test('the detail tells the author followed and the video liked', async () => {
    const v = await publish(other, '关注我')
    await approve(v.id)
    const before = await s.get(`${q('videoDetail')}&id=${v.id}`, { token: me.token })
    assert.deepEqual(
      [before.body.data.author.followed, before.body.data.liked, before.body.data.mine],
      [false, false, false],
    )
    ok(await s.post('/api/video/focusOnUsers', { userId: other.id, focus: 1 }, { token: me.token }))
    const after = await s.get(`${q('videoDetail')}&id=${v.id}`, { token: me.token })
    assert.equal(after.body.data.author.followed, true)
    const guest = await s.get(`${q('videoDetail')}&id=${v.id}`)
    assert.deepEqual([guest.body.data.author.followed, guest.body.data.liked], [false, false])
    // A reader who blocked the author no longer finds the author's videos in lists.
    const search = `${q('videoList')}&${qs({ keyword: '关注我' })}`
    assert.equal((await list(search, me.token)).length, 1)
    ok(await s.post('/api/user/blockUserApi', { userId: other.id, block: 1 }, { token: me.token }))
    assert.equal((await list(search, me.token)).length, 0)
    assert.equal((await list(search)).length, 1)
    ok(await s.post('/api/user/blockUserApi', { userId: other.id, block: 0 }, { token: me.token }))
  })

  test('albums: made, ordered, only own videos, only the owner changes them', async () => {
    const tags = (await s.get(q('albumTagList'))).body.data as Array<{ id: number }>
    const cover = await s.uploadImage(me.token)
    const made = await s.post(
      q('addAlbum'),
      {
        title: '我的朗读集',
        intro: '每天一段',
        cover,
        tagIds: [tags[0].id, tags[1].id],
        channelId: channels[0].id,
      },
      { token: me.token },
    )
    ok(made)
    const album = made.body.data
    assert.deepEqual(
      [album.title, album.intro, album.cover, album.videoCount, album.mine],
      ['我的朗读集', '每天一段', cover, 0, true],
    )
    assert.deepEqual(
      album.tags.map((t: { id: number }) => t.id),
      [tags[0].id, tags[1].id],
    )
    fails(
      await s.post(q('addAlbum'), { title: '' }, { token: me.token }),
      400,
      VideoText.albumTitleMissing,
    )
    fails(
      await s.post(q('addAlbum'), { title: '长'.repeat(21) }, { token: me.token }),
      400,
      VideoText.albumTitleTooLong,
    )
    fails(
      await s.post(
        q('addAlbum'),
        {
          title: '标签太多',
          tagIds: tags
            .slice(0, 6)
            .map((t) => t.id)
            .concat([9999]),
        },
        { token: me.token },
      ),
      400,
      tags.length >= 5 ? VideoText.albumTooManyTags : VideoText.tagInvalid,
    )
    fails(
      await s.post(q('addAlbum'), { title: '坏标签', tagIds: [9999] }, { token: me.token }),
      400,
      VideoText.tagInvalid,
    )
    assert.equal((await s.post(q('addAlbum'), { title: 'x' })).body.ret, 302)

    // Published into the album: it goes last.
    const a = await publish(me, '第一段', { albumId: album.id })
    const b = await publish(me, '第二段', { albumId: album.id })
    const c = await publish(me, '第三段')
    // Only published videos are seen by others: the album is not listed while none is.
    const othersList = async () =>
      (await s.get(`${q('albumList')}&userId=${me.id}`, { token: other.token })).body.data.list
    assert.deepEqual(await othersList(), [])
    fails(
      await s.get(`${q('albumDetail')}&id=${album.id}`, { token: other.token }),
      404,
      VideoText.albumNotFound,
    )
    const own = await s.get(`${q('albumDetail')}&id=${album.id}`, { token: me.token })
    assert.deepEqual(
      own.body.data.videos.map((v: { id: number; reviewState: string }) => [v.id, v.reviewState]),
      [
        [a.id, 'pending'],
        [b.id, 'pending'],
      ],
    )
    await approve(a.id)
    await approve(b.id)
    const listed = await othersList()
    assert.deepEqual(
      listed.map((x: { id: number; videoCount: number }) => [x.id, x.videoCount]),
      [[album.id, 2]],
    )

    // The whole list in a new order, adding one and dropping one.
    const reordered = await s.post(
      q('updateAlbum'),
      { id: album.id, videoIds: [c.id, b.id], title: '新名字' },
      { token: me.token },
    )
    ok(reordered)
    assert.equal(reordered.body.data.album.title, '新名字')
    assert.deepEqual(
      reordered.body.data.videos.map((v: { id: number }) => v.id),
      [c.id, b.id],
    )
    const [left] = await s.db.select().from(videos).where(eq(videos.id, a.id))
    assert.equal(left.albumId, null)
    // The detail's next in album follows the new order (published ones only: c is pending).
    const bDetail = await s.get(`${q('videoDetail')}&id=${b.id}`, { token: other.token })
    assert.equal(bDetail.body.data.nextInAlbum, null)
    await approve(c.id)
    const cDetail = await s.get(`${q('videoDetail')}&id=${c.id}`, { token: other.token })
    assert.deepEqual(cDetail.body.data.nextInAlbum, { id: b.id, title: '第二段' })

    // Someone else's video cannot go in; nor can anyone change my album; nor the house's.
    const theirs = await publish(other, '别人的')
    fails(
      await s.post(
        q('updateAlbum'),
        { id: album.id, videoIds: [c.id, theirs.id] },
        { token: me.token },
      ),
      403,
      VideoText.albumOnlyOwnVideos,
    )
    fails(
      await s.post(q('updateAlbum'), { id: album.id, title: '改名' }, { token: other.token }),
      403,
      VideoText.albumOnlyOwner,
    )
    fails(
      await s.post(q('removeAlbum'), { id: album.id }, { token: other.token }),
      403,
      VideoText.albumOnlyOwner,
    )
    const [house] = await s.db.select().from(videoAlbums).where(eq(videoAlbums.title, '唐诗朗读'))
    fails(
      await s.post(q('updateAlbum'), { id: house.id, title: '改名' }, { token: me.token }),
      403,
      VideoText.albumOnlyOwner,
    )
    fails(
      await s.post(q('updateAlbum'), { id: 99999, title: 'x' }, { token: me.token }),
      404,
      VideoText.albumNotFound,
    )
    // Publishing into someone else's album is refused too.
    const fd = new FormData()
    fd.append('title', '投错专辑')
    fd.append('channelId', String(channels[0].id))
    fd.append('albumId', String(album.id))
    fd.append('file', new Blob([CLIP_5S]), 'a.mp4')
    fails(
      await s.post(q('upload'), undefined, { token: other.token, raw: fd }),
      403,
      VideoText.albumOnlyOwner,
    )

    // Moving a video out with UpdateVideo (albumId 0), and into the album again (last).
    const out = await s.post(q('update'), { id: c.id, albumId: 0 }, { token: me.token })
    assert.equal(out.body.data.albumId, null)
    const back = await s.post(q('update'), { id: c.id, albumId: album.id }, { token: me.token })
    assert.deepEqual([back.body.data.albumId, back.body.data.albumTitle], [album.id, '新名字'])
    const order = await s.get(`${q('albumDetail')}&id=${album.id}`, { token: me.token })
    assert.deepEqual(
      order.body.data.videos.map((v: { id: number }) => v.id),
      [b.id, c.id],
    )

    // Deleting the album keeps its videos, in no album.
    ok(await s.post(q('removeAlbum'), { id: album.id }, { token: me.token }))
    const [kept] = await s.db.select().from(videos).where(eq(videos.id, b.id))
    assert.equal(kept.albumId, null)
    fails(
      await s.get(`${q('albumDetail')}&id=${album.id}`, { token: me.token }),
      404,
      VideoText.albumNotFound,
    )
  })

  test('a deleted account’s videos are gone from lists and the play page', async () => {
    const leaving = await person()
    const v = await publish(leaving, '要注销的人的视频')
    await approve(v.id)
    const search = `${q('videoList')}&${qs({ keyword: '要注销的人' })}`
    assert.equal((await list(search)).length, 1)
    await s.db
      .update(users)
      .set({ deletedAt: new Date(s.clock.now()) })
      .where(eq(users.id, leaving.id))
    assert.equal((await list(search)).length, 0)
    fails(await s.get(`${q('videoDetail')}&id=${v.id}`), 404, VideoText.notFound)
    assert.equal((await fetch(`${s.base}/api/video/file?id=${v.id}`)).status, 404)
  })

  test('an album others cannot see is 404 to them; a full album takes no more videos', async () => {
    await freshTokens()
    const made = await s.post(q('addAlbum'), { title: '满了的专辑' }, { token: me.token })
    ok(made)
    const albumId: number = made.body.data.id
    // No published video in it: to anyone else it does not exist.
    fails(
      await s.post(q('updateAlbum'), { id: albumId, title: '改名' }, { token: other.token }),
      404,
      VideoText.albumNotFound,
    )
    fails(
      await s.post(q('removeAlbum'), { id: albumId }, { token: other.token }),
      404,
      VideoText.albumNotFound,
    )

    // Filled to the limit directly; then neither AddVideo nor UpdateVideo puts one more in.
    const mine = await publish(me, '放不进去')
    const [row] = await s.db.select().from(videos).where(eq(videos.id, mine.id))
    const { id: _drop, ...template } = row
    await s.db.insert(videos).values(
      Array.from({ length: VideoLimits.albumMaxVideos }, (_, i) => ({
        ...template,
        title: `第${i + 1}段`,
        albumId,
        albumSort: i + 1,
        // Made long ago: not counted in today's uploads.
        createdAt: new Date(s.clock.now() - 48 * HOUR),
      })),
    )
    fails(
      await s.post(q('update'), { id: mine.id, albumId }, { token: me.token }),
      400,
      VideoText.albumTooManyVideos,
    )
    const fd = new FormData()
    fd.append('title', '再加一个')
    fd.append('channelId', String(channels[0].id))
    fd.append('albumId', String(albumId))
    fd.append('file', new Blob([CLIP_5S]), 'a.mp4')
    fails(
      await s.post(q('upload'), undefined, { token: me.token, raw: fd }),
      400,
      VideoText.albumTooManyVideos,
    )
    // Reordered in one go: the last first.
    const inAlbum = await s.db
      .select({ id: videos.id })
      .from(videos)
      .where(eq(videos.albumId, albumId))
      .orderBy(videos.albumSort)
    const reversed = inAlbum.map((v) => v.id).reverse()
    ok(await s.post(q('updateAlbum'), { id: albumId, videoIds: reversed }, { token: me.token }))
    const order = await s.get(`${q('albumDetail')}&id=${albumId}`, { token: me.token })
    assert.deepEqual(
      order.body.data.videos.map((v: { id: number }) => v.id),
      reversed,
    )
  })
})
