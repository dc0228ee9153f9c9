import { pageUrl, Route } from '@/core/routes'

export const postUrl = (id: number): string => pageUrl(Route.reportDetail, { id })
export const threadUrl = (id: number): string => pageUrl(Route.plDetail, { id })
export const userPostsUrl = (id: number): string => pageUrl(Route.reportUser, { id })
