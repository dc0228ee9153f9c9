import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { at } from './columns'

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
    /** 'operator': staff, who make review decisions (granted by server/scripts/grant-operator.ts). */
    role: text('role', { enum: ['reader', 'operator'] })
      .notNull()
      .default('reader'),
    /** The mini-program's openid. */
    openid: text('openid'),
    /** The official account's openid (WeChat login on H5). */
    mpOpenid: text('mp_openid'),
    /** WeChat's id of the person across the open platform: links both openids to one account. */
    unionid: text('unionid'),
    spidUserId: integer('spid_user_id'),
    /** When BindSpid bound the referrer (null for bindings made before it was recorded). */
    spidAt: at('spid_at'),
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

/** The devices a reader uses (User.User.BindUUid): one row per reader and install id. */
export const userDevices = pgTable(
  'user_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    uuid: text('uuid').notNull(),
    platform: text('platform').notNull().default(''),
    firstSeenAt: at('first_seen_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
  },
  (t) => [uniqueIndex('user_devices_user_uuid_key').on(t.userId, t.uuid)],
)

/**
 * Failed password logins and SMS-code checks by client address (the per-address limit): rows
 * older than the window are pruned as new ones come.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    ip: text('ip').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('login_failures_ip_idx').on(t.ip, t.at), index('login_failures_at_idx').on(t.at)],
)
