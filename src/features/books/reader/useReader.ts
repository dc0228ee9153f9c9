import Taro from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import { setPageTitle, statusBarHeight, windowHeight } from '@/core/platform'
import { permyriadOf, placeAtPermyriad } from '@rules/progress'
import * as booksApi from '../api'
import { ChapterStore } from './ChapterStore'
import { TextWindow, type BlockRect } from './TextWindow'
import { useProgressSaver } from './useProgressSaver'
import { useReadingClock } from '@/features/stats/public'

/** What lies over the text: nothing, the menu bars or the catalogue. */
export type ReaderPanel = 'none' | 'menu' | 'catalogue'

const MEASURE_DELAY_MS = 250

/**
 * The reader page's state: the chapter (shared with listen mode), its text window, the place saved
 * as the reader scrolls, the reading clock and the panel over the text.
 */
export function useReader(
  booksId: number,
  wanted: { serial: number; paragraph?: number },
  loggedIn: boolean,
) {
  const wantedSerial = wanted.serial
  const wantedAt = wanted.paragraph
  const touch = useReadingClock({ booksId }, loggedIn)
  const savePlace = useProgressSaver(loggedIn)
  const [chapters] = useState(() => new ChapterStore(booksId, 'paragraph', booksApi))
  const [text] = useState(() => new TextWindow())
  const [panel, setPanel] = useState<ReaderPanel>('none')
  const measureTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const topInset = useRef(statusBarHeight()).current
  const viewHeight = useRef(windowHeight()).current

  const stopMeasuring = () => {
    if (measureTimer.current) clearTimeout(measureTimer.current)
  }

  useEffect(() => {
    const stopListening = chapters.onShow((chapter, at) => {
      stopMeasuring()
      text.open(chapter, at)
      savePlace({ booksId: chapters.booksId, serial: chapter.serial, paragraph: at })
      setPageTitle(chapter.title)
    })
    void chapters.open(wantedSerial, wantedAt)
    return () => {
      stopListening()
      stopMeasuring()
    }
  }, [chapters, text, wantedSerial, wantedAt, savePlace])

  // Logging in on the reader (加入书架, or a mark) puts the book on the bookcase at once.
  useEffect(() => {
    const chapter = chapters.chapter
    if (loggedIn && chapter)
      savePlace(
        { booksId: chapters.booksId, serial: chapter.serial, paragraph: text.paragraph },
        true,
      )
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the session
  }, [loggedIn])

  // The anchor is set after the blocks it names are in the page, and set anew each time (the same
  // id twice would not scroll).
  const range = text.range
  useEffect(() => {
    const id = text.takePendingAnchor()
    if (!id) return
    const timer = setTimeout(() => text.setAnchor(id), 30)
    return () => clearTimeout(timer)
  }, [text, range])

  /** Reads which paragraph is at the top once scrolling settles, and saves it when it moved. */
  const measure = () => {
    stopMeasuring()
    measureTimer.current = setTimeout(() => {
      const chapter = chapters.chapter
      if (!chapter) return
      Taro.createSelectorQuery()
        .selectAll('.reader__block')
        .fields({ id: true, rect: true })
        .exec((res: Array<BlockRect[] | null>) => {
          if (chapters.chapter !== chapter) return
          const at = text.measured(res[0] ?? [], topInset, viewHeight)
          if (at !== null)
            savePlace({ booksId: chapters.booksId, serial: chapter.serial, paragraph: at })
        })
    }, MEASURE_DELAY_MS)
  }

  const after = (changed: Promise<boolean>) =>
    void changed.then((ok) => {
      if (ok) setPanel('none')
    })

  return {
    chapters,
    text,
    /** How far through the book the top of the screen is (0..10000). */
    get permyriad(): number {
      const chapter = chapters.chapter
      if (!chapter) return 0
      return permyriadOf(
        chapter.serial,
        text.paragraph,
        chapter.paragraphs.length,
        chapter.chapterCount,
      )
    },
    panel,
    setPanel,
    topInset,
    touch,
    onScroll() {
      touch()
      measure()
    },
    /** A tap on the text shows or hides the menu. */
    onTap() {
      touch()
      setPanel((p) => (p === 'menu' ? 'none' : 'menu'))
    },
    turn(direction: 'prev' | 'next') {
      if (chapters.busy) return
      touch()
      after(chapters.turn(direction))
    },
    pick(serial: number) {
      if (serial === chapters.chapter?.serial) return setPanel('none')
      if (chapters.busy) return
      touch()
      after(chapters.goTo(serial))
    },
    /** A bookmark or a note: that paragraph of that chapter at the top. */
    jump(serial: number, paragraph: number) {
      if (chapters.busy) return
      touch()
      after(chapters.goTo(serial, paragraph))
    },
    /** The progress slider let go at `permyriad` of the book: the menu stays open. */
    seek(permyriad: number) {
      const chapter = chapters.chapter
      if (!chapter || chapters.busy) return
      touch()
      const place = placeAtPermyriad(permyriad, chapter.chapterCount)
      void chapters.goTo(place.serial, { within: place.within })
    },
    /**
     * Brings the paragraph at the top back to the top after the text re-flowed (a new size or
     * line height moves everything below the top).
     */
    keepPlace() {
      const id = text.topBlockId
      if (!id) return
      text.setAnchor('')
      setTimeout(() => text.setAnchor(id), 30)
    },
    /** Opens the book again after a failed open. */
    retry() {
      void chapters.open(wantedSerial, wantedAt)
    },
  }
}
