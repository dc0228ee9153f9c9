const TAB_ROUTES = [
  '/pages/index/index',
  '/pages/friend/index',
  '/pages/report/index',
  '/pages/mine/index',
]

export interface LinkTarget {
  url: string
  /** A tab page: opened with switchTab (navigateTo refuses tab pages). */
  tab: boolean
}

/** Where a poster or entry leads: an app route, or a web page in the activity web view. Pure. */
export function posterTarget(link: string): LinkTarget | null {
  const value = link.trim()
  if (!value) return null
  if (/^\/(pages|pagesA|pagesB)\/[\w/]+(\?[\w=&%.-]*)?$/.test(value)) {
    const path = value.split('?')[0]
    return TAB_ROUTES.includes(path) ? { url: path, tab: true } : { url: value, tab: false }
  }
  if (/^https:\/\//.test(value)) {
    return { url: `/pages/webview/activity?url=${encodeURIComponent(value)}`, tab: false }
  }
  return null
}

export const detailUrl = (id: number): string => `/pagesA/read/detail?id=${id}`
export const readUrl = (id: number, serial?: number): string =>
  serial ? `/pagesA/read/read?id=${id}&serial=${serial}` : `/pagesA/read/read?id=${id}`
export const listenUrl = (id: number, serial?: number): string =>
  serial ? `/pagesA/read/listen?id=${id}&serial=${serial}` : `/pagesA/read/listen?id=${id}`
