import type { QueryRoute } from '../../http/dispatcher'
import type { RestRoute } from '../../http/rest'

export const socialQueryRoutes: QueryRoute[] = []
export const socialRestRoutes: RestRoute[] = []
