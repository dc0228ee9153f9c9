import type { QueryRoute } from '../../http/dispatcher'
import type { RestRoute } from '../../http/rest'

export const feedQueryRoutes: QueryRoute[] = []
export const feedRestRoutes: RestRoute[] = []
