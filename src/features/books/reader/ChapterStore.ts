/**
 * The chapter a reader or listener has open, shared by the read and listen pages: opening the book
 * at the wanted or saved chapter with its saved place, a chapter by serial, the next or previous
 * one. One load at a time; a failed open is the page's error, a failed turn keeps the chapter (the
 * request layer has shown why, e.g. 已经是最后一章).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { paragraphAt } from '@rules/progress'
import type { ChapterDetail, OpenReadingRes } from '@/types/api/books'

/** The calls the store makes: the books api in the app, fakes in tests. */
export interface ChapterApi {
  openReading(booksId: number): Promise<OpenReadingRes>
  fetchChapter(booksId: number, serial: number): Promise<ChapterDetail>
  turnChapter(booksId: number, serial: number, direction: 'next' | 'prev'): Promise<ChapterDetail>
}

/** Which saved place a page resumes at: the reader's paragraph or listen mode's audio seconds. */
export type PlaceKind = 'paragraph' | 'audioSeconds'

/** A chapter has been shown, starting at `startAt` (a paragraph or audio seconds). */
export type ShowListener = (chapter: ChapterDetail, startAt: number) => void

export class ChapterStore {
  chapter: ChapterDetail | null = null
  error = ''
  busy = false

  private readonly listeners = new Set<ShowListener>()

  constructor(
    readonly booksId: number,
    private readonly place: PlaceKind,
    private readonly api: ChapterApi,
  ) {
    makeAutoObservable<ChapterStore, 'listeners' | 'place' | 'api'>(
      this,
      { booksId: false, listeners: false, place: false, api: false },
      { autoBind: true },
    )
  }

  /** Calls `listener` with every chapter shown (the page's window, title, saved place). */
  onShow(listener: ShowListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * Opens the book at `wantedSerial` (0: where the reader was), at `wantedAt` in it (a search hit,
   * a bookmark) or else at the saved place.
   */
  async open(wantedSerial: number, wantedAt?: number): Promise<void> {
    if (!Number.isInteger(this.booksId) || this.booksId <= 0) {
      this.error = '书籍不存在'
      return
    }
    this.error = ''
    try {
      const opened = await this.api.openReading(this.booksId)
      const serial = wantedSerial || opened.chapter.serial
      const chapter =
        serial === opened.chapter.serial
          ? opened.chapter
          : await this.api.fetchChapter(this.booksId, serial)
      const saved = opened.progress
      if (wantedSerial && wantedAt !== undefined)
        this.show(chapter, Math.max(0, Math.min(wantedAt, chapter.paragraphs.length - 1)))
      else this.show(chapter, saved?.serial === serial ? saved[this.place] : 0)
    } catch (err) {
      runInAction(() => {
        this.error = err instanceof Error && err.message ? err.message : '加载失败'
      })
    }
  }

  /** The next or previous chapter, from its start; false when it did not change. */
  turn(direction: 'prev' | 'next'): Promise<boolean> {
    const shown = this.chapter
    if (!shown) return Promise.resolve(false)
    return this.load(() => this.api.turnChapter(this.booksId, shown.serial, direction))
  }

  /**
   * The chapter `serial` at a paragraph (the catalogue: its start; a bookmark or a note: theirs)
   * or `{ within }` a share of the way in (the progress slider); false when it did not change.
   */
  goTo(serial: number, at: number | { within: number } = 0): Promise<boolean> {
    const current = this.chapter
    const task =
      current?.serial === serial
        ? () => Promise.resolve(current)
        : () => this.api.fetchChapter(this.booksId, serial)
    return this.load(task, (chapter) =>
      typeof at === 'number' ? at : paragraphAt(at.within, chapter.paragraphs.length),
    )
  }

  private async load(
    task: () => Promise<ChapterDetail>,
    startOf: (chapter: ChapterDetail) => number = () => 0,
  ): Promise<boolean> {
    if (this.busy) return false
    this.busy = true
    try {
      const chapter = await task()
      this.show(chapter, startOf(chapter))
      return true
    } catch {
      return false
    } finally {
      runInAction(() => {
        this.busy = false
      })
    }
  }

  private show(chapter: ChapterDetail, startAt: number): void {
    this.chapter = chapter
    for (const listener of this.listeners) listener(chapter, startAt)
  }
}
