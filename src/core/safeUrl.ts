/** Only http(s) addresses may be opened in a web view; anything else (javascript:, data:) is refused. */
export function safeWebUrl(raw: string | undefined): string | null {
  if (!raw) return null
  let url = raw
  try {
    url = decodeURIComponent(raw)
  } catch {
    return null
  }
  return /^https?:\/\/[^\s]+$/i.test(url) ? url : null
}
