/**
 * Reading a text selection in the reader (H5: the browser's selection; weapp has none, it marks
 * a long-pressed block instead) as a place in the chapter: one paragraph and the characters
 * [start, end) of it. A selection reaching into later paragraphs keeps to its first one.
 */
import type { TextBlock } from '../blocks'

export interface MarkedRange {
  paragraph: number
  start: number
  end: number
}

/** The block a DOM node lies in, by the reader's block ids (`b<paragraph>-<part>`). */
function blockElementOf(node: Node | null): HTMLElement | null {
  let el: Node | null = node
  while (el && !(el instanceof HTMLElement && /^b\d+-\d+$/.test(el.id))) el = el.parentNode
  return el as HTMLElement | null
}

/** Characters from the start of `block` to (node, offset). */
function offsetIn(block: HTMLElement, node: Node, offset: number): number {
  const range = document.createRange()
  range.setStart(block, 0)
  range.setEnd(node, offset)
  return range.toString().length
}

/**
 * The selection as a range of one paragraph, or null when there is none in the text (collapsed,
 * outside the blocks, or only blanks).
 */
export function selectedRange(
  selection: Selection | null,
  blocksById: ReadonlyMap<string, TextBlock>,
  paragraphText: (paragraph: number) => string,
): MarkedRange | null {
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null
  const range = selection.getRangeAt(0)
  const startEl = blockElementOf(range.startContainer)
  const endEl = blockElementOf(range.endContainer)
  const first = startEl ? blocksById.get(startEl.id) : undefined
  if (!startEl || !first) return null
  const start = first.start + offsetIn(startEl, range.startContainer, range.startOffset)
  const last = endEl ? blocksById.get(endEl.id) : undefined
  const end =
    endEl && last && last.paragraph === first.paragraph
      ? last.start + offsetIn(endEl, range.endContainer, range.endOffset)
      : Number.MAX_SAFE_INTEGER
  return trimmed({ paragraph: first.paragraph, start, end }, paragraphText(first.paragraph))
}

/** The range without blanks at its ends; null when nothing is left. Pure. */
export function trimmed(range: MarkedRange, paragraphText: string): MarkedRange | null {
  let { start, end } = range
  start = Math.max(0, start)
  end = Math.min(paragraphText.length, end)
  while (start < end && /\s/.test(paragraphText[start])) start += 1
  while (end > start && /\s/.test(paragraphText[end - 1])) end -= 1
  return start < end ? { paragraph: range.paragraph, start, end } : null
}

/**
 * The sentences of a paragraph as ranges (a sentence ends after 。！？；… or a line break), for
 * choosing what to mark where there is no text selection (weapp). Pure.
 */
export function sentenceRanges(text: string): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = []
  const re = /[^。！？；!?;…\n]*(?:[。！？；!?;…]+[」』”’）)]*|\n|$)/g
  let m: RegExpExecArray | null
  while ((m = re.exec(text)) !== null) {
    if (m[0] === '') {
      re.lastIndex += 1
      if (re.lastIndex > text.length) break
      continue
    }
    const start = m.index
    const end = m.index + m[0].length
    if (text.slice(start, end).trim()) out.push({ start, end })
  }
  return out
}
