/**
 * The top-level boxes of a stored ISO BMFF file, walked by their headers through random reads:
 * the ftyp, the movie box (moov) and the bytes of every movie fragment box (moof); the media data
 * (mdat) is stepped over, never read. Every top-level box is walked by its size whatever its type,
 * as players do, and the boxes must fill the file: bytes after the last one that are not a whole
 * box refuse it, so a junk box cannot hide the fragments after it.
 */
import type { ByteSource } from '../documents/sniff'

export interface TopBox {
  type: string
  start: number
  size: number
}

export interface TopBoxes {
  ftyp: TopBox
  moov: TopBox
  /** Every moof's bytes, in file order (none in a progressive file). */
  moofs: Buffer[]
}

/** A movie box larger than this is not a 60-second clip's (its sample tables run to kilobytes). */
const MOOV_MAX_BYTES = 16 * 1024 * 1024
/** All moof boxes together: a minute of fragments takes kilobytes, tens at most. */
const MOOFS_MAX_BYTES = 16 * 1024 * 1024
const FTYP_MAX_BYTES = 4096
/**
 * Top-level boxes looked at before giving up: a progressive file has a handful; a minute cut into
 * one fragment per frame at 60 fps, with audio fragments beside, stays under it.
 */
const MAX_TOP_BOXES = 20_000
/**
 * A header is read with this much after it, which holds a typical moof and the mdat header after
 * it: a fragment costs one read, and only a few kilobytes of media data are read with it.
 */
const READ_AHEAD = 4096
/** Bytes of a box header at most (size, type, 64-bit size). */
const HEADER_BYTES = 16

const ascii = (buf: Buffer, at: number) => buf.toString('latin1', at, at + 4)

/**
 * Reads through the last read: a part it holds is served from it; otherwise `length + ahead`
 * bytes are read from `start`.
 */
function readAhead(source: ByteSource) {
  let at = 0
  let last: Buffer = Buffer.alloc(0)
  return async (start: number, length: number, ahead: number): Promise<Buffer> => {
    if (start < at || start + length > at + last.length) {
      last = await source.read(start, length + ahead)
      at = start
    }
    return last.subarray(start - at, start - at + length)
  }
}

/**
 * The box whose header is at `start` (read through `read`), of any type: null when the bytes there
 * cannot be a box header; a box that runs past the end of the file comes back with `truncated`.
 */
async function boxAt(
  read: ReturnType<typeof readAhead>,
  fileSize: number,
  start: number,
): Promise<(TopBox & { truncated: boolean }) | null> {
  const head = await read(start, Math.min(HEADER_BYTES, fileSize - start), READ_AHEAD)
  if (head.length < 8) return null
  const type = ascii(head, 4)
  let size = head.readUInt32BE(0)
  if (size === 1) {
    if (head.length < 16) return null
    size = Number(head.readBigUInt64BE(8))
  } else if (size === 0) {
    size = fileSize - start
  }
  if (size < 8) return null
  return { type, start, size, truncated: start + size > fileSize }
}

/**
 * The ftyp (first), the first moov and every moof; null when the file is not ISO BMFF, has no
 * movie box, has bytes that are not a whole box (a box cut short, garbage after the last one), or
 * its boxes are past what a short clip has.
 */
export async function topBoxes(source: ByteSource): Promise<TopBoxes | null> {
  const read = readAhead(source)
  const ftyp = await boxAt(read, source.size, 0)
  if (!ftyp || ftyp.type !== 'ftyp' || ftyp.truncated) return null
  if (ftyp.size > FTYP_MAX_BYTES || ftyp.size < 16) return null
  let moov: TopBox | null = null
  const moofs: Buffer[] = []
  let moofBytes = 0
  let at = ftyp.start + ftyp.size
  for (let i = 0; at < source.size; i++) {
    if (i === MAX_TOP_BOXES) return null
    const box = await boxAt(read, source.size, at)
    if (!box || box.truncated) return null
    if (box.type === 'moov' && !moov) {
      if (box.size > MOOV_MAX_BYTES) return null
      moov = box
    } else if (box.type === 'moof') {
      moofBytes += box.size
      if (moofBytes > MOOFS_MAX_BYTES) return null
      // With the next box's header, which is most often the mdat's.
      moofs.push(await read(box.start, box.size, HEADER_BYTES))
    }
    at += box.size
  }
  return moov ? { ftyp, moov, moofs } : null
}
