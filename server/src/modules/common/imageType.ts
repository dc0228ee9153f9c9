export interface ImageType {
  mime: string
  ext: 'jpg' | 'png' | 'gif' | 'webp'
}

const startsWith = (buf: Buffer, bytes: number[], offset = 0): boolean =>
  buf.length >= offset + bytes.length && bytes.every((byte, i) => buf[offset + i] === byte)

const ascii = (text: string): number[] => [...text].map((ch) => ch.charCodeAt(0))

/** The image type by its magic bytes (never by the file name or the client's content type). */
export function sniffImage(buf: Buffer): ImageType | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' }
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mime: 'image/png', ext: 'png' }
  }
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) {
    return { mime: 'image/gif', ext: 'gif' }
  }
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) {
    return { mime: 'image/webp', ext: 'webp' }
  }
  return null
}

export const MIME_BY_EXT: Record<ImageType['ext'], string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
}
