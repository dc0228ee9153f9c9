import { isDraftKey } from '@/core/drafts'
import { reflectionDraftKey, reflectionProblem } from '@/features/books/reflection'
import { BLOCKED_TEXT_MESSAGE } from '@rules/moderation'

describe('a reflection before it is sent', () => {
  it('needs text, at most 1000 characters counted as the reader sees them, no blocked words', () => {
    expect(reflectionProblem('  \n ')).toBe('请输入书评')
    expect(reflectionProblem('学而时习之，不亦说乎')).toBeNull()
    expect(reflectionProblem('读'.repeat(1001))).toBe('书评不能超过1000字')
    // An emoji is one character (two UTF-16 units).
    expect(reflectionProblem('😀'.repeat(1000))).toBeNull()
    expect(reflectionProblem('好书 六 合 彩')).toBe(BLOCKED_TEXT_MESSAGE)
  })

  it('keeps its draft under a key the logout sweep clears', () => {
    expect(reflectionDraftKey(12)).toBe('thought_draft_12')
    expect(isDraftKey(reflectionDraftKey(12))).toBe(true)
  })
})
