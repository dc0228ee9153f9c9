/**
 * The chat input's tools menu (issue 30, chat-spec): 常用语 with fewer than 4 input extensions,
 * its 9 phrases, pages of eight tools and the swiper dots past two pages.
 */
import {
  QUICK_PHRASES,
  showQuickPhrases,
  showToolDots,
  toolPages,
  TOOLS_PER_PAGE,
} from '@/features/chat/quickPhrases'
import { textProblem } from '@/features/chat/send'

describe('quick phrases', () => {
  it('9 phrases, each one a text that may be sent', () => {
    expect(QUICK_PHRASES).toHaveLength(9)
    expect(new Set(QUICK_PHRASES).size).toBe(9)
    for (const p of QUICK_PHRASES) expect(textProblem(p)).toBeNull()
  })

  it('shown while the input has fewer than 4 extensions', () => {
    expect([0, 1, 2, 3].map(showQuickPhrases)).toEqual([true, true, true, true])
    expect([4, 5, 9].map(showQuickPhrases)).toEqual([false, false, false])
  })
})

describe('the tools menu pages', () => {
  it('cuts the tools into pages of eight', () => {
    const tools = Array.from({ length: 17 }, (_, i) => i)
    expect(TOOLS_PER_PAGE).toBe(8)
    expect(toolPages(tools).map((p) => p.length)).toEqual([8, 8, 1])
    expect(toolPages(tools.slice(0, 8))).toHaveLength(1)
    expect(toolPages([])).toEqual([])
  })

  it('shows the swiper dots only past two pages', () => {
    expect([0, 1, 2].map(showToolDots)).toEqual([false, false, false])
    expect([3, 4].map(showToolDots)).toEqual([true, true])
  })
})
