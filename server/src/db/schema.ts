import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Null once the account is deleted (the number may register again). */
    mobile: text('mobile'),
    passwordHash: text('password_hash'),
    nickname: text('nickname').notNull(),
    avatar: text('avatar').notNull().default(''),
    sex: smallint('sex').notNull().default(0),
    signature: text('signature').notNull().default(''),
    realName: text('real_name').notNull().default(''),
    /** HMAC of the ID number (keyed by a server secret), unique among live accounts. */
    idCardHash: text('id_card_hash'),
    idCardLast4: text('id_card_last4').notNull().default(''),
    idVerifiedAt: at('id_verified_at'),
    imStatus: smallint('im_status').notNull().default(1),
    /** The mini-program's openid. */
    openid: text('openid'),
    /** The official account's openid (WeChat login on H5). */
    mpOpenid: text('mp_openid'),
    /** WeChat's id of the person across the open platform: links both openids to one account. */
    unionid: text('unionid'),
    spidUserId: integer('spid_user_id'),
    failedLogins: smallint('failed_logins').notNull().default(0),
    lockedUntil: at('locked_until'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    uniqueIndex('users_mobile_key').on(t.mobile),
    uniqueIndex('users_openid_key').on(t.openid),
    uniqueIndex('users_mp_openid_key').on(t.mpOpenid),
    uniqueIndex('users_unionid_key').on(t.unionid),
    uniqueIndex('users_id_card_hash_key').on(t.idCardHash),
    index('users_spid_idx').on(t.spidUserId),
  ],
)

/** One access/refresh pair; rotation revokes a row and adds the next one in the same family. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    familyId: text('family_id').notNull(),
    accessHash: text('access_hash').notNull(),
    accessExpiresAt: at('access_expires_at').notNull(),
    refreshHash: text('refresh_hash').notNull(),
    refreshExpiresAt: at('refresh_expires_at').notNull(),
    createdAt: at('created_at').notNull(),
    revokedAt: at('revoked_at'),
    /** rotated | logout | reuse | password | phone | reset | deleted */
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    uniqueIndex('sessions_access_hash_key').on(t.accessHash),
    uniqueIndex('sessions_refresh_hash_key').on(t.refreshHash),
    index('sessions_family_idx').on(t.familyId),
    index('sessions_user_live_idx')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
)

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
  },
  (t) => [index('sms_codes_mobile_idx').on(t.mobile, t.createdAt)],
)

/** The short-lived ticket between an unbound WeChat login and the phone-number step. */
export const loginTickets = pgTable(
  'login_tickets',
  {
    id: serial('id').primaryKey(),
    ticketHash: text('ticket_hash').notNull(),
    /** Which WeChat app the openid is of: weapp (mini-program) or h5 (official account). */
    source: text('source', { enum: ['weapp', 'h5'] })
      .notNull()
      .default('weapp'),
    openid: text('openid').notNull(),
    unionid: text('unionid'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('login_tickets_hash_key').on(t.ticketHash)],
)

export const userLogs = pgTable(
  'user_logs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    platformType: text('platform_type').notNull(),
    deviceInfo: text('device_info').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('user_logs_user_idx').on(t.userId)],
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
  (t) => [uniqueIndex('uploads_name_key').on(t.name)],
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
