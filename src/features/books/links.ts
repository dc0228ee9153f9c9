/** Where a poster or entry leads: an app route, or a web page in the activity web view. Pure. */
export function posterTarget(link: string): string | null {
  const value = link.trim()
  if (!value) return null
  if (/^\/(pages|pagesA|pagesB)\/[\w/]+(\?[\w=&%.-]*)?$/.test(value)) return value
  if (/^https:\/\//.test(value)) return `/pages/webview/activity?url=${encodeURIComponent(value)}`
  return null
}

export const detailUrl = (id: number): string => `/pagesA/read/detail?id=${id}`
export const readUrl = (id: number, serial?: number): string =>
  serial ? `/pagesA/read/read?id=${id}&serial=${serial}` : `/pagesA/read/read?id=${id}`
export const listenUrl = (id: number, serial?: number): string =>
  serial ? `/pagesA/read/listen?id=${id}&serial=${serial}` : `/pagesA/read/listen?id=${id}`
