import type { QueryRoute } from '../../http/dispatcher'
import type { RestRoute } from '../../http/rest'

export const statsQueryRoutes: QueryRoute[] = []
export const statsRestRoutes: RestRoute[] = []
