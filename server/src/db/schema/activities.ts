import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { at } from './columns'
import { users } from './account'

/**
 * A voting activity (活动), made by an operator. The windows: applying [applyStart, applyEnd),
 * voting [voteStart, voteEnd), ordered applyStart ≤ voteStart and applyEnd ≤ voteEnd (checked by
 * saveActivity). A reader has `votesPerDay` votes per China day in it; an entry at most
 * `entryImageMax` images.
 */
export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** An image URL (an operator's upload, or a seed asset), or ''. */
    cover: text('cover').notNull().default(''),
    summary: text('summary').notNull().default(''),
    /** Plain text, paragraphs split by new lines. */
    description: text('description').notNull().default(''),
    /** Plain text. */
    rules: text('rules').notNull().default(''),
    applyStart: at('apply_start').notNull(),
    applyEnd: at('apply_end').notNull(),
    voteStart: at('vote_start').notNull(),
    voteEnd: at('vote_end').notNull(),
    votesPerDay: integer('votes_per_day').notNull(),
    entryImageMax: integer('entry_image_max').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('activities_vote_end_idx').on(t.voteEnd, t.id),
    check('activities_votes_per_day_check', sql`${t.votesPerDay} between 1 and 50`),
    check('activities_entry_image_max_check', sql`${t.entryImageMax} between 0 and 9`),
    check(
      'activities_windows_check',
      sql`${t.applyStart} < ${t.applyEnd} and ${t.voteStart} < ${t.voteEnd} and ${t.applyStart} <= ${t.voteStart} and ${t.applyEnd} <= ${t.voteEnd}`,
    ),
  ],
)

/** An entry (作品, the spec's VoteItem): one per reader and activity. Counters kept in the row. */
export const activityEntries = pgTable(
  'activity_entries',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    /** URL paths of the author's uploaded images, in order. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    votes: integer('votes').notNull().default(0),
    shares: integer('shares').notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('activity_entries_activity_user_key').on(t.activityId, t.userId),
    index('activity_entries_votes_idx').on(t.activityId, t.votes, t.createdAt, t.id),
    index('activity_entries_new_idx').on(t.activityId, t.createdAt, t.id),
    index('activity_entries_user_idx').on(t.userId),
    check('activity_entries_votes_check', sql`${t.votes} >= 0`),
  ],
)

/** A vote: one per reader, entry and China day ('YYYY-MM-DD'). */
export const activityVotes = pgTable(
  'activity_votes',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => activityEntries.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    day: text('day').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('activity_votes_entry_user_day_key').on(t.entryId, t.userId, t.day),
    // A reader's votes of a day in an activity (the daily limit).
    index('activity_votes_user_day_idx').on(t.activityId, t.userId, t.day),
  ],
)

/** A participant's sign-in (签到): one per reader, activity and China day. */
export const activitySigns = pgTable(
  'activity_signs',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    day: text('day').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId, t.day] })],
)

/**
 * When a viewer last counted a share of an entry (once per viewer per entry per hour). `viewer` as
 * video's marks: 'u:<userId>' for a reader, 'd:<hash>' for a guest (http/viewerKey).
 */
export const activityShareMarks = pgTable(
  'activity_share_marks',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => activityEntries.id, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
    at: at('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.viewer] })],
)
