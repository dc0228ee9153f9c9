import type { Readable } from 'node:stream'

/** What a moderation check answers: risky or not, and the provider's label (e.g. Porn, Ad). */
export interface Verdict {
  risky: boolean
  label?: string
}

/** A stored file to check: read as a stream (a chat file may be 100 MB). */
export interface ModeratedFile {
  /** The file's name (its extension tells its kind). */
  name: string
  size: number
  /** Its bytes, or null when it is gone. */
  open(): Promise<Readable | null>
}

/**
 * Content moderation of what readers send: text and images before a message is stored (refused
 * when risky), audio, video and other files after it (flagged when risky).
 */
export interface ContentModerator {
  readonly name: 'local' | 'tencent'
  checkText(text: string): Promise<Verdict>
  checkImage(file: ModeratedFile): Promise<Verdict>
  /** Audio, video and other files, checked after the message was stored. */
  checkFile(file: ModeratedFile): Promise<Verdict>
}

export const NOT_RISKY: Verdict = { risky: false }
