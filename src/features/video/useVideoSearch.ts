/**
 * The video search page's state: the field (`draft`), the search under way (`keyword`, '' before
 * the first) with the check's message, and the recent searches kept on this device under their
 * own key. A link's keyword (`initial`) is searched at once when it passes the check.
 */
import { useCallback, useEffect, useState } from 'react'
import { useRecentSearches } from '@/features/search/public'
import { textLength } from '@rules/validate'
import { VideoLimits, VideoText } from '@rules/video'
import { videoRecentStore } from './recent'

/** What is wrong with a keyword as typed ('' and blanks: nothing to search), or null. */
export function videoKeywordError(text: string): string | null {
  return textLength(text.trim()) > VideoLimits.keywordMaxChars ? VideoText.keywordTooLong : null
}

export function useVideoSearch(initial: string) {
  const recent = useRecentSearches(videoRecentStore)
  const addRecent = recent.add
  const [draft, setDraft] = useState(initial)
  const [keyword, setKeyword] = useState(() => (videoKeywordError(initial) ? '' : initial.trim()))
  const [error, setError] = useState(() => videoKeywordError(initial) ?? '')

  useEffect(() => {
    if (keyword) addRecent(keyword)
  }, [keyword, addRecent])

  /** Searches `text` (the field's, or a recent search tapped) after the check. */
  const run = useCallback((text: string) => {
    const problem = videoKeywordError(text)
    setError(problem ?? '')
    if (problem) return
    const word = text.trim()
    setDraft(word)
    setKeyword(word)
  }, [])

  return { draft, setDraft, keyword, error, recent, run }
}
