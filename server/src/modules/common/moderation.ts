import { findBlockedWords } from '@rules/moderation'
import type { TextModerationRes } from '@api/common'

/** The local word list of rules/moderation; a real provider would plug in here. */
export function moderateText(content: string): TextModerationRes {
  const hits = findBlockedWords(content)
  return { pass: hits.length === 0, hits }
}
