import { pageUrl, Route } from '@/core/routes'

export const activityListUrl = (state?: 'past'): string => pageUrl(Route.activityList, { state })
export const activityDescUrl = (id: number): string => pageUrl(Route.activityDesc, { id })
export const activityRuleUrl = (id: number): string => pageUrl(Route.activityRule, { id })
/** An entry (作品): the page a share card opens. */
export const voteItemUrl = (id: number): string => pageUrl(Route.voteItem, { id })
export const activityPostUrl = (id: number): string => pageUrl(Route.activityPost, { id })
export const activityMineUrl = (id: number): string => pageUrl(Route.activityMine, { id })
