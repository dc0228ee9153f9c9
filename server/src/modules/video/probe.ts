/**
 * What an uploaded file is, told by its content: an ISO BMFF file (MP4 or QuickTime MOV) with a
 * video track, its duration (the longest of the movie header and every track, so a header that
 * understates the length does not pass) and the video track's shown size. The top-level boxes are
 * walked by their headers (boxes.ts; the media data is never read); the movie box (moov) is
 * parsed by mp4box, the movie fragments (moof) by fragments.ts, so a fragmented file is measured
 * by what its fragments play (issue 29).
 */
import { createFile, Log, MP4BoxBuffer, type Movie, type Track } from 'mp4box'
import type { ByteSource } from '../documents/sniff'
import { topBoxes } from './boxes'
import { fragmentedLength } from './fragmentedLength'
import { fragmentDurations } from './fragments'

export interface VideoInfo {
  format: 'mp4' | 'mov'
  mime: 'video/mp4' | 'video/quicktime'
  /** The movie's length as its header gives it (as players show it). */
  durationMs: number
  /**
   * The longest of the movie header and every track (an audio track's priming runs a few tens of
   * ms over): what the 60-second rule is checked against, so a header that understates the
   * length does not pass.
   */
  longestMs: number
  /** As shown (a track turned by 90° in its matrix swaps them); 0 when unknown. */
  width: number
  height: number
  /** A fragmented file whose headers (mvhd, tkhd, mdhd, mehd) and fragments tell other lengths. */
  durationsDisagree: boolean
}

// mp4box writes its parse errors to the console (it has no quieter level); a refused upload is
// not the server's error, so they go to the file's onError only.
Log.error = (
  module: string,
  msg?: string,
  isofile?: { onError?: (m: string, e: string) => void },
) => isofile?.onError?.(module, msg ?? '')
Log.warn = () => undefined

interface ParsedMovie {
  movie: Movie
  /** trex's default sample duration of each track (a fragment's samples may take it). */
  trexDurations: Map<number, number>
  /** mehd's fragment_duration, when the movie extends box has one. */
  mehdDuration: number | undefined
}

/** mp4box's view of ftyp + moov (the media data is left out: only the header is read). */
function parseMovie(bytes: Buffer): ParsedMovie | null {
  const file = createFile()
  let movie: Movie | null = null
  let failed = false
  file.onReady = (info) => {
    movie = info
  }
  file.onError = () => {
    failed = true
  }
  const copy = new Uint8Array(bytes).buffer
  try {
    file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(copy, 0), true)
    file.flush()
  } catch {
    return null
  }
  const info = movie as Movie | null
  if (failed || !info) return null
  const mvex = file.moov?.mvex
  return {
    movie: info,
    trexDurations: new Map((mvex?.trexs ?? []).map((t) => [t.track_id, t.default_sample_duration])),
    mehdDuration: mvex?.mehd?.fragment_duration,
  }
}

const seconds = (duration: number, timescale: number): number =>
  timescale > 0 && Number.isFinite(duration) ? duration / timescale : 0

/** The longest of the movie's and its tracks' durations, in ms; fragments by their header. */
function longestMsOf(movie: Movie): number {
  let longest = seconds(movie.duration, movie.timescale)
  for (const track of movie.tracks) {
    longest = Math.max(
      longest,
      seconds(track.duration, track.timescale),
      seconds(track.samples_duration, track.timescale),
      seconds(track.movie_duration, track.movie_timescale),
    )
  }
  if (movie.fragment_duration) {
    longest = Math.max(longest, movie.fragment_duration.num / movie.fragment_duration.den)
  }
  return Math.round(longest * 1000)
}

const ms = (sec: number): number => Math.round(sec * 1000)

/**
 * Reads a stored file: its format and facts when it is an MP4 or MOV with a video track, else
 * null (also when its fragments cannot be read, so their length could not be checked).
 */
export async function probeVideo(source: ByteSource): Promise<VideoInfo | null> {
  const boxes = await topBoxes(source)
  if (!boxes) return null
  const ftyp = await source.read(boxes.ftyp.start, boxes.ftyp.size)
  const moov = await source.read(boxes.moov.start, boxes.moov.size)
  const parsed = parseMovie(Buffer.concat([ftyp, moov]))
  if (!parsed) return null
  const { movie } = parsed
  let longestMs = longestMsOf(movie)
  let durationMs = ms(seconds(movie.duration, movie.timescale))
  let samples = (track: Track) => track.nb_samples
  let durationsDisagree = false
  // Fragments are read whether or not the movie box announces them (mvex): a player plays them.
  if (movie.isFragmented || boxes.moofs.length > 0) {
    const moovTicks = new Map(movie.tracks.map((t) => [t.id, t.samples_duration]))
    const fragments = fragmentDurations(boxes.moofs, moovTicks, parsed.trexDurations)
    if (!fragments) return null
    const length = fragmentedLength(movie, fragments, parsed.mehdDuration)
    longestMs = Math.max(longestMs, ms(length.playsSec))
    durationMs = ms(length.playsSec)
    samples = (track) => length.samples.get(track.id) ?? 0
    durationsDisagree = length.disagrees
  }
  const video = movie.videoTracks.find((t) => samples(t) > 0)
  if (!video || !(longestMs > 0)) return null
  const m = video.matrix as unknown as ArrayLike<number> | undefined
  // A matrix of a quarter turn (a = d = 0) shows the picture with width and height swapped.
  const turned = m !== undefined && m[0] === 0 && m[4] === 0 && m[1] !== 0
  const width = Math.round(video.video?.width ?? video.track_width ?? 0)
  const height = Math.round(video.video?.height ?? video.track_height ?? 0)
  const mov = ftyp.toString('latin1', 8, 12) === 'qt  '
  return {
    format: mov ? 'mov' : 'mp4',
    mime: mov ? 'video/quicktime' : 'video/mp4',
    durationMs: durationMs > 0 ? durationMs : longestMs,
    longestMs,
    width: turned ? height : width,
    height: turned ? width : height,
    durationsDisagree,
  }
}
