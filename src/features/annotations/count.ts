/**
 * My highlight and note counts for the mine tab. Its own small module: the tab is in the main
 * package and must not pull the rest of annotations in. The mini-program build gives this module a
 * copy of the annotation refs of its own (config/callCopies.ts), holding only the count's call: the
 * shared refs, with the reader's nine other calls, stay in pagesA.
 */
import { useDidShow } from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import * as annotationsCalls from '@/types/api/calls/annotations.gen'
import type { HighlightCount } from '@/types/api/annotations'
import { call } from '@/core/request'

/** Background work: a failure shows nothing. */
export const fetchHighlightCount = (): Promise<HighlightCount> =>
  call(annotationsCalls.highlightCount.rest, {}, { silent: true })

/** How many highlights I have, asked on every show; null for a guest or before the answer. */
export function useHighlightCount(loggedIn: boolean): number | null {
  const [count, setCount] = useState<number | null>(null)
  const latest = useRef(0)
  const signedIn = useRef(loggedIn)
  signedIn.current = loggedIn

  useDidShow(() => {
    const request = ++latest.current
    if (!signedIn.current) return
    fetchHighlightCount()
      .then((res) => {
        if (request === latest.current) setCount(res.highlights)
      })
      .catch(() => undefined)
  })

  useEffect(() => {
    if (!loggedIn) {
      latest.current += 1
      setCount(null)
    }
  }, [loggedIn])

  return loggedIn ? count : null
}
