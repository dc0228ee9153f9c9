/**
 * The arithmetic of the PDF reader's column of pages (H5): how tall each page's box is, where it
 * stands, which page is being read, and which pages to draw or let go as the reader scrolls. Pure:
 * the reader (PdfPages.h5.tsx) measures and draws; this decides.
 */

/** A page's size at scale 1 (PDF points). */
export interface PageSize {
  width: number
  height: number
}

export interface Layout {
  /** Each page's top, in CSS px from the top of the column. */
  tops: number[]
  /** Each page's height, in CSS px. */
  heights: number[]
  /** The column's height. */
  total: number
}

/** The space between two pages, in CSS px. */
export const PAGE_GAP = 8

/**
 * The column of `count` pages at `width` CSS px: a page whose size is not known yet takes the size
 * of `fallback` (page 1's, read first).
 */
export function layoutPages(
  count: number,
  sizes: ReadonlyArray<PageSize | undefined>,
  fallback: PageSize,
  width: number,
  gap = PAGE_GAP,
): Layout {
  const tops: number[] = []
  const heights: number[] = []
  let y = 0
  for (let i = 0; i < count; i += 1) {
    const size = sizes[i] ?? fallback
    const height = size.width > 0 ? Math.round((width * size.height) / size.width) : width
    tops.push(y)
    heights.push(height)
    y += height + (i < count - 1 ? gap : 0)
  }
  return { tops, heights, total: y }
}

/** The 0-based index of the page whose box (with the gap after it) holds `y`; clamped to the column. */
export function pageIndexAt(layout: Layout, y: number): number {
  const { tops } = layout
  if (tops.length === 0) return 0
  let lo = 0
  let hi = tops.length - 1
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (tops[mid] <= y) lo = mid
    else hi = mid - 1
  }
  return lo
}

/**
 * The page being read (1-based), for 第 n / N 页: the one at a third of the way down the screen, or
 * the last one once the column's end is on screen.
 */
export function currentPage(layout: Layout, scrollTop: number, viewportHeight: number): number {
  const count = layout.tops.length
  if (count === 0) return 0
  if (scrollTop + viewportHeight >= layout.total - 1 && scrollTop > 0) return count
  return pageIndexAt(layout, scrollTop + viewportHeight / 3) + 1
}

export interface RenderPlan {
  /** Pages to draw, nearest to the one being read first. */
  render: number[]
  /** Drawn pages to let go (their canvases' memory), farthest first. */
  free: number[]
}

/**
 * What to do when the pages near the screen change: draw those near and not drawn yet (nearest to
 * the current page first), and let go of drawn pages that are not near and more than `keep` pages
 * away from the current one (a few stay drawn around it, so scrolling back shows them at once).
 */
export function planRender(
  near: Iterable<number>,
  drawn: Iterable<number>,
  current: number,
  keep: number,
): RenderPlan {
  const nearSet = new Set(near)
  const drawnSet = new Set(drawn)
  const distance = (page: number) => Math.abs(page - current)
  const render = [...nearSet]
    .filter((page) => !drawnSet.has(page))
    .sort((a, b) => distance(a) - distance(b) || a - b)
  const free = [...drawnSet]
    .filter((page) => !nearSet.has(page) && distance(page) > keep)
    .sort((a, b) => distance(b) - distance(a) || a - b)
  return { render, free }
}

/**
 * The scale a page is drawn at: its box's width in device pixels over its width in points, lowered
 * so the canvas holds at most `maxPixels` pixels (phones refuse or blank larger canvases).
 */
export function drawScale(
  size: PageSize,
  cssWidth: number,
  pixelRatio: number,
  maxPixels = 4096 * 4096,
): number {
  if (size.width <= 0 || size.height <= 0) return 1
  const ratio = Math.max(1, Math.min(pixelRatio || 1, 3))
  const scale = (cssWidth * ratio) / size.width
  const pixels = size.width * size.height * scale * scale
  return pixels > maxPixels ? scale * Math.sqrt(maxPixels / pixels) : scale
}
