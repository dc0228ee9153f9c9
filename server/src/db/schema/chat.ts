import {
  boolean,
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
 * A chat conversation. A C2C conversation is one row per unordered pair of readers, keyed
 * `c2c:<smaller id>:<larger id>`. `last_seq` hands out message sequences: a send increments it in
 * the transaction that inserts the message, so sequences commit in order within a conversation.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    type: text('type', { enum: ['C2C', 'GROUP'] }).notNull(),
    lastSeq: integer('last_seq').notNull().default(0),
    /** The last message's time, or the creation: the list's order. */
    lastAt: at('last_at').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('chat_conversations_key').on(t.key)],
)

/** One member's view of a conversation. */
export const chatMembers = pgTable(
  'chat_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    readSeq: integer('read_seq').notNull().default(0),
    unread: integer('unread').notNull().default(0),
    pinnedAt: at('pinned_at'),
    muted: boolean('muted').notNull().default(false),
    draft: text('draft').notNull().default(''),
    /**
     * deleteConversation: messages up to this sequence are gone for this member, and the
     * conversation is out of their list until a newer message arrives (last_seq > cleared_seq).
     */
    clearedSeq: integer('cleared_seq').notNull().default(0),
    /**
     * GROUP only: set when the member left, was removed or the group was disbanded. They keep the
     * conversation read-only and see nothing after this sequence.
     */
    leftSeq: integer('left_seq'),
    /** GROUP only: the newest message that @-mentioned this member or @所有人 (the row's @ notice). */
    atSeq: integer('at_seq').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('chat_members_user_idx').on(t.userId),
  ],
)

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id),
    seq: integer('seq').notNull(),
    /** The client's message ID, `<sender id>-<unique part>`: what makes a resend idempotent. */
    clientId: text('client_id').notNull(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    cloudCustomData: text('cloud_custom_data').notNull().default(''),
    /**
     * What a reader sent, in bytes (payload and cloud data as UTF-8 JSON), for the send limits
     * (chat/sendLimits.ts); null for what the server wrote (group tips, gift cards): not counted.
     */
    sentBytes: integer('sent_bytes'),
    /** The sender asked for read receipts (kept only while the server enables them). */
    needReadReceipt: boolean('need_read_receipt').notNull().default(false),
    /**
     * Content moderation flagged it after it was stored (the SDK's hasRiskContent): readers see a
     * placeholder instead of its payload; the sender may resend.
     */
    hasRiskContent: boolean('has_risk_content').notNull().default(false),
    createdAt: at('created_at').notNull(),
    revokedAt: at('revoked_at'),
    revokerId: integer('revoker_id').references(() => users.id),
  },
  (t) => [
    uniqueIndex('chat_messages_conversation_seq').on(t.conversationId, t.seq),
    uniqueIndex('chat_messages_client_id').on(t.clientId),
    index('chat_messages_sender_created_idx').on(t.senderId, t.createdAt),
  ],
)

/** Messages a member deleted for themselves only. */
export const chatMessageDeletions = pgTable(
  'chat_message_deletions',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] })],
)

/**
 * Read receipts: who has read which message that asked for them (chat/receipts.ts). One row per
 * message and reader, so counts are exact however many read at once.
 */
export const chatMessageReceipts = pgTable(
  'chat_message_receipts',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id),
    readerId: integer('reader_id')
      .notNull()
      .references(() => users.id),
    readAt: at('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.readerId] })],
)

/** Emoji reactions under a message (the SDK's message reactions): one row per reactor and emoji. */
export const chatMessageReactions = pgTable(
  'chat_message_reactions',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id),
    /** The emoji's key in the app's emoji set. */
    reactionId: text('reaction_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.reactionId, t.userId] })],
)

/**
 * The messages of a merged forward (TIMRelayElem), kept apart from the message that carries them
 * and fetched by its download key (downloadMergerMessage): a snapshot as the forwarder saw them,
 * nested merged messages by their own keys.
 */
export const chatMergedMessages = pgTable('chat_merged_messages', {
  /** 32 random hex characters: the capability to read them. */
  downloadKey: text('download_key').primaryKey(),
  creatorId: integer('creator_id')
    .notNull()
    .references(() => users.id),
  messageList: jsonb('message_list').$type<Record<string, unknown>[]>().notNull(),
  createdAt: at('created_at').notNull(),
})

/**
 * Files uploaded for chat messages (served at /uploads/chat/<name>). Kept apart from `uploads`:
 * they are up to 100 MB, with a daily quota of their own (config.chatUploads); swept a day after
 * upload when no message refers to them (chat/fileSweep.ts).
 */
export const chatFiles = pgTable(
  'chat_files',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The stored name, `<32 hex>.<ext>`. */
    name: text('name').notNull(),
    originalName: text('original_name').notNull().default(''),
    size: integer('size').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('chat_files_name').on(t.name), index('chat_files_user_idx').on(t.userId)],
)
