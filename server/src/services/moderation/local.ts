/**
 * The local double of content moderation (the default): text is risky when it has a word of the
 * blocked-word list (rules/moderation.ts), a file when the SHA-256 of its bytes is in the hash
 * list (MODERATION_HASH_FILE, one hex digest a line, and MODERATION_RISKY_SHA256).
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { findBlockedWords } from '@rules/moderation'
import { NOT_RISKY, type ContentModerator, type ModeratedFile, type Verdict } from './types'

const DIGEST = /^[0-9a-f]{64}$/

/** The digests of a hash-list text: one a line; blank lines and # comments skipped. */
export function parseHashList(text: string): string[] {
  const out: string[] = []
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim().toLowerCase()
    if (line === '') continue
    if (!DIGEST.test(line)) throw new Error(`not a SHA-256 hex digest in the hash list: ${line}`)
    out.push(line)
  }
  return out
}

/** The digests of the list file (none when `file` is empty) and of the extra list. */
export function loadHashList(file: string, extra: readonly string[]): Set<string> {
  const listed = file ? parseHashList(fs.readFileSync(file, 'utf8')) : []
  return new Set([...listed, ...parseHashList(extra.join('\n'))])
}

/** The SHA-256 of a stored file (null when it is gone). */
export async function sha256Of(file: ModeratedFile): Promise<string | null> {
  const stream = await file.open()
  if (!stream) return null
  const hash = createHash('sha256')
  for await (const chunk of stream) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Digests kept by file name: chat files are never overwritten (their names are random). */
const DIGESTS_KEPT = 1000

export class LocalModerator implements ContentModerator {
  readonly name = 'local'
  private readonly digests = new Map<string, string>()

  constructor(private readonly riskyHashes: ReadonlySet<string>) {}

  private async digestOf(file: ModeratedFile): Promise<string | null> {
    const known = this.digests.get(file.name)
    if (known) return known
    const digest = await sha256Of(file)
    if (digest === null) return null
    if (this.digests.size >= DIGESTS_KEPT) {
      this.digests.delete(this.digests.keys().next().value as string)
    }
    this.digests.set(file.name, digest)
    return digest
  }

  async checkText(text: string): Promise<Verdict> {
    return findBlockedWords(text).length > 0 ? { risky: true, label: 'Blocked' } : NOT_RISKY
  }

  checkImage(file: ModeratedFile): Promise<Verdict> {
    return this.checkFile(file)
  }

  async checkFile(file: ModeratedFile): Promise<Verdict> {
    if (this.riskyHashes.size === 0) return NOT_RISKY
    const digest = await this.digestOf(file)
    return digest !== null && this.riskyHashes.has(digest)
      ? { risky: true, label: 'Listed' }
      : NOT_RISKY
  }
}
