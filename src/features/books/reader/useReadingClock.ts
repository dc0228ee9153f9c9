import { useDidHide, useDidShow, useUnload } from '@tarojs/taro'
import { useCallback, useEffect, useRef } from 'react'
import { Limits } from '@rules/limits'
import { reportDuration } from '@/features/stats/public'
import { ReadingTimer } from '../readingTimer'

/**
 * Records reading time for `booksId` (createBooksDuration) while the page is visible and the reader
 * active: every minute, and whatever is left when the page hides or closes. Answers `touch`, to be
 * called on every scroll, tap or page turn. A guest's time is not recorded.
 */
export function useReadingClock(booksId: number, loggedIn: boolean): () => void {
  const timer = useRef(new ReadingTimer(Limits.readerIdleMs))
  const target = useRef({ booksId, loggedIn })
  target.current = { booksId, loggedIn }

  const flush = useCallback(() => {
    const seconds = timer.current.take(Date.now())
    const { booksId: id, loggedIn: canReport } = target.current
    if (seconds <= 0 || !canReport || !id) return
    reportDuration(id, seconds).catch(() => timer.current.giveBack(seconds))
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
