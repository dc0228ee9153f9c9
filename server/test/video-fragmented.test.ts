/**
 * Fragmented MP4 and the 60-second rule (issue 29): a file is measured by what its movie
 * fragments play (trun sample durations, tfhd's or trex's default, the tfdt timeline), not by what
 * its headers say; headers (mvhd, tkhd, mdhd, mehd) that disagree with the fragments refuse the
 * file; the probe reads box headers and moofs only, never the media data. The clips are written
 * box by box (fixtures/fragmentedMp4.ts).
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { videoApi } from '@api/video'
import { VideoText } from '@rules/video'
import { videoChannels } from '../src/db/schema'
import { probeVideo, type VideoInfo } from '../src/modules/video/probe'
import {
  box,
  fragmentedMp4,
  fragmentedMp4Parts,
  fullBox,
  sparseSource,
  toBuffer,
  type FragmentedClipOptions,
  type Parts,
} from './fixtures/fragmentedMp4'
import { newMobile, queryPath, startServer, type Reply, type TestServer } from './helpers'

const probe = (parts: Parts): Promise<VideoInfo | null> => probeVideo(sparseSource(parts))
const probeClip = (o: FragmentedClipOptions) => probe(fragmentedMp4Parts(o))

const u32 = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n >>> 0)
  return b
}

/** The clip's ftyp and moov followed by a hand-made moof (and an empty mdat). */
function withMoof(moof: Buffer): Parts {
  const [ftyp, moov] = fragmentedMp4Parts({ headerSeconds: 0, fragments: [] })
  return [ftyp, moov, moof, box('mdat')]
}

const traf = (...boxes: Buffer[]) =>
  box('moof', fullBox('mfhd', 0, 0, u32(1)), box('traf', ...boxes))

describe('fragmented MP4: the probe', () => {
  for (const durationIn of ['trun', 'tfhd', 'trex'] as const) {
    test(`fragments summed with the duration in ${durationIn}: 20 s header over 61 s is caught`, async () => {
      const lying = await probeClip({ headerSeconds: 20, fragments: [20, 20, 21], durationIn })
      assert.equal(lying?.longestMs, 61_000)
      assert.equal(lying?.durationsDisagree, true)
      const honest = await probeClip({ headerSeconds: 30, fragments: [10, 10, 10], durationIn })
      assert.deepEqual(
        [honest?.durationMs, honest?.longestMs, honest?.durationsDisagree],
        [30_000, 30_000, false],
      )
    })
  }

  test('mehd: short of the fragments or far over them disagrees; equal (or no header) agrees', async () => {
    const short = await probeClip({ headerSeconds: 0, mehdSeconds: 20, fragments: [20, 20, 21] })
    assert.deepEqual([short?.longestMs, short?.durationsDisagree], [61_000, true])
    const understated = await probeClip({ headerSeconds: 0, mehdSeconds: 20, fragments: [15, 15] })
    assert.deepEqual([understated?.longestMs, understated?.durationsDisagree], [30_000, true])
    const overstated = await probeClip({ headerSeconds: 0, mehdSeconds: 50, fragments: [15, 15] })
    assert.deepEqual([overstated?.longestMs, overstated?.durationsDisagree], [50_000, true])
    const slightlyShort = await probeClip({ headerSeconds: 0, mehdSeconds: 29.9, fragments: [30] })
    assert.equal(slightlyShort?.durationsDisagree, true)
    const right = await probeClip({ headerSeconds: 30, mehdSeconds: 30, fragments: [15, 15] })
    assert.deepEqual([right?.durationMs, right?.durationsDisagree], [30_000, false])
    // Live writers leave every header at 0: the fragments alone say how long it is.
    const live = await probeClip({ headerSeconds: 0, fragments: [12, 12, 6] })
    assert.deepEqual([live?.durationMs, live?.durationsDisagree], [30_000, false])
  })

  test('a header within a second of the fragments (rounding) agrees; further does not', async () => {
    const near = await probeClip({ headerSeconds: 30.8, fragments: [10, 10, 10] })
    assert.equal(near?.durationsDisagree, false)
    const far = await probeClip({ headerSeconds: 31.2, fragments: [10, 10, 10] })
    assert.equal(far?.durationsDisagree, true)
  })

  test('samples in the movie box and the fragments after them count together', async () => {
    // Writers that put the first fragment's samples in the movie box give its length there.
    const hybrid = await probeClip({ headerSeconds: 10, moovSeconds: 10, fragments: [10, 10] })
    assert.deepEqual([hybrid?.durationMs, hybrid?.durationsDisagree], [30_000, false])
    const over = await probeClip({ headerSeconds: 20, moovSeconds: 20, fragments: [20, 21] })
    assert.equal(over?.longestMs, 61_000)
  })

  test('gaps in the decode timeline (tfdt) count: 30 s of samples spread over 61 s', async () => {
    // The timeline starts at the first fragment: two gaps of 15.5 s between three 10 s fragments.
    const gappy = await probeClip({
      headerSeconds: 0,
      fragments: [10, 10, 10],
      tfdtGapSeconds: 15.5,
    })
    assert.equal(gappy?.longestMs, 61_000)
  })

  test('fragments that cannot be read refuse the file', async () => {
    const tfhd = fullBox('tfhd', 0, 0x08, u32(1), u32(512))
    // Four billion samples with their own durations in a 20-byte run.
    assert.equal(
      await probe(withMoof(traf(tfhd, fullBox('trun', 0, 0x100, u32(0xffffffff))))),
      null,
    )
    // A track the movie box does not have.
    const stranger = fullBox('tfhd', 0, 0x08, u32(7), u32(512))
    const run = fullBox('trun', 0, 0, u32(10))
    assert.equal(await probe(withMoof(traf(stranger, run))), null)
    // A traf without its header, a child box running past its parent, a moof cut short.
    assert.equal(await probe(withMoof(traf(run))), null)
    const overrun = traf(tfhd, run)
    overrun.writeUInt32BE(999, overrun.length - run.length)
    assert.equal(await probe(withMoof(overrun)), null)
    const [ftyp, moov] = fragmentedMp4Parts({ headerSeconds: 0, fragments: [] })
    assert.equal(await probe([ftyp, moov, traf(tfhd, run).subarray(0, 30)]), null)
  })

  test('a junk box cannot hide the fragments after it; bytes that are not boxes refuse the file', async () => {
    const junk = Buffer.from([0, 0, 0, 8, 1, 2, 3, 4])
    const parts = fragmentedMp4Parts({ headerSeconds: 20, fragments: [20, 20, 21] })
    // After the first fragment (its moof, the mdat's header and its samples).
    const hidden = [...parts.slice(0, 5), junk, ...parts.slice(5)]
    const info = await probe(hidden)
    assert.deepEqual([info?.longestMs, info?.durationsDisagree], [61_000, true])
    // Walked by size whatever the type, as players do: an unknown box between fragments is fine.
    const honest = fragmentedMp4Parts({ headerSeconds: 30, fragments: [10, 10, 10] })
    const between = await probe([...honest.slice(0, 5), junk, ...honest.slice(5)])
    assert.deepEqual([between?.durationMs, between?.durationsDisagree], [30_000, false])
    // Garbage at the end: too short for a header, a size under 8, a box running past the end.
    for (const tail of [
      Buffer.from([1, 2, 3]),
      Buffer.from([0, 0, 0, 4, 1, 2, 3, 4]),
      Buffer.from([0, 0, 1, 0, 0x66, 0x72, 0x65, 0x65]),
    ]) {
      assert.equal(await probe([...honest, tail]), null, tail.toString('hex'))
    }
  })

  test('four billion samples by default duration: measured at once, not one by one', async () => {
    const tfhd = fullBox('tfhd', 0, 0x08, u32(1), u32(512))
    const started = Date.now()
    const info = await probe(withMoof(traf(tfhd, fullBox('trun', 0, 0, u32(0xffffffff)))))
    assert.ok(info && info.longestMs > 60_000 * 1000, String(info?.longestMs))
    assert.ok(Date.now() - started < 1000)
  })

  test('a 100 MB file: only box headers, the movie box and the moofs are read', async () => {
    const parts = fragmentedMp4Parts({
      headerSeconds: 0,
      mehdSeconds: 60,
      fragments: Array.from({ length: 60 }, () => 1),
      mdatBytes: 1_700_000,
    })
    const source = sparseSource(parts)
    const info = await probeVideo(source)
    assert.deepEqual([info?.durationMs, info?.durationsDisagree], [60_000, false])
    assert.ok(source.size > 100_000_000, String(source.size))
    assert.ok(source.bytesRead < 8 * 1024 * 1024, `${source.bytesRead} bytes read`)
    assert.ok(source.reads < 200, `${source.reads} reads`)
  })
})

describe('fragmented MP4: uploads', () => {
  let s: TestServer
  let token: string
  let channelId: number
  const storedVideos = (): string[] =>
    fs.existsSync(path.join(s.dir, 'uploads'))
      ? fs.readdirSync(path.join(s.dir, 'uploads')).filter((name) => name.startsWith('video-'))
      : []

  before(async () => {
    s = await startServer()
    token = (await s.register(newMobile())).access_token
    const [channel] = await s.db.select().from(videoChannels).orderBy(videoChannels.sort)
    channelId = channel.id
  })
  after(() => s.close())

  function upload(file: Buffer): Promise<Reply> {
    const fd = new FormData()
    fd.append('title', '分段视频')
    fd.append('channelId', String(channelId))
    fd.append('file', new Blob([file]), 'clip.mp4')
    return s.post(queryPath(videoApi.upload), undefined, { token, raw: fd })
  }

  const refused = async (file: Buffer, msg: string, label: string) => {
    const res = await upload(file)
    assert.deepEqual([res.status, res.body.ret, res.body.msg], [400, 400, msg], label)
  }

  test('headers that understate the fragments are refused; nothing is kept', async () => {
    const before = storedVideos()
    // (a) Every header says 20 s; the fragments play 61 s.
    await refused(
      fragmentedMp4({ headerSeconds: 20, fragments: [20, 20, 21] }),
      VideoText.durationTooLong,
      'header 20 s, fragments 61 s',
    )
    // (c) mehd says 20 s; the fragments play 61 s.
    await refused(
      fragmentedMp4({ headerSeconds: 0, mehdSeconds: 20, fragments: [20, 20, 21] }),
      VideoText.durationTooLong,
      'mehd 20 s, fragments 61 s',
    )
    // A junk box after the first fragment hiding the other two.
    const parts = fragmentedMp4Parts({ headerSeconds: 20, fragments: [20, 20, 21] })
    const junk = Buffer.from([0, 0, 0, 8, 1, 2, 3, 4])
    await refused(
      toBuffer([...parts.slice(0, 5), junk, ...parts.slice(5)]),
      VideoText.durationTooLong,
      'header 20 s, a junk box, fragments 61 s',
    )
    // Under a minute but still a lie: mehd 20 s over 30 s of fragments.
    await refused(
      fragmentedMp4({ headerSeconds: 0, mehdSeconds: 20, fragments: [15, 15] }),
      VideoText.durationInconsistent,
      'mehd 20 s, fragments 30 s',
    )
    assert.deepEqual(storedVideos(), before)
  })

  test('(b) an honest 30 s fragmented clip is published with its length, stored as sent', async () => {
    const clip = fragmentedMp4({ headerSeconds: 30, mehdSeconds: 30, fragments: [10, 10, 10] })
    const res = await upload(clip)
    assert.equal(res.body.ret, 200, JSON.stringify(res.body))
    const v = res.body.data
    assert.deepEqual([v.durationMs, v.width, v.height, v.mime], [30_000, 320, 180, 'video/mp4'])
    assert.equal(v.fileSize, clip.length)
    const file = await fetch(`${s.base}/api/video/file?id=${v.id}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    assert.equal(file.status, 200)
    assert.ok(Buffer.from(await file.arrayBuffer()).equals(clip))
  })

  test('(d) a progressive clip is still published', async () => {
    const clip = fs.readFileSync(path.join(__dirname, 'fixtures', 'video-5s.mp4'))
    const res = await upload(clip)
    assert.equal(res.body.ret, 200, JSON.stringify(res.body))
    assert.ok(res.body.data.durationMs >= 4900 && res.body.data.durationMs <= 5100)
  })
})
