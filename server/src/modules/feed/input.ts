/** Messages and sizes of the feed calls (declared with the contract in types/api/feed.ts). */
export {
  COMMENT_NOT_FOUND,
  IMAGE_INVALID,
  POST_NOT_FOUND,
  RAW_TEXT_MAX,
  USER_NOT_FOUND,
} from '@api/feed'
export type { Paging } from '../../http/paging'

export const FEED_PAGE_SIZE = 10
