/**
 * What an uploaded file is, told by its content: an ISO BMFF file (MP4 or QuickTime MOV) with a
 * video track, its duration (the longest of the movie header and every track, so a header that
 * understates the length does not pass) and the video track's shown size. The top-level boxes are
 * walked here by their headers (the media data is never read); the movie box (moov) is parsed by
 * mp4box.
 */
import { createFile, Log, MP4BoxBuffer, type Movie } from 'mp4box'
import type { ByteSource } from '../documents/sniff'

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
}

// mp4box writes its parse errors to the console (it has no quieter level); a refused upload is
// not the server's error, so they go to the file's onError only.
Log.error = (
  module: string,
  msg?: string,
  isofile?: { onError?: (m: string, e: string) => void },
) => isofile?.onError?.(module, msg ?? '')
Log.warn = () => undefined

/** A movie box larger than this is not a 60-second clip's (its sample tables run to kilobytes). */
const MOOV_MAX_BYTES = 16 * 1024 * 1024
const FTYP_MAX_BYTES = 4096
/** Top-level boxes looked at before giving up (a real file has a handful). */
const MAX_TOP_BOXES = 256

interface TopBox {
  type: string
  start: number
  size: number
}

const ascii = (buf: Buffer, at: number) => buf.toString('latin1', at, at + 4)

/** The top-level box at `start`, or null when its header is not a box's. */
async function boxAt(source: ByteSource, start: number): Promise<TopBox | null> {
  const head = await source.read(start, 16)
  if (head.length < 8) return null
  const type = ascii(head, 4)
  if (!/^[\x20-\x7e]{4}$/.test(type)) return null
  let size = head.readUInt32BE(0)
  if (size === 1) {
    if (head.length < 16) return null
    size = Number(head.readBigUInt64BE(8))
  } else if (size === 0) {
    size = source.size - start
  }
  if (size < 8 || start + size > source.size) return null
  return { type, start, size }
}

/** The ftyp (first) and moov boxes, or null when the file is not ISO BMFF. */
async function findBoxes(source: ByteSource): Promise<{ ftyp: TopBox; moov: TopBox } | null> {
  const ftyp = await boxAt(source, 0)
  if (!ftyp || ftyp.type !== 'ftyp' || ftyp.size > FTYP_MAX_BYTES || ftyp.size < 16) return null
  let at = ftyp.start + ftyp.size
  for (let i = 0; i < MAX_TOP_BOXES && at < source.size; i++) {
    const box = await boxAt(source, at)
    if (!box) return null
    if (box.type === 'moov') return box.size <= MOOV_MAX_BYTES ? { ftyp, moov: box } : null
    at += box.size
  }
  return null
}

/** mp4box's view of ftyp + moov (the media data is left out: only the header is read). */
function parseMovie(bytes: Buffer): Movie | null {
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
  return failed ? null : movie
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

/**
 * Reads a stored file: its format and facts when it is an MP4 or MOV with a video track, else
 * null. A fragmented file whose total length is not in its header is refused too (its duration
 * could not be checked).
 */
export async function probeVideo(source: ByteSource): Promise<VideoInfo | null> {
  const boxes = await findBoxes(source)
  if (!boxes) return null
  const ftyp = await source.read(boxes.ftyp.start, boxes.ftyp.size)
  const moov = await source.read(boxes.moov.start, boxes.moov.size)
  const movie = parseMovie(Buffer.concat([ftyp, moov]))
  if (!movie) return null
  const video = movie.videoTracks.find((t) => t.nb_samples > 0 || movie?.isFragmented)
  if (!video) return null
  if (movie.isFragmented && !movie.fragment_duration) return null
  const longestMs = longestMsOf(movie)
  if (!(longestMs > 0)) return null
  const headerMs = Math.round(seconds(movie.duration, movie.timescale) * 1000)
  const m = video.matrix as unknown as ArrayLike<number> | undefined
  // A matrix of a quarter turn (a = d = 0) shows the picture with width and height swapped.
  const turned = m !== undefined && m[0] === 0 && m[4] === 0 && m[1] !== 0
  const width = Math.round(video.video?.width ?? video.track_width ?? 0)
  const height = Math.round(video.video?.height ?? video.track_height ?? 0)
  const mov = ascii(ftyp, 8) === 'qt  '
  return {
    format: mov ? 'mov' : 'mp4',
    mime: mov ? 'video/quicktime' : 'video/mp4',
    durationMs: headerMs > 0 ? headerMs : longestMs,
    longestMs,
    width: turned ? height : width,
    height: turned ? width : height,
  }
}
