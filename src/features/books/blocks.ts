/**
 * A chapter cut into render blocks. The reader renders a window of blocks, never the whole chapter:
 * a chapter of 100,000 characters in one paragraph still becomes blocks of at most `maxChars`.
 * Pure.
 */
export interface TextBlock {
  /** Stable id for the page tree and scroll anchoring: `b<paragraph>-<part>`. */
  id: string
  paragraph: number
  part: number
  /** Where the block's text starts in its paragraph (characters). */
  start: number
  text: string
}

export const BLOCK_MAX_CHARS = 600

/** Cuts a long paragraph after a sentence end when one is near, else at the limit. */
function cut(text: string, maxChars: number): string[] {
  const parts: string[] = []
  let rest = text
  while (rest.length > maxChars) {
    const window = rest.slice(0, maxChars)
    const stop = Math.max(
      window.lastIndexOf('。'),
      window.lastIndexOf('！'),
      window.lastIndexOf('？'),
      window.lastIndexOf('；'),
    )
    const at = stop >= maxChars / 2 ? stop + 1 : maxChars
    parts.push(rest.slice(0, at))
    rest = rest.slice(at)
  }
  if (rest.length > 0 || parts.length === 0) parts.push(rest)
  return parts
}

export function toBlocks(paragraphs: string[], maxChars = BLOCK_MAX_CHARS): TextBlock[] {
  const blocks: TextBlock[] = []
  paragraphs.forEach((paragraph, index) => {
    let start = 0
    cut(paragraph, maxChars).forEach((text, part) => {
      blocks.push({ id: `b${index}-${part}`, paragraph: index, part, start, text })
      start += text.length
    })
  })
  return blocks
}

/** The first block of `paragraph` (0 when out of range). */
export function blockIndexOf(blocks: TextBlock[], paragraph: number): number {
  const at = blocks.findIndex((b) => b.paragraph === paragraph)
  return at < 0 ? 0 : at
}

/**
 * The block range to render first: from the block of the saved paragraph, enough blocks for a few
 * screens (`chars` characters), at least one. Near the end of a chapter the window reaches back
 * instead, so there is always enough text to scroll; the reader then scrolls `start` to the top.
 */
export function initialWindow(
  blocks: TextBlock[],
  start: number,
  chars = 3000,
): { from: number; to: number } {
  const first = Math.min(Math.max(0, start), Math.max(0, blocks.length - 1))
  let to = first
  let total = 0
  while (to < blocks.length && (to === first || total < chars)) {
    total += blocks[to].text.length
    to += 1
  }
  let from = first
  while (from > 0 && total < chars) total += blocks[--from].text.length
  return { from, to }
}

/** Grows a window by about `chars` characters at its end (or start), within the chapter. */
export function growWindow(
  blocks: TextBlock[],
  range: { from: number; to: number },
  side: 'end' | 'start',
  chars = 3000,
): { from: number; to: number } {
  let { from, to } = range
  let total = 0
  if (side === 'end') {
    while (to < blocks.length && total < chars) total += blocks[to++].text.length
  } else {
    while (from > 0 && total < chars) total += blocks[--from].text.length
  }
  return { from, to }
}
