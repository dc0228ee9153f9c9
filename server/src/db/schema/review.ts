import { integer, text } from 'drizzle-orm/pg-core'
import { at } from './columns'
import { users } from './account'

/** Where a reader's upload stands: only 'approved' is public; the owner sees all three. */
export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const
export type ReviewState = (typeof REVIEW_STATES)[number]

/**
 * The review columns of an uploaded item (magazine issue, newspaper edition, contributed document;
 * later videos): state, the operator's reason when it did not pass, who decided and when.
 */
export const reviewColumns = () => ({
  reviewState: text('review_state', { enum: REVIEW_STATES }).notNull().default('pending'),
  reviewReason: text('review_reason').notNull().default(''),
  reviewedAt: at('reviewed_at'),
  reviewedBy: integer('reviewed_by').references(() => users.id),
})
