import { pageUrl, Route } from '@/core/routes'

const TAB_ROUTES: readonly string[] = [Route.home, Route.friend, Route.report, Route.mine]

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
    return { url: pageUrl(Route.activity, { url: value }), tab: false }
  }
  return null
}

export const detailUrl = (id: number): string => pageUrl(Route.readDetail, { id })
/** The reader at a chapter (`serial`) and, with `paragraph`, that paragraph of it at the top. */
export const readUrl = (id: number, serial?: number, paragraph?: number): string =>
  pageUrl(Route.read, {
    id,
    serial: serial || undefined,
    p: serial && paragraph !== undefined ? paragraph : undefined,
  })
export const listenUrl = (id: number, serial?: number): string =>
  pageUrl(Route.listen, { id, serial: serial || undefined })
export const addThoughtUrl = (id: number): string => pageUrl(Route.addThought, { id })
