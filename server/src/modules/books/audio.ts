import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { sendEnvelope } from '../../http/envelope'

/** The chapters' audio files (committed with the seed content). */
export const AUDIO_DIR = path.join(__dirname, '../../../seed/assets/audio')

/** What an audio file may be called: nothing else is ever served. */
export const AUDIO_NAME = /^[a-z0-9-]+\.mp3$/

/** The URL path a chapter's audio is served at, or '' when it has none. */
export const audioUrlOf = (file: string): string =>
  file === '' ? '' : `/api/books/audio/${encodeURIComponent(file)}`

export interface ChapterAudio {
  file: string
  seconds: number
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile()
  } catch {
    return false
  }
}

/**
 * The audio of a book's chapters by serial, from `manifest.json` in `dir`
 * (`{chapters: [{serial, file, seconds}]}`). Entries naming a missing file or with a bad name or
 * length are left out; a missing or unreadable manifest gives no audio at all.
 */
export function readAudioManifest(dir = AUDIO_DIR): Map<number, ChapterAudio> {
  const out = new Map<number, ChapterAudio>()
  let parsed: unknown
  try {
    parsed = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'))
  } catch {
    return out
  }
  const chapters = (parsed as { chapters?: unknown } | null)?.chapters
  if (!Array.isArray(chapters)) return out
  for (const entry of chapters as Array<Record<string, unknown>>) {
    const { serial, file, seconds } = entry ?? {}
    if (
      typeof serial === 'number' &&
      Number.isInteger(serial) &&
      serial > 0 &&
      typeof file === 'string' &&
      AUDIO_NAME.test(file) &&
      typeof seconds === 'number' &&
      seconds > 0 &&
      isFile(path.join(dir, file))
    ) {
      out.set(serial, { file, seconds: Math.ceil(seconds) })
    }
  }
  return out
}

const AUDIO_MAX_AGE_MS = 24 * 60 * 60 * 1000

/**
 * GET /api/books/audio/:file — a chapter's MP3, with Range support (206) so players can seek.
 * Uses the reply.sendFile of the @fastify/static registered by registerSpa (serve: false).
 */
export function registerBookAudio(fastify: FastifyInstance, dir = AUDIO_DIR): void {
  fastify.get<{ Params: { file: string } }>('/api/books/audio/:file', async (req, reply) => {
    const { file } = req.params
    if (!AUDIO_NAME.test(file) || !isFile(path.join(dir, file))) {
      return sendEnvelope(reply, 'code', 404, null, '音频不存在')
    }
    return reply
      .header('X-Content-Type-Options', 'nosniff')
      .type('audio/mpeg')
      .sendFile(file, dir, { maxAge: AUDIO_MAX_AGE_MS, acceptRanges: true })
  })
  fastify.addHook('onReady', async () => {
    if (!fastify.hasReplyDecorator('sendFile')) {
      throw new Error('registerBookAudio needs @fastify/static (reply.sendFile) on the app')
    }
  })
}
