/** Every domain's served calls (one `serve(api, handlers)` per domain). */
import type { ServedCalls } from '../http/serve'
import { feedRoutes } from './feed/routes'

export const servedDomains: ServedCalls[] = [feedRoutes]
