/** Every domain's declarations, by domain name (the server, the API page and the generator read them). */
import { accountApi } from './account'
import { agentApi } from './agent'
import { activitiesApi } from './activities'
import { annotationsApi } from './annotations'
import { booksApi } from './books'
import { chatApi } from './chat'
import { commonApi } from './common'
import { documentsApi } from './documents'
import { feedApi } from './feed'
import { friendsApi } from './friends'
import { giftsApi } from './gifts'
import { groupsApi } from './groups'
import { reviewApi } from './review'
import { magazinesApi } from './magazines'
import { newspapersApi } from './newspapers'
import { searchApi } from './search'
import { shopApi } from './shop'
import { socialApi } from './social'
import { statsApi } from './stats'
import { videoApi } from './video'

export const domains = {
  account: accountApi,
  feed: feedApi,
  social: socialApi,
  common: commonApi,
  books: booksApi,
  stats: statsApi,
  chat: chatApi,
  groups: groupsApi,
  friends: friendsApi,
  annotations: annotationsApi,
  search: searchApi,
  documents: documentsApi,
  review: reviewApi,
  magazines: magazinesApi,
  newspapers: newspapersApi,
  video: videoApi,
  activities: activitiesApi,
  shop: shopApi,
  gifts: giftsApi,
  agent: agentApi,
}
