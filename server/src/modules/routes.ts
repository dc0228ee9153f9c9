/** Every domain's served calls (one `serve(api, handlers)` per domain). */
import type { ServedCalls } from '../http/serve'
import { accountRoutes } from './account/routes'
import { activitiesRoutes } from './activities/routes'
import { agentRoutes } from './agent/routes'
import { annotationsRoutes } from './annotations/routes'
import { booksRoutes } from './books/routes'
import { chatRoutes } from './chat/routes'
import { commonRoutes } from './common/routes'
import { documentsRoutes } from './documents/routes'
import { feedRoutes } from './feed/routes'
import { friendsRoutes } from './friends/routes'
import { giftsRoutes } from './gifts/routes'
import { groupsRoutes } from './groups/routes'
import { magazinesRoutes } from './magazines/routes'
import { newspapersRoutes } from './newspapers/routes'
import { reviewRoutes } from './review/routes'
import { searchRoutes } from './search/routes'
import { shopRoutes } from './shop/routes'
import { socialRoutes } from './social/routes'
import { statsRoutes } from './stats/routes'
import { videoRoutes } from './video/routes'

export const servedDomains: ServedCalls[] = [
  accountRoutes,
  feedRoutes,
  booksRoutes,
  statsRoutes,
  socialRoutes,
  commonRoutes,
  chatRoutes,
  friendsRoutes,
  groupsRoutes,
  annotationsRoutes,
  searchRoutes,
  documentsRoutes,
  reviewRoutes,
  magazinesRoutes,
  newspapersRoutes,
  videoRoutes,
  activitiesRoutes,
  shopRoutes,
  giftsRoutes,
  agentRoutes,
]
