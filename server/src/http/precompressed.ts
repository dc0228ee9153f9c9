import fs from 'node:fs'
import path from 'node:path'

/**
 * The compressed copies the H5 build writes beside its text files (config/h5Webpack.ts), best
 * first, and the types of the files it compresses.
 */
const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
}

/** The q-value an Accept-Encoding header gives an encoding (`*` counts); 0 when refused. */
export function acceptedQuality(header: string | undefined, encoding: string): number {
  let star = 0
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find((m) => m !== null)
    const quality = q ? Number(q[1]) : 1
    if (name === encoding) return Number.isFinite(quality) ? quality : 0
    if (name === '*') star = Number.isFinite(quality) ? quality : 0
  }
  return star
}

export interface Variant {
  /** The file to send: the original's name plus `.br` or `.gz`. */
  suffix: string
  encoding: string
  /** The original's type (the compressed file's own would say nothing). */
  contentType: string
}

/**
 * The compressed copy of `file` to send for a request's Accept-Encoding: the best encoding the
 * request accepts (brotli on a tie) whose copy exists; null to send the file as it is.
 */
export function pickVariant(file: string, acceptEncoding: string | undefined): Variant | null {
  const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()]
  if (!contentType) return null
  let best: Variant | null = null
  let bestQuality = 0
  for (const { encoding, suffix } of ENCODINGS) {
    const quality = acceptedQuality(acceptEncoding, encoding)
    if (quality <= bestQuality || !isFile(file + suffix)) continue
    best = { suffix, encoding, contentType }
    bestQuality = quality
  }
  return best
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile()
  } catch {
    return false
  }
}
