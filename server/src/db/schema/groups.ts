import { sql } from 'drizzle-orm'
import {
  boolean,
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
import { chatConversations } from './chat'

/**
 * A reading group. Its chat is the GROUP conversation `GROUP<id>` (chat_conversations key
 * `group:<id>`); with the Tencent adapter the Tencent group has the same id.
 */
export const readingGroups = pgTable(
  'reading_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    avatar: text('avatar').notNull().default(''),
    introduction: text('introduction').notNull().default(''),
    announcement: text('announcement').notNull().default(''),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    /** free: anyone joins; approval: an application an owner or admin handles; closed: nobody. */
    joinMode: text('join_mode', { enum: ['free', 'approval', 'closed'] })
      .notNull()
      .default('approval'),
    muteAll: boolean('mute_all').notNull().default(false),
    memberCount: integer('member_count').notNull().default(0),
    conversationId: integer('conversation_id').references(() => chatConversations.id),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    disbandedAt: at('disbanded_at'),
  },
  (t) => [index('reading_groups_name_idx').on(t.name)],
)

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => readingGroups.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: ['owner', 'admin', 'member'] })
      .notNull()
      .default('member'),
    /** Muted while later than now. */
    muteUntil: at('mute_until'),
    joinedAt: at('joined_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('group_members_user_idx').on(t.userId),
    index('group_members_order_idx').on(t.groupId, t.joinedAt),
  ],
)

/** An application to join an approval group; one waiting per (group, reader). */
export const groupApplications = pgTable(
  'group_applications',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => readingGroups.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull().default(''),
    state: text('state', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    handledBy: integer('handled_by').references(() => users.id),
    createdAt: at('created_at').notNull(),
    handledAt: at('handled_at'),
  },
  (t) => [
    uniqueIndex('group_applications_waiting')
      .on(t.groupId, t.userId)
      .where(sql`state = 'pending'`),
    index('group_applications_group_idx').on(t.groupId, t.state),
  ],
)
