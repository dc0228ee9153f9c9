/**
 * A render block's text cut at the highlights over it. The reader cuts long paragraphs into blocks
 * (features/books/blocks.ts: a block starts at `start` characters into its paragraph); highlights
 * are ranges [start, end) of the whole paragraph, so each block paints only its own part of them.
 * Where highlights overlap, the one written last (updatedAt, then id) is painted. Pure.
 */
import type { HighlightColour } from '@rules/annotations'

export interface HighlightSegment {
  text: string
  /** The highlight painted over this text; absent for plain text. */
  highlightId?: number
  colour?: HighlightColour
  /** The highlight has a note and ends with this segment (where the reader marks the note). */
  noted?: boolean
}

/** What a highlight needs to be painted (the API's Highlight has all of it). */
export interface PaintedHighlight {
  id: number
  start: number
  end: number
  colour: HighlightColour
  note?: string
  /** Unix seconds; the later of two overlapping highlights wins. */
  updatedAt?: number
}

const later = (a: PaintedHighlight, b: PaintedHighlight): boolean =>
  (a.updatedAt ?? 0) > (b.updatedAt ?? 0) ||
  ((a.updatedAt ?? 0) === (b.updatedAt ?? 0) && a.id > b.id)

/**
 * The segments of `paragraph.slice(block.start, block.end)`, in order, with neighbours of the same
 * highlight (or of none) joined. `highlights` are those of this paragraph; others' ranges outside
 * the block are ignored. The block range is clipped to the paragraph.
 */
export function highlightSegments(
  paragraph: string,
  block: { start: number; end: number },
  highlights: readonly PaintedHighlight[],
): HighlightSegment[] {
  const from = Math.max(0, Math.min(block.start, paragraph.length))
  const to = Math.max(from, Math.min(block.end, paragraph.length))
  if (from === to) return []
  const over = highlights.filter((h) => h.start < to && h.end > from && h.start < h.end)
  if (over.length === 0) return [{ text: paragraph.slice(from, to) }]

  // Every place where what is painted may change.
  const cuts = new Set<number>([from, to])
  for (const h of over) {
    if (h.start > from) cuts.add(h.start)
    if (h.end < to) cuts.add(h.end)
  }
  const points = [...cuts].sort((a, b) => a - b)

  const out: HighlightSegment[] = []
  let open: { at: number; owner: PaintedHighlight | undefined } | null = null
  const close = (end: number) => {
    if (!open || end <= open.at) return
    const { at, owner } = open
    const text = paragraph.slice(at, end)
    if (!owner) out.push({ text })
    else {
      const segment: HighlightSegment = { text, highlightId: owner.id, colour: owner.colour }
      if (owner.note && owner.end === end) segment.noted = true
      out.push(segment)
    }
  }
  for (let i = 0; i < points.length - 1; i++) {
    const at = points[i]
    let owner: PaintedHighlight | undefined
    for (const h of over) {
      if (h.start <= at && h.end > at && (!owner || later(h, owner))) owner = h
    }
    if (open && open.owner === owner) continue
    close(at)
    open = { at, owner }
  }
  close(to)
  return out
}
