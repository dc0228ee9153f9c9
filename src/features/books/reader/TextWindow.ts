/**
 * The reader's window on a chapter: its blocks (see ../blocks), the range of them in the page tree,
 * the block to scroll to the top and the paragraph at the top of the screen. The window starts at
 * the saved paragraph and grows as the reader scrolls either way. No Taro: measured rectangles are
 * handed in.
 */
import { makeAutoObservable } from 'mobx'
import type { ChapterDetail } from '@/types/api/books'
import { blockIndexOf, growWindow, initialWindow, toBlocks, type TextBlock } from '../blocks'

/** A rendered block's id and its vertical edges on screen (px). */
export interface BlockRect {
  id: string
  top: number
  bottom: number
}

export class TextWindow {
  blocks: TextBlock[] = []
  range = { from: 0, to: 0 }
  /** The block the scroll view brings to the top ('' for none). */
  anchor = ''
  /** The paragraph at the top of the screen, as last measured or opened. */
  paragraph = 0
  /** Counts the openings: the page starts a fresh scroll view for each (a jump in the chapter too). */
  openings = 0
  /** A block to bring to the top once the range it is in has rendered. */
  private pendingAnchor = ''

  constructor() {
    makeAutoObservable<TextWindow, 'pendingAnchor'>(
      this,
      { pendingAnchor: false },
      { autoBind: true },
    )
  }

  get shown(): TextBlock[] {
    return this.blocks.slice(this.range.from, this.range.to)
  }

  get atEnd(): boolean {
    return this.range.to >= this.blocks.length
  }

  /** A new chapter, its window starting at paragraph `at`. */
  open(chapter: ChapterDetail, at: number): void {
    const blocks = toBlocks(chapter.paragraphs)
    const start = blockIndexOf(blocks, at)
    const opening = initialWindow(blocks, start)
    this.blocks = blocks
    this.range = opening
    this.anchor = ''
    // Near the end the window starts earlier: the saved paragraph still goes to the top.
    this.pendingAnchor = opening.from < start ? blocks[start].id : ''
    this.paragraph = at
    this.openings += 1
  }

  growEnd(): void {
    if (this.range.to < this.blocks.length) this.range = growWindow(this.blocks, this.range, 'end')
  }

  /** More text above; the block that was first stays at the top. */
  growStart(): void {
    if (this.range.from === 0) return
    this.pendingAnchor = this.blocks[this.range.from].id
    this.anchor = ''
    this.range = growWindow(this.blocks, this.range, 'start')
  }

  /** The pending anchor, once: to be set (by `setAnchor`) after its range has rendered. */
  takePendingAnchor(): string {
    const id = this.pendingAnchor
    this.pendingAnchor = ''
    return id
  }

  setAnchor(id: string): void {
    this.anchor = id
  }

  /** The first block of the paragraph at the top ('' when none is open). */
  get topBlockId(): string {
    return this.blocks[blockIndexOf(this.blocks, this.paragraph)]?.id ?? ''
  }

  /**
   * The rendered blocks' rectangles after scrolling settled: the paragraph at the top of the screen
   * (below `topInset`), or the last one once the chapter's end is on screen (so a finished chapter
   * counts as read). Answers the paragraph when it moved, else null.
   */
  measured(rects: BlockRect[], topInset: number, viewHeight: number): number | null {
    const lastBlock = this.blocks[this.blocks.length - 1]
    const last = rects[rects.length - 1]
    const endShown = last !== undefined && last.id === lastBlock?.id && last.bottom <= viewHeight
    const first = rects.find((r) => r.bottom > topInset + 8)
    const match = first ? /^b(\d+)-/.exec(first.id) : null
    const at = endShown ? lastBlock.paragraph : match ? Number(match[1]) : -1
    if (at < 0 || at === this.paragraph) return null
    this.paragraph = at
    return at
  }
}
