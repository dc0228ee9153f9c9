/**
 * My bookmarks and highlights in the open book, for the reader: those of the chapter shown (to
 * paint), all of the book's bookmarks (the catalogue drawer), and the changes I make. A guest has
 * none and makes none (the page asks them to log in first). No Taro: the calls are handed in.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { HighlightColour } from '@rules/annotations'
import type {
  Bookmark,
  ChapterNotes,
  CreateHighlightReq,
  Highlight,
  UpdateHighlightReq,
} from '@/types/api/annotations'
import type { TextBlock } from '../blocks'
import type { TextSegment } from './ChapterText'
import { HIGHLIGHT_COLOUR_INFO } from '@rules/annotations'
import { highlightSegments } from '@/features/annotations/public'

/** The calls the store makes: the annotations api in the app, fakes in tests. */
export interface MarksApi {
  chapterNotes(booksId: number, serial: number): Promise<ChapterNotes>
  bookmarkList(booksId: number): Promise<Bookmark[]>
  createBookmark(req: { booksId: number; serial: number; paragraph: number }): Promise<Bookmark>
  deleteBookmark(id: number): Promise<void>
  createHighlight(req: CreateHighlightReq): Promise<Highlight>
  updateHighlight(req: UpdateHighlightReq): Promise<Highlight>
  deleteHighlight(id: number): Promise<void>
}

const byPlace = (a: Highlight, b: Highlight) => a.paragraph - b.paragraph || a.start - b.start

export class ReaderMarks {
  serial = 0
  bookmarks: Bookmark[] = []
  highlights: Highlight[] = []
  /** All of the book's bookmarks, null until the drawer asks for them. */
  bookBookmarks: Bookmark[] | null = null
  busy = false

  constructor(
    readonly booksId: number,
    private readonly api: MarksApi,
  ) {
    makeAutoObservable<ReaderMarks, 'api'>(this, { booksId: false, api: false }, { autoBind: true })
  }

  /**
   * Loads the marks of chapter `serial` (a failure leaves it unmarked: reading goes on). The same
   * chapter shown again (a jump inside it) keeps its marks on screen while they load.
   */
  async openChapter(serial: number): Promise<void> {
    if (serial !== this.serial) {
      this.bookmarks = []
      this.highlights = []
    }
    this.serial = serial
    try {
      const notes = await this.api.chapterNotes(this.booksId, serial)
      runInAction(() => {
        if (this.serial !== serial) return
        this.bookmarks = notes.bookmarks
        this.highlights = [...notes.highlights].sort(byPlace)
      })
    } catch {
      // shown by the request layer
    }
  }

  async loadBookBookmarks(): Promise<void> {
    try {
      const list = await this.api.bookmarkList(this.booksId)
      runInAction(() => {
        this.bookBookmarks = list
      })
    } catch {
      runInAction(() => {
        this.bookBookmarks = []
      })
    }
  }

  bookmarkAt(paragraph: number): Bookmark | undefined {
    return this.bookmarks.find((b) => b.paragraph === paragraph)
  }

  /** Adds a bookmark at `paragraph` of the chapter shown, or removes the one there. */
  async toggleBookmark(paragraph: number): Promise<'added' | 'removed' | null> {
    if (this.busy || !this.serial) return null
    this.busy = true
    const existing = this.bookmarkAt(paragraph)
    try {
      if (existing) {
        await this.api.deleteBookmark(existing.id)
        runInAction(() => {
          this.bookmarks = this.bookmarks.filter((b) => b.id !== existing.id)
          this.bookBookmarks = this.bookBookmarks?.filter((b) => b.id !== existing.id) ?? null
        })
        return 'removed'
      }
      const mark = await this.api.createBookmark({
        booksId: this.booksId,
        serial: this.serial,
        paragraph,
      })
      runInAction(() => {
        this.bookmarks = [...this.bookmarks.filter((b) => b.id !== mark.id), mark]
        this.bookBookmarks = null // reloaded in order when the drawer opens
      })
      return 'added'
    } catch {
      return null
    } finally {
      runInAction(() => {
        this.busy = false
      })
    }
  }

  highlight(id: number): Highlight | undefined {
    return this.highlights.find((h) => h.id === id)
  }

  async createHighlight(
    range: { paragraph: number; start: number; end: number },
    colour: HighlightColour,
    note?: string,
  ): Promise<Highlight | null> {
    return this.write(() =>
      this.api.createHighlight({
        booksId: this.booksId,
        serial: this.serial,
        ...range,
        colour,
        note: note || undefined,
      }),
    )
  }

  async updateHighlight(req: UpdateHighlightReq): Promise<Highlight | null> {
    return this.write(() => this.api.updateHighlight(req))
  }

  async deleteHighlight(id: number): Promise<boolean> {
    if (this.busy) return false
    this.busy = true
    try {
      await this.api.deleteHighlight(id)
      runInAction(() => {
        this.highlights = this.highlights.filter((h) => h.id !== id)
      })
      return true
    } catch {
      return false
    } finally {
      runInAction(() => {
        this.busy = false
      })
    }
  }

  /** A block of `paragraph` cut at the highlights over it, painted in their colours. */
  segmentsOf(block: TextBlock, paragraph: string): TextSegment[] {
    const own = this.highlights.filter((h) => h.paragraph === block.paragraph)
    if (own.length === 0) return [{ text: block.text }]
    const range = { start: block.start, end: block.start + block.text.length }
    return highlightSegments(paragraph, range, own).map((segment) => ({
      ...segment,
      colour: segment.colour && HIGHLIGHT_COLOUR_INFO[segment.colour].css,
    }))
  }

  private async write(task: () => Promise<Highlight>): Promise<Highlight | null> {
    if (this.busy) return null
    this.busy = true
    try {
      const saved = await task()
      runInAction(() => {
        if (saved.serial === this.serial)
          this.highlights = [...this.highlights.filter((h) => h.id !== saved.id), saved].sort(
            byPlace,
          )
      })
      return saved
    } catch {
      return null
    } finally {
      runInAction(() => {
        this.busy = false
      })
    }
  }
}
