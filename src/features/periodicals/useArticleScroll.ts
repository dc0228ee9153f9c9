import Taro from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { statusBarHeight } from '@/core/platform'
import { anchorFor, paragraphAtTop, type ParagraphRect } from './place'

const MEASURE_DELAY_MS = 250
const ANCHOR_DELAY_MS = 30

/**
 * The article view's scrolling: bringing a saved paragraph to the top once the article has
 * rendered (`goTo`), and, once scrolling settles, measuring which paragraph is at the top
 * (`onMeasured`, the place to save).
 */
export function useArticleScroll(onMeasured: (paragraph: number) => void) {
  const topInset = useRef(statusBarHeight()).current
  const [anchor, setAnchor] = useState('')
  const measureTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const anchorTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const measured = useRef(onMeasured)
  measured.current = onMeasured

  const stop = () => {
    if (measureTimer.current) clearTimeout(measureTimer.current)
    if (anchorTimer.current) clearTimeout(anchorTimer.current)
  }
  useEffect(() => stop, [])

  /** A newly shown article of `count` paragraphs, at `paragraph` (0: its top). */
  const goTo = useCallback((paragraph: number, count: number) => {
    stop()
    setAnchor('')
    const id = anchorFor(paragraph, count)
    // Set after the paragraphs are in the page (the same id twice would not scroll).
    if (id) anchorTimer.current = setTimeout(() => setAnchor(id), ANCHOR_DELAY_MS)
  }, [])

  const onScroll = useCallback(() => {
    if (measureTimer.current) clearTimeout(measureTimer.current)
    measureTimer.current = setTimeout(() => {
      Taro.createSelectorQuery()
        .selectAll('.article-view__para')
        .fields({ id: true, rect: true })
        .exec((res: Array<ParagraphRect[] | null>) => {
          measured.current(paragraphAtTop(res[0] ?? [], topInset))
        })
    }, MEASURE_DELAY_MS)
  }, [topInset])

  return { topInset, anchor, goTo, onScroll }
}
