/**
 * The length of a fragmented file (issue 29), from its movie box and its fragments, and whether
 * its headers tell the same: a header that says 20 s over fragments that play 61 s must not pass
 * the 60-second rule, nor be stored as a 20 s clip.
 */
import type { Movie, Track } from 'mp4box'
import { VideoLimits } from '@rules/video'
import type { TrackFragments } from './fragments'

export interface FragmentedLength {
  /** The longest track, its samples in the movie box and its fragments together, in seconds. */
  playsSec: number
  /** Samples of each track, in the movie box and the fragments. */
  samples: Map<number, number>
  /** A header (mvhd, tkhd, mdhd, mehd) says another length than the samples add up to. */
  disagrees: boolean
}

/** A header's duration in seconds; null when it gives none (0, or all ones: unknown). */
function stated(duration: number | undefined, timescale: number): number | null {
  if (duration === undefined || !(timescale > 0)) return null
  if (!(duration > 0) || duration === 0xffffffff || duration >= 2 ** 63) return null
  return duration / timescale
}

const TOLERANCE_SEC = VideoLimits.durationHeaderToleranceMs / 1000
const near = (a: number, b: number) => Math.abs(a - b) <= TOLERANCE_SEC

/**
 * A header agrees when it gives the whole length or (writers that put the first samples in the
 * movie box and the rest in fragments) the movie box's part.
 */
const agrees = (header: number | null, wholeSec: number, moovSec: number): boolean =>
  header === null || near(header, wholeSec) || (moovSec > 0 && near(header, moovSec))

/** How long a track plays: its samples' durations, or its decode timeline when that is longer. */
function trackTicks(track: Track, fragments: TrackFragments | undefined): number {
  const moov = track.samples_duration
  if (!fragments) return moov
  return Math.max(moov + fragments.ticks, fragments.end - fragments.start)
}

/**
 * `fragments` by track id (fragmentDurations), `mehdDuration` the movie extends header's
 * fragment_duration (in the movie's timescale) when the file has one.
 */
export function fragmentedLength(
  movie: Movie,
  fragments: ReadonlyMap<number, TrackFragments>,
  mehdDuration: number | undefined,
): FragmentedLength {
  let playsSec = 0
  let moovPlaysSec = 0
  let disagrees = false
  const samples = new Map<number, number>()
  for (const track of movie.tracks) {
    const frag = fragments.get(track.id)
    samples.set(track.id, track.nb_samples + (frag?.samples ?? 0))
    if (!(track.timescale > 0)) {
      // Fragments of a track without a timescale play for a time no one can tell.
      if (frag && frag.ticks > 0) disagrees = true
      continue
    }
    const wholeSec = trackTicks(track, frag) / track.timescale
    const moovSec = track.samples_duration / track.timescale
    playsSec = Math.max(playsSec, wholeSec)
    moovPlaysSec = Math.max(moovPlaysSec, moovSec)
    if (!frag) continue
    const tkhd = stated(track.movie_duration, track.movie_timescale)
    const mdhd = stated(track.duration, track.timescale)
    if (!agrees(tkhd, wholeSec, moovSec) || !agrees(mdhd, wholeSec, moovSec)) disagrees = true
  }
  if (!agrees(stated(movie.duration, movie.timescale), playsSec, moovPlaysSec)) disagrees = true
  const mehd = stated(mehdDuration, movie.timescale)
  // mehd gives the whole length in the movie's timescale: short of the samples by more than
  // its rounding (one tick, and a millisecond of the tracks'), it understates them.
  if (
    mehd !== null &&
    (mehd > playsSec + TOLERANCE_SEC || mehd + 1 / movie.timescale + 0.001 < playsSec)
  ) {
    disagrees = true
  }
  return { playsSec, samples, disagrees }
}
