/**
 * The search terms' input rules (the book list's keyword and the full-text search), shared by the
 * app (checked before sending) and the server; the contract re-exports them.
 */

/** A search term is at most this many characters (code points) after trimming. */
export const SEARCH_KEYWORD_MAX_CHARS = 50
export const SEARCH_KEYWORD_MISSING = '请输入搜索词'
export const SEARCH_KEYWORD_TOO_LONG = `搜索词不能超过${SEARCH_KEYWORD_MAX_CHARS}字`

/** What is wrong with a search term as typed, or null when it may be searched. */
export function keywordError(text: string): string | null {
  const word = text.trim()
  if (!word) return SEARCH_KEYWORD_MISSING
  return [...word].length > SEARCH_KEYWORD_MAX_CHARS ? SEARCH_KEYWORD_TOO_LONG : null
}
