import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { at } from './columns'
import { users } from './account'

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    mobile: text('mobile').notNull(),
    scene: text('scene').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** Set when the code is used, superseded or killed by too many wrong tries. */
    closedAt: at('closed_at'),
    /** The client address that asked for it (the image captcha counts sends per address). */
    ip: text('ip').notNull().default(''),
  },
  (t) => [
    index('sms_codes_mobile_idx').on(t.mobile, t.createdAt),
    index('sms_codes_ip_idx').on(t.ip, t.createdAt),
  ],
)

/** An image captcha (App.Common_Tools.CreateCaptcha), asked before more SMS sends. */
export const imageCaptchas = pgTable(
  'image_captchas',
  {
    /** The random id the client sends back with the answer. */
    id: text('id').primaryKey(),
    /** sha256 of id and the lower-cased answer. */
    answerHash: text('answer_hash').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** Set by the first attempt, right or wrong: each captcha is answered once. */
    usedAt: at('used_at'),
  },
  (t) => [index('image_captchas_expires_idx').on(t.expiresAt)],
)

export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('uploads_name_key').on(t.name),
    // The daily quota (a reader's uploads of today) and the sweep of old unreferenced ones.
    index('uploads_user_recent_idx').on(t.userId, t.createdAt),
    index('uploads_created_idx').on(t.createdAt),
  ],
)

/** Operator-written pages (agreement, privacy). */
export const specialPages = pgTable('special_pages', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  updatedAt: at('updated_at').notNull(),
})

/** Server-side settings and generated secrets (e.g. the local userSig key). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})
