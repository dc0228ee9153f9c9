/**
 * Where the reader is in an article, from the rectangles of its paragraphs on screen. Pure: the
 * rectangles are measured by the page (Taro.createSelectorQuery) and handed in.
 */

/** A rendered paragraph's id (`pp-<index>`) and its vertical edges on screen (px). */
export interface ParagraphRect {
  id: string
  top: number
  bottom: number
}

export const paragraphId = (index: number): string => `pp-${index}`

const indexOf = (id: string): number => {
  const match = /^pp-(\d+)$/.exec(id)
  return match ? Number(match[1]) : -1
}

/**
 * The paragraph at the top of the view: the first whose bottom is below the top bar (`topInset`,
 * with a little slack); the last one when all are above it; 0 when nothing is measured (an article
 * without text).
 */
export function paragraphAtTop(rects: readonly ParagraphRect[], topInset: number): number {
  const paragraphs = rects.filter((r) => indexOf(r.id) >= 0)
  if (paragraphs.length === 0) return 0
  const first = paragraphs.find((r) => r.bottom > topInset + 8)
  return indexOf((first ?? paragraphs[paragraphs.length - 1]).id)
}

/** A saved paragraph within an article of `count` paragraphs (a stale place: its last one). */
export const clampParagraph = (paragraph: number, count: number): number =>
  count <= 0 ? 0 : Math.min(Math.max(0, Math.floor(paragraph)), count - 1)

/** The scroll view's anchor for a saved paragraph: none for the top of the article. */
export const anchorFor = (paragraph: number, count: number): string => {
  const at = clampParagraph(paragraph, count)
  return at > 0 ? paragraphId(at) : ''
}
