/**
 * An image's width and height read from its first bytes (PNG, GIF, JPEG, WebP, BMP), so a chat
 * image's imageInfoArray carries the picture's real size whatever the client said. Pure; null when
 * the bytes are not one of these or the size lies beyond them.
 */
export interface ImageSize {
  width: number
  height: number
}

/** Enough for a JPEG whose size marker follows a large EXIF block. */
export const IMAGE_HEAD_BYTES = 256 * 1024

const MAX_SIDE = 100_000

const sized = (width: number, height: number): ImageSize | null =>
  width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE ? { width, height } : null

const ascii = (buf: Buffer, at: number, text: string): boolean =>
  buf.length >= at + text.length && buf.toString('latin1', at, at + text.length) === text

function png(buf: Buffer): ImageSize | null {
  // Signature, then the IHDR chunk: length, 'IHDR', width, height (big-endian).
  if (buf.length < 24 || !ascii(buf, 12, 'IHDR')) return null
  return sized(buf.readUInt32BE(16), buf.readUInt32BE(20))
}

function gif(buf: Buffer): ImageSize | null {
  if (buf.length < 10) return null
  return sized(buf.readUInt16LE(6), buf.readUInt16LE(8))
}

/** Start-of-frame markers (baseline, progressive, lossless...); not DHT (C4), JPG (C8), DAC (CC). */
const isStartOfFrame = (marker: number): boolean =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc

function jpeg(buf: Buffer): ImageSize | null {
  let at = 2
  while (at + 4 <= buf.length) {
    if (buf[at] !== 0xff) return null
    const marker = buf[at + 1]
    if (marker === 0xff) {
      at++ // fill byte
      continue
    }
    // Markers without a length: TEM, RSTn, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return null // end of image, or the scan began
    const length = buf.readUInt16BE(at + 2)
    if (length < 2) return null
    if (isStartOfFrame(marker)) {
      if (at + 9 > buf.length) return null
      return sized(buf.readUInt16BE(at + 7), buf.readUInt16BE(at + 5))
    }
    at += 2 + length
  }
  return null
}

function webp(buf: Buffer): ImageSize | null {
  if (buf.length < 25) return null
  if (ascii(buf, 12, 'VP8 ')) {
    if (buf.length < 30) return null
    // Lossy: a key frame's start code, then 14-bit width and height.
    if (buf[23] !== 0x9d || buf[24] !== 0x01 || buf[25] !== 0x2a) return null
    return sized(buf.readUInt16LE(26) & 0x3fff, buf.readUInt16LE(28) & 0x3fff)
  }
  if (ascii(buf, 12, 'VP8L')) {
    if (buf[20] !== 0x2f) return null
    const bits = buf.readUInt32LE(21)
    return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1)
  }
  if (ascii(buf, 12, 'VP8X')) {
    if (buf.length < 30) return null
    return sized(buf.readUIntLE(24, 3) + 1, buf.readUIntLE(27, 3) + 1)
  }
  return null
}

function bmp(buf: Buffer): ImageSize | null {
  if (buf.length < 26) return null
  const header = buf.readUInt32LE(14)
  if (header === 12) return sized(buf.readUInt16LE(18), buf.readUInt16LE(20))
  if (header < 40) return null
  // A negative height is a top-down bitmap.
  return sized(Math.abs(buf.readInt32LE(18)), Math.abs(buf.readInt32LE(22)))
}

export function imageSize(buf: Buffer): ImageSize | null {
  if (ascii(buf, 0, '\x89PNG\r\n\x1a\n')) return png(buf)
  if (ascii(buf, 0, 'GIF87a') || ascii(buf, 0, 'GIF89a')) return gif(buf)
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return jpeg(buf)
  if (ascii(buf, 0, 'RIFF') && ascii(buf, 8, 'WEBP')) return webp(buf)
  if (ascii(buf, 0, 'BM')) return bmp(buf)
  return null
}
