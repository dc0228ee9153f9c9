/** Every domain's declarations, by domain name (the server, the API page and the generator read them). */
import { feedApi } from './feed'

export const domains = {
  feed: feedApi,
}
