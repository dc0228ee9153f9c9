import { useDidHide, useDidShow, useUnload } from '@tarojs/taro'
import { useCallback, useEffect, useRef } from 'react'
import { Limits } from '@rules/limits'
import { ReadingTimer } from '@/features/books/public'
import { reportDuration, type ReadingTarget } from './api'

/** Whether `target` names something to credit (an id of 0 or less names nothing yet). */
function idOf(target: ReadingTarget): number {
  if ('booksId' in target) return target.booksId
  if ('magazineId' in target) return target.magazineId
  return target.newspaperId
}

/**
 * Records reading time for `target` — a book, a magazine or a newspaper — (createBooksDuration)
 * while the page is visible and the reader active: every minute, and whatever is left when the page
 * hides or closes. Answers `touch`, to be called on every scroll, tap or page turn. A guest's time
 * is not recorded; neither is time before the target is known (an id of 0).
 */
export function useReadingClock(target: ReadingTarget, loggedIn: boolean): () => void {
  const timer = useRef(new ReadingTimer(Limits.readerIdleMs))
  const current = useRef({ target, loggedIn })
  current.current = { target, loggedIn }

  const flush = useCallback(() => {
    const seconds = timer.current.take(Date.now())
    const { target: what, loggedIn: canReport } = current.current
    if (seconds <= 0 || !canReport || !(idOf(what) > 0)) return
    reportDuration(what, seconds).catch(() => timer.current.giveBack(seconds))
  }, [])

  useEffect(() => {
    timer.current.setVisible(true, Date.now())
    const interval = setInterval(flush, Limits.durationReportIntervalMs)
    return () => clearInterval(interval)
  }, [flush])

  useDidShow(() => timer.current.setVisible(true, Date.now()))
  useDidHide(() => {
    flush()
    timer.current.setVisible(false, Date.now())
  })
  useUnload(() => {
    flush()
    timer.current.setVisible(false, Date.now())
  })

  return useCallback(() => timer.current.activity(Date.now()), [])
}
