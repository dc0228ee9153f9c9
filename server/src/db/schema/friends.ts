import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { at } from './columns'
import { users } from './account'

/** Each reader's friend code (printed in the share QR code), handed out on first use. */
export const friendCodes = pgTable(
  'friend_codes',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    code: text('code').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('friend_codes_code').on(t.code)],
)

/**
 * A friend request. One row per (from, to): asking again while it waits (or after a refusal)
 * updates the greeting and time instead of adding a row, so duplicates merge.
 */
export const friendRequests = pgTable(
  'friend_requests',
  {
    id: serial('id').primaryKey(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id),
    greeting: text('greeting').notNull().default(''),
    state: text('state', { enum: ['pending', 'accepted', 'rejected'] })
      .notNull()
      .default('pending'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    /** When the receiver saw it in the new-friends list (the unread count). */
    readAt: at('read_at'),
  },
  (t) => [
    uniqueIndex('friend_requests_pair').on(t.fromUserId, t.toUserId),
    index('friend_requests_to_idx').on(t.toUserId, t.updatedAt),
  ],
)

/** A friendship, one row per side: each side keeps its own remark. */
export const friendships = pgTable(
  'friendships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    friendId: integer('friend_id')
      .notNull()
      .references(() => users.id),
    remark: text('remark').notNull().default(''),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] })],
)

/**
 * Readers who opted in to "nearby": a coarse position only (rounded to a grid of about 1 km when
 * stored). Opting out deletes the row.
 */
export const nearbyPositions = pgTable(
  'nearby_positions',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('nearby_positions_lat_idx').on(t.latitude)],
)
