/**
 * The tools menu of the chat input (chat-spec: with fewer than 4 input extensions it offers the
 * quick phrases, 常用语; swiper dots show when it has more than two pages) and the 9 canned
 * phrases, each sent as a text when tapped.
 */

/** The 9 quick phrases (chat-spec: 9 canned phrases; the texts are ours, for a reading app). */
export const QUICK_PHRASES: readonly string[] = [
  '你好，很高兴认识你！',
  '最近在读什么书？',
  '这本书推荐给你，很好看。',
  '读完了，我们聊聊感想吧。',
  '今晚一起读书打卡吧！',
  '谢谢你的分享！',
  '好的，收到。',
  '稍等，我马上回复你。',
  '晚安，明天继续读。',
]

/** The quick phrases show while the input has fewer than 4 extensions (tools beyond the media). */
export const showQuickPhrases = (extensionCount: number): boolean => extensionCount < 4

/** Tools on one page of the tools menu (two rows of four). */
export const TOOLS_PER_PAGE = 8

/** The tools cut into pages of TOOLS_PER_PAGE. */
export function toolPages<T>(tools: readonly T[]): T[][] {
  const pages: T[][] = []
  for (let i = 0; i < tools.length; i += TOOLS_PER_PAGE)
    pages.push(tools.slice(i, i + TOOLS_PER_PAGE))
  return pages
}

/** The tools menu shows its page dots when it has more than two pages. */
export const showToolDots = (pageCount: number): boolean => pageCount > 2
