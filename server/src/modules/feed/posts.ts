import { textLength } from '@rules/validate'
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { Limits, Rates } from '@rules/limits'
import { BLOCKED_TEXT_MESSAGE } from '@rules/moderation'
import type { Page } from '@api/envelope'
import type { LikePostRes, Post } from '@api/feed'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { blocks, notifications, postLikes, posts, uploads, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest, forbidden, notFound } from '../../http/errors'
import { lockCaller } from '../../db/users'
import { moderateText } from '../common/moderation'
import { parseUploadUrl, UPLOAD_URL_PREFIX } from '../common/uploadNames'
import { markAction } from '../social/actionMarks'
import { notBlockedBy, notify, withdrawUnreadLike } from '../social/relations'
import { pageOf } from '../../http/paging'
import { refuseOverRate } from '../../http/rates'
import { feedTotals, guestFeedPages } from './feedReads'
import { IMAGE_INVALID, POST_NOT_FOUND, type Paging } from './input'

/** A post is shown while it is not deleted and its author's account lives. */
export const postShown = [isNull(posts.deletedAt), isNull(users.deletedAt)]

/** Whether the caller likes the row's post (false for a guest). */
function likedBy(caller: Caller | null): SQL<boolean> {
  if (!caller) return sql<boolean>`false`
  return sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${caller.userId})`
}

const columnsFor = (caller: Caller | null) => ({
  id: posts.id,
  userId: posts.userId,
  nickname: users.nickname,
  avatar: users.avatar,
  content: posts.content,
  images: posts.images,
  likeCount: posts.likeCount,
  commentCount: posts.commentCount,
  createdAt: posts.createdAt,
  liked: likedBy(caller),
})

interface PostRow {
  id: number
  userId: number
  nickname: string
  avatar: string
  content: string
  images: string[]
  likeCount: number
  commentCount: number
  createdAt: Date
  liked: boolean
}

function toPost(row: PostRow, caller: Caller | null): Post {
  return {
    id: row.id,
    author: { userId: row.userId, nickname: row.nickname, avatar: row.avatar },
    content: row.content,
    images: row.images,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    liked: Boolean(row.liked),
    mine: caller !== null && caller.userId === row.userId,
    createdAt: unixSeconds(row.createdAt.getTime()),
  }
}

/**
 * The condition of the feed list on `posts` alone: live posts whose author's account lives (an
 * anti-join, so no join decides the plan), of one person or all, without people the caller
 * blocked. The last is social/relations' notBlockedBy written as `user_id <> all(array(...))`: the
 * caller's blocked ids are read once per query instead of probed per post, which keeps a feed of
 * 100,000 posts fast even when the planner has no statistics (PGlite never gathers them itself).
 */
export function feedWhere(caller: Caller | null, filter: { userId?: number }): SQL | undefined {
  return and(
    isNull(posts.deletedAt),
    sql`not exists (select 1 from ${users} as gone where gone.id = ${posts.userId} and gone.deleted_at is not null)`,
    filter.userId === undefined ? undefined : eq(posts.userId, filter.userId),
    caller
      ? sql`${posts.userId} <> all (array(select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${caller.userId}))`
      : undefined,
  )
}

/**
 * One page of the feed list: the page of posts is cut first (limit/offset, newest first over
 * `posts_live_idx`'s order), then joined to the authors and the caller's likes. Planned the same
 * with or without table statistics (PGlite never gathers them by itself).
 */
export function feedPageQuery(
  db: Db,
  caller: Caller | null,
  where: SQL | undefined,
  paging: Paging,
) {
  const page = db
    .select({
      id: posts.id,
      userId: posts.userId,
      content: posts.content,
      images: posts.images,
      likeCount: posts.likeCount,
      commentCount: posts.commentCount,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .where(where)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(paging.pageSize)
    .offset(paging.offset)
    .as('page')
  return db
    .select({
      id: page.id,
      userId: page.userId,
      nickname: users.nickname,
      avatar: users.avatar,
      content: page.content,
      images: page.images,
      likeCount: page.likeCount,
      commentCount: page.commentCount,
      createdAt: page.createdAt,
      liked: caller
        ? sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${page.id} and ${postLikes.userId} = ${caller.userId})`
        : sql<boolean>`false`,
    })
    .from(page)
    .innerJoin(users, eq(users.id, page.userId))
    .orderBy(desc(page.createdAt), desc(page.id))
}

/** The total of the feed list: count(*) over the same rows. */
export function feedCountQuery(db: Db, where: SQL | undefined) {
  return db.select({ total: count() }).from(posts).where(where)
}

/**
 * The feed, or one person's posts (`userId`), newest first (ties by id), without posts of people
 * the caller blocked. One query over `posts_live_idx`'s order with the author joined, and the
 * total by count(*) over the same live rows.
 */
export async function listPosts(
  app: AppContext,
  caller: Caller | null,
  filter: { userId?: number },
  paging: Paging,
): Promise<Page<Post>> {
  const where = feedWhere(caller, filter)
  const listKey = `${caller?.userId ?? 0}|${filter.userId ?? ''}`
  const countTotal = async () => (await feedCountQuery(app.db, where))[0].total
  const readPage = async () => {
    const [total, rows] = await Promise.all([
      feedTotals(app.db).get(listKey, app.clock.now(), countTotal),
      feedPageQuery(app.db, caller, where, paging),
    ])
    return pageOf(
      rows.map((row) => toPost(row, caller)),
      total,
      paging,
    )
  }
  if (caller) return readPage()
  const pageKey = `${listKey}|${paging.page}|${paging.pageSize}`
  return guestFeedPages(app.db).get(pageKey, app.clock.now(), readPage)
}

/**
 * One shown post (404 读后感不存在 when deleted, missing or by a deleted account), and 404 as well
 * for a caller who blocked its author (a link to it shows no more than the lists do).
 */
export async function postDetail(
  app: AppContext,
  caller: Caller | null,
  id: number,
): Promise<Post> {
  const rows = await app.db
    .select(columnsFor(caller))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.id, id), ...postShown, notBlockedBy(caller?.userId ?? null, posts.userId)))
  if (!rows[0]) throw notFound(POST_NOT_FOUND)
  return toPost(rows[0], caller)
}

/**
 * A shown post inside a transaction, its row locked (the counters change under the lock): its
 * author, or 404.
 */
export async function lockShownPost(tx: Db, id: number): Promise<{ id: number; userId: number }> {
  const rows = await tx
    .select({ id: posts.id, userId: posts.userId })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.id, id), ...postShown))
    .for('update', { of: posts })
  if (!rows[0]) throw notFound(POST_NOT_FOUND)
  return rows[0]
}

export const POST_EMPTY_MESSAGE = '请输入内容或添加图片'
export const POST_TOO_MANY_IMAGES = `最多上传${Limits.postMaxImages}张图片`
export const POST_TOO_LONG = `内容不能超过${Limits.postMaxChars}字`

/**
 * The content and images as they will be stored: text trimmed (0..postMaxChars, no blocked
 * words), images 0..postMaxImages of our upload URLs as '/uploads/<name>' (a repeated image is
 * dropped, the first place kept, before they are counted), at least one of the two. Answers the
 * upload names to check for ownership.
 */
export function checkPost(
  rawContent: string,
  rawImages: string[],
): { content: string; images: string[]; names: string[] } {
  const content = rawContent.trim()
  if (content === '' && rawImages.length === 0) throw badRequest(POST_EMPTY_MESSAGE)
  if (textLength(content) > Limits.postMaxChars) throw badRequest(POST_TOO_LONG)
  if (content !== '' && !moderateText(content).pass) throw badRequest(BLOCKED_TEXT_MESSAGE)
  const names: string[] = []
  for (const url of rawImages) {
    const name = parseUploadUrl(url)
    if (!name) throw badRequest(IMAGE_INVALID)
    if (!names.includes(name)) names.push(name)
  }
  if (names.length > Limits.postMaxImages) throw badRequest(POST_TOO_MANY_IMAGES)
  return { content, images: names.map((name) => `${UPLOAD_URL_PREFIX}${name}`), names }
}

/**
 * Publishes a post as plain text (shown as text, never as HTML). Every image must be an upload of
 * the caller's (400 图片无效); at most Rates.post per person (429),
 * counted under the caller's row lock so parallel calls cannot slip past.
 */
export async function savePost(
  app: AppContext,
  caller: Caller,
  req: { content: string; images: string[] },
): Promise<Post> {
  const { content, images, names } = checkPost(req.content, req.images)
  const post = await inTx(app.db, async (tx) => {
    const me = await lockCaller(tx, caller.userId)
    const now = app.clock.now()
    await refuseOverRate(
      tx,
      Rates.post,
      { table: posts, user: posts.userId, at: posts.createdAt },
      caller.userId,
      now,
    )
    if (names.length > 0) {
      const owned = await tx
        .select({ name: uploads.name })
        .from(uploads)
        .where(and(inArray(uploads.name, names), eq(uploads.userId, caller.userId)))
      const ownedNames = new Set(owned.map((row) => row.name))
      if (!names.every((name) => ownedNames.has(name))) throw badRequest(IMAGE_INVALID)
    }
    const [row] = await tx
      .insert(posts)
      .values({ userId: caller.userId, content, images, createdAt: new Date(now) })
      .returning()
    return toPost({ ...row, nickname: me.nickname, avatar: me.avatar, liked: false }, caller)
  })
  return post
}

/**
 * Only the author deletes (403); the post is soft-deleted: gone from lists, detail 404. Its
 * messages (likes and comments about it) leave the messages centre in the same transaction.
 */
export async function deletePost(app: AppContext, caller: Caller, id: number): Promise<void> {
  await inTx(app.db, async (tx) => {
    const rows = await tx
      .select({ userId: posts.userId })
      .from(posts)
      .where(and(eq(posts.id, id), isNull(posts.deletedAt)))
      .for('update')
    if (!rows[0]) throw notFound(POST_NOT_FOUND)
    if (rows[0].userId !== caller.userId) throw forbidden('只能删除自己的读后感')
    await tx
      .update(posts)
      .set({ deletedAt: new Date(app.clock.now()) })
      .where(eq(posts.id, id))
    await tx.delete(notifications).where(eq(notifications.postId, id))
    return null
  })
}

/**
 * Like (1, idempotent) or unlike (0) a shown post: one `post_likes` row per person and post, the
 * post's `like_count` moved in the same transaction, and a 'like' notification for the author when
 * a like is newly made (once per person and post: `notify`), taken back by an unlike while unread.
 * At most Rates.toggle likes and unlikes per person (429), counted in
 * `action_marks` under the caller's row lock.
 */
export async function setLike(
  app: AppContext,
  caller: Caller,
  id: number,
  like: 0 | 1,
): Promise<LikePostRes> {
  return inTx(app.db, async (tx) => {
    // The caller's row first, then the post's (as addComment does).
    await lockCaller(tx, caller.userId)
    const now = new Date(app.clock.now())
    await markAction(tx, caller.userId, 'like', now.getTime())
    const post = await lockShownPost(tx, id)
    let delta = 0
    if (like === 1) {
      const made = await tx
        .insert(postLikes)
        .values({ postId: post.id, userId: caller.userId, createdAt: now })
        .onConflictDoNothing()
        .returning({ postId: postLikes.postId })
      if (made.length > 0) delta = 1
    } else {
      const gone = await tx
        .delete(postLikes)
        .where(and(eq(postLikes.postId, post.id), eq(postLikes.userId, caller.userId)))
        .returning({ postId: postLikes.postId })
      if (gone.length > 0) delta = -1
    }
    let likeCount: number
    if (delta === 0) {
      const [row] = await tx
        .select({ likeCount: posts.likeCount })
        .from(posts)
        .where(eq(posts.id, post.id))
      likeCount = row.likeCount
    } else {
      const [row] = await tx
        .update(posts)
        .set({ likeCount: sql`greatest(${posts.likeCount} + ${delta}, 0)` })
        .where(eq(posts.id, post.id))
        .returning({ likeCount: posts.likeCount })
      likeCount = row.likeCount
    }
    if (delta === 1) {
      await notify(
        tx,
        { userId: post.userId, kind: 'like', actorId: caller.userId, postId: post.id },
        now,
      )
    } else if (delta === -1) {
      await withdrawUnreadLike(tx, { userId: post.userId, actorId: caller.userId, postId: post.id })
    }
    return { liked: like === 1, likeCount }
  })
}
