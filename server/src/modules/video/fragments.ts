/**
 * How long each track of a fragmented file plays, from its movie fragments (moof): the sum of
 * the sample durations of every track run (trun), a sample without its own taking the track
 * fragment header's default (tfhd) or the movie's (trex), in the track's timescale.
 *
 * Written by hand rather than through mp4box: mp4box turns every sample of every run into an
 * object and trusts trun's sample_count, so a 100-byte box claiming four billion samples would
 * hold the server; here a run without per-sample durations is one multiplication, and a run whose
 * table does not fit its box is refused.
 */

export interface TrackFragments {
  /** Samples in the fragments. */
  samples: number
  /** Their summed durations, in the track's timescale. */
  ticks: number
  /** The fragments' decode timeline (tfdt), from its first start to its last end. */
  start: number
  end: number
}

interface Traf {
  trackId: number
  samples: number
  ticks: number
  /** tfdt's baseMediaDecodeTime, when the fragment has one. */
  decodeTime: number | null
}

const TFHD_BASE_DATA_OFFSET = 0x1
const TFHD_SAMPLE_DESCRIPTION = 0x2
const TFHD_DEFAULT_DURATION = 0x8
const TFHD_DURATION_IS_EMPTY = 0x10000
const TRUN_DATA_OFFSET = 0x1
const TRUN_FIRST_SAMPLE_FLAGS = 0x4
const TRUN_SAMPLE_DURATION = 0x100
/** The optional fields of tfhd and trun before the ones read here: [flag, bytes]. */
const TFHD_SKIPPED: Array<[number, number]> = [
  [TFHD_BASE_DATA_OFFSET, 8],
  [TFHD_SAMPLE_DESCRIPTION, 4],
]
const TRUN_SKIPPED: Array<[number, number]> = [
  [TRUN_DATA_OFFSET, 4],
  [TRUN_FIRST_SAMPLE_FLAGS, 4],
]
/** Duration, size, flags and composition offset: each present field takes 4 bytes a sample. */
const TRUN_SAMPLE_FIELDS = [0x100, 0x200, 0x400, 0x800]

class Malformed extends Error {}

interface Child {
  type: string
  /** Where its payload starts and where the box ends. */
  body: number
  end: number
}

/** The boxes inside buf[from, to). */
function children(buf: Buffer, from: number, to: number): Child[] {
  const out: Child[] = []
  let at = from
  while (at < to) {
    if (to - at < 8) throw new Malformed()
    let size = buf.readUInt32BE(at)
    let body = at + 8
    if (size === 1) {
      if (to - at < 16) throw new Malformed()
      size = Number(buf.readBigUInt64BE(at + 8))
      body = at + 16
    } else if (size === 0) {
      size = to - at
    }
    if (at + size > to || at + size < body) throw new Malformed()
    out.push({ type: buf.toString('latin1', at + 4, at + 8), body, end: at + size })
    at += size
  }
  return out
}

function need(box: Child, at: number, bytes: number): void {
  if (at + bytes > box.end) throw new Malformed()
}

/**
 * The start of tfhd and trun, full boxes whose flags are followed by a 32-bit field (the track ID,
 * the sample count) and then by optional fields, each there when its flag is set: the flags, that
 * field, and where what follows the optional fields starts.
 */
function fullBoxHead(
  buf: Buffer,
  box: Child,
  optional: ReadonlyArray<[flag: number, bytes: number]>,
) {
  need(box, box.body, 8)
  const flags = buf.readUInt32BE(box.body) & 0xffffff
  let at = box.body + 8
  for (const [flag, bytes] of optional) if (flags & flag) at += bytes
  return { flags, field: buf.readUInt32BE(box.body + 4), at }
}

/** tfhd: the track and its default sample duration (trex's when tfhd has none). */
function trackHeader(buf: Buffer, box: Child, trexDurations: ReadonlyMap<number, number>) {
  const { flags, field: trackId, at } = fullBoxHead(buf, box, TFHD_SKIPPED)
  let defaultDuration = trexDurations.get(trackId) ?? 0
  if (flags & TFHD_DEFAULT_DURATION) {
    need(box, at, 4)
    defaultDuration = buf.readUInt32BE(at)
  }
  return { trackId, defaultDuration, emptyDuration: (flags & TFHD_DURATION_IS_EMPTY) !== 0 }
}

function decodeTime(buf: Buffer, box: Child): number {
  need(box, box.body, 4)
  const version = buf[box.body]
  need(box, box.body + 4, version === 1 ? 8 : 4)
  return version === 1 ? Number(buf.readBigUInt64BE(box.body + 4)) : buf.readUInt32BE(box.body + 4)
}

/** A track run's sample count and summed duration. */
function trackRun(buf: Buffer, box: Child, defaultDuration: number) {
  const { flags, field: samples, at } = fullBoxHead(buf, box, TRUN_SKIPPED)
  const stride = 4 * TRUN_SAMPLE_FIELDS.filter((field) => flags & field).length
  need(box, at, samples * stride)
  if (!(flags & TRUN_SAMPLE_DURATION)) return { samples, ticks: samples * defaultDuration }
  let ticks = 0
  for (let i = 0; i < samples; i++) ticks += buf.readUInt32BE(at + i * stride)
  return { samples, ticks }
}

function trackFragment(buf: Buffer, traf: Child, trexDurations: ReadonlyMap<number, number>): Traf {
  const boxes = children(buf, traf.body, traf.end)
  const tfhd = boxes.find((b) => b.type === 'tfhd')
  if (!tfhd) throw new Malformed()
  const header = trackHeader(buf, tfhd, trexDurations)
  const tfdt = boxes.find((b) => b.type === 'tfdt')
  const out: Traf = {
    trackId: header.trackId,
    samples: 0,
    // An empty fragment still takes its default duration on the timeline.
    ticks: header.emptyDuration ? header.defaultDuration : 0,
    decodeTime: tfdt ? decodeTime(buf, tfdt) : null,
  }
  for (const trun of boxes.filter((b) => b.type === 'trun')) {
    const run = trackRun(buf, trun, header.defaultDuration)
    out.samples += run.samples
    out.ticks += run.ticks
  }
  return out
}

/**
 * Each track's samples and length in the fragments, by track id; null when a moof is malformed
 * or names a track the movie box does not have. `moovTicks` holds every track's length in the
 * movie box's own sample tables (the fragments follow on from it), `trexDurations` the movie's
 * default sample duration of each track.
 */
export function fragmentDurations(
  moofs: readonly Buffer[],
  moovTicks: ReadonlyMap<number, number>,
  trexDurations: ReadonlyMap<number, number>,
): Map<number, TrackFragments> | null {
  const tracks = new Map<number, TrackFragments & { next: number }>()
  try {
    for (const moof of moofs) {
      const [top] = children(moof, 0, moof.length)
      if (top?.type !== 'moof') throw new Malformed()
      for (const box of children(moof, top.body, top.end)) {
        if (box.type !== 'traf') continue
        const traf = trackFragment(moof, box, trexDurations)
        const inMoov = moovTicks.get(traf.trackId)
        if (inMoov === undefined) return null
        const track = tracks.get(traf.trackId) ?? {
          samples: 0,
          ticks: 0,
          start: inMoov > 0 ? 0 : Infinity,
          end: 0,
          next: inMoov,
        }
        const start = traf.decodeTime ?? track.next
        track.samples += traf.samples
        track.ticks += traf.ticks
        track.start = Math.min(track.start, start)
        track.end = Math.max(track.end, start + traf.ticks)
        track.next = start + traf.ticks
        tracks.set(traf.trackId, track)
      }
    }
  } catch (err) {
    if (err instanceof Malformed || err instanceof RangeError) return null
    throw err
  }
  return new Map(
    [...tracks].map(([id, { samples, ticks, start, end }]) => [id, { samples, ticks, start, end }]),
  )
}
