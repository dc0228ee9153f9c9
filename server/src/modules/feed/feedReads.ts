/**
 * What the feed keeps between requests. Totals (count(*) over the live posts, the costly half of a
 * page) per list and caller, and the pages guests see (all guests see the same ones). A post, like,
 * comment or deletion made through this server drops both at once; anything else (a block, a new
 * nickname, a deleted account, another server's write) shows within their time to live. The pages
 * a signed-in reader sees are always read fresh (they carry the reader's likes).
 */
import type { Page } from '@api/envelope'
import type { Post } from '@api/feed'
import { keptPerDb } from '../../keptReads'

export const feedTotals = keptPerDb<number>(2_000)
export const guestFeedPages = keptPerDb<Page<Post>>(1_000)

/** Drops what the feed keeps for this database (after a write to posts, likes or comments). */
export function feedChanged(db: object): void {
  feedTotals(db).changed()
  guestFeedPages(db).changed()
}
