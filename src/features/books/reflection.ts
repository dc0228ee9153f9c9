import { textLength } from '@rules/validate'
import { Limits } from '@rules/limits'
import { BLOCKED_TEXT_MESSAGE, findBlockedWords } from '@rules/moderation'

/** What is wrong with a reflection before it is sent, or null. Pure. */
export function reflectionProblem(text: string): string | null {
  const content = text.trim()
  const max = Limits.reflectionMaxChars
  if (!content) return '请输入书评'
  if (textLength(content) > max) return `书评不能超过${max}字`
  if (findBlockedWords(content).length) return BLOCKED_TEXT_MESSAGE
  return null
}

/** The device's unsent reflection on a book (a draft key: cleared when the session ends). */
export const reflectionDraftKey = (bookId: number): string => `thought_draft_${bookId}`
