import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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
  (t) => [
    uniqueIndex('uploads_name_key').on(t.name),
    // The daily quota (a reader's uploads of today) and the sweep of old unreferenced ones.
    index('uploads_user_recent_idx').on(t.userId, t.createdAt),
    index('uploads_created_idx').on(t.createdAt),
  ],
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

// ---- books (issue 3) --------------------------------------------------------

export const bookCategories = pgTable('book_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
})

export const books = pgTable(
  'books',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => bookCategories.id),
    name: text('name').notNull(),
    author: text('author').notNull().default(''),
    cover: text('cover').notNull().default(''),
    brief: text('brief').notNull().default(''),
    intro: text('intro').notNull().default(''),
    wordCount: integer('word_count').notNull().default(0),
    chapterCount: integer('chapter_count').notNull().default(0),
    hasAudio: boolean('has_audio').notNull().default(false),
    /** Null: not recommended; otherwise the order among recommended books (smaller first). */
    recommendRank: integer('recommend_rank'),
    listed: boolean('listed').notNull().default(true),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('books_category_idx').on(t.categoryId, t.id)],
)

export const bookChapters = pgTable(
  'book_chapters',
  {
    id: serial('id').primaryKey(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id),
    /** 1-based position in the book. */
    serial: integer('serial').notNull(),
    title: text('title').notNull(),
    paragraphs: jsonb('paragraphs').$type<string[]>().notNull(),
    wordCount: integer('word_count').notNull().default(0),
    /** File name of the chapter's audio in the seed assets or storage; '' when none. */
    audioFile: text('audio_file').notNull().default(''),
    audioSeconds: integer('audio_seconds').notNull().default(0),
  },
  (t) => [uniqueIndex('book_chapters_book_serial_key').on(t.bookId, t.serial)],
)

/** One reader's place in one book. */
export const readingProgress = pgTable(
  'reading_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id),
    serial: integer('serial').notNull(),
    paragraph: integer('paragraph').notNull().default(0),
    audioSeconds: integer('audio_seconds').notNull().default(0),
    /** 0..10000: hundredths of a percent through the book. */
    permyriad: integer('permyriad').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bookId] }),
    index('reading_progress_user_recent_idx').on(t.userId, t.updatedAt),
    index('reading_progress_book_idx').on(t.bookId),
  ],
)

/** Seconds read per reader, day (China time, YYYY-MM-DD) and book. */
export const readingDurations = pgTable(
  'reading_durations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    day: text('day').notNull(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id),
    seconds: integer('seconds').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.bookId] }),
    index('reading_durations_day_idx').on(t.day),
  ],
)

/** When each reader last reported reading time (a report is credited at most the time since). */
export const readingReportMarks = pgTable('reading_report_marks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  lastReportAt: at('last_report_at').notNull(),
})

export const reflections = pgTable(
  'reflections',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('reflections_book_idx').on(t.bookId, t.id),
    index('reflections_user_idx').on(t.userId, t.id),
  ],
)

export const bookCollections = pgTable(
  'book_collections',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bookId] }),
    index('book_collections_user_idx').on(t.userId, t.createdAt),
  ],
)

/** A like of a reader's place on the reading ranking. */
export const rankLikes = pgTable(
  'rank_likes',
  {
    likerId: integer('liker_id')
      .notNull()
      .references(() => users.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.likerId, t.userId] }),
    index('rank_likes_user_idx').on(t.userId),
  ],
)

/** The home banner (App.Advert.PosterList). */
export const posters = pgTable('posters', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  image: text('image').notNull().default(''),
  link: text('link').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
})

// ---- feed and social (issue 4) -----------------------------------------------

/** A reading report. Counters are kept in the row so the feed list needs no aggregate. */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    /** URL paths of uploaded images, in order. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: at('created_at').notNull(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('posts_live_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('posts_user_idx').on(t.userId, t.id),
    // The post rate limit: a person's posts of the last minutes.
    index('posts_user_recent_idx').on(t.userId, t.createdAt),
  ],
)

export const postLikes = pgTable(
  'post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_idx').on(t.userId)],
)

/** A comment on a post; a reply has `parentId` (the thread's top-level comment). */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    parentId: integer('parent_id'),
    replyToUserId: integer('reply_to_user_id').references(() => users.id),
    content: text('content').notNull(),
    replyCount: integer('reply_count').notNull().default(0),
    createdAt: at('created_at').notNull(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('comments_post_idx').on(t.postId, t.parentId, t.id),
    index('comments_parent_idx').on(t.parentId, t.id),
    // The comment rate limit: a person's comments of the last minute.
    index('comments_user_recent_idx').on(t.userId, t.createdAt),
  ],
)

export const follows = pgTable(
  'follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id),
    followeeId: integer('followee_id')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId, t.createdAt),
  ],
)

export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
  ],
)

/** The messages centre: what happened to a person (a like, comment, follow) or a notice. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['notice', 'comment', 'like', 'follow'] }).notNull(),
    actorId: integer('actor_id').references(() => users.id),
    postId: integer('post_id'),
    commentId: integer('comment_id'),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    readAt: at('read_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('notifications_user_kind_idx').on(t.userId, t.kind, t.id),
    index('notifications_unread_idx')
      .on(t.userId, t.kind)
      .where(sql`${t.readAt} is null`),
    // One like message per (liker, post) and one follow message per follower: toggling a like or
    // a follow again does not tell the person again (notify inserts with on conflict do nothing).
    uniqueIndex('notifications_once_key')
      .on(t.userId, t.kind, t.actorId, sql`coalesce(${t.postId}, 0)`)
      .where(sql`${t.kind} in ('like', 'follow')`),
    // Deleting a post or a comment deletes its messages.
    index('notifications_post_idx')
      .on(t.postId)
      .where(sql`${t.postId} is not null`),
    index('notifications_comment_idx')
      .on(t.commentId)
      .where(sql`${t.commentId} is not null`),
  ],
)

/**
 * Recent actions of a person that have a rate limit of their own (like and follow toggles): one
 * row per action, pruned to the window on every insert, so a person has at most a window's worth.
 */
export const actionMarks = pgTable(
  'action_marks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    action: text('action', { enum: ['like', 'follow'] }).notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('action_marks_user_idx').on(t.userId, t.action, t.at)],
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

export const complaintReasons = pgTable('complaint_reasons', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
})

/** Suggestions and complaints (a complaint may be about a user, post or comment). */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: ['suggestion', 'complaint'] }).notNull(),
    content: text('content').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    contact: text('contact').notNull().default(''),
    targetType: text('target_type', { enum: ['user', 'post', 'comment'] }),
    targetId: integer('target_id'),
    reasonId: integer('reason_id').references(() => complaintReasons.id),
    status: smallint('status').notNull().default(0),
    reply: text('reply').notNull().default(''),
    createdAt: at('created_at').notNull(),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('feedback_user_idx').on(t.userId, t.id)],
)
