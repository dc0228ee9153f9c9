/**
 * Which addresses a web view may open: http(s) only (never javascript: or data:), on one of the
 * allowed hosts or their subdomains. A share link carries the address, so without the host check
 * anyone could frame their own page inside the app.
 */
export function safeWebUrl(raw: string | undefined, allowedHosts: string[]): string | null {
  if (!raw) return null
  let url: string
  try {
    url = decodeURIComponent(raw)
  } catch {
    return null
  }
  const match = /^https?:\/\/([^/?#:@\s]+)(:\d+)?([/?#][^\s]*)?$/i.exec(url)
  if (!match) return null
  const host = match[1].toLowerCase()
  return allowedHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))
    ? url
    : null
}

/** The hosts of a comma-separated list of hosts or origins. */
export function parseHosts(list: string): string[] {
  return list
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .map((item) => item.replace(/^https?:\/\//, '').replace(/[:/].*$/, ''))
    .filter((item) => item !== '')
}
