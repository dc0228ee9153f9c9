import type { QueryRoute } from '../../http/dispatcher'
import type { RestRoute } from '../../http/rest'

export const booksQueryRoutes: QueryRoute[] = []
export const booksRestRoutes: RestRoute[] = []
