import { textLength } from '@rules/validate'
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm'
import { Limits, Rates } from '@rules/limits'
import { BLOCKED_TEXT_MESSAGE } from '@rules/moderation'
import type { Reflection } from '@api/books'
import type { Page } from '@api/envelope'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import { inTx } from '../../db/tx'
import { books, reflections, users } from '../../db/schema'
import type { Caller } from '../../http/auth'
import { badRequest, forbidden, loginRequired, notFound } from '../../http/errors'
import { refuseOverRate } from '../../http/rates'
import { pageOf } from '../../http/paging'
import { lockCaller } from '../../db/users'
import { moderateText } from '../common/moderation'
import { savePost } from '../feed/posts'
import { findListedBook } from './bookRows'
import { REFLECTION_NOT_FOUND, type Paging } from './input'

const columns = {
  id: reflections.id,
  bookId: reflections.bookId,
  bookName: books.name,
  bookCover: books.cover,
  userId: reflections.userId,
  nickname: users.nickname,
  avatar: users.avatar,
  content: reflections.content,
  createdAt: reflections.createdAt,
}

type Row = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['data']
}

function toReflection(row: Row, caller: Caller | null): Reflection {
  return {
    id: row.id,
    booksId: row.bookId,
    booksName: row.bookName,
    booksCoverSheet: row.bookCover,
    userId: row.userId,
    nickname: row.nickname,
    avatar: row.avatar,
    content: row.content,
    createdAt: unixSeconds(row.createdAt.getTime()),
    mine: caller !== null && caller.userId === row.userId,
  }
}

/** Shown reflections: not deleted, by a live account, on a listed book. */
const shown = [isNull(reflections.deletedAt), isNull(users.deletedAt), eq(books.listed, true)]

function selectReflections(app: AppContext, where: SQL | undefined) {
  return app.db
    .select(columns)
    .from(reflections)
    .innerJoin(users, eq(users.id, reflections.userId))
    .innerJoin(books, eq(books.id, reflections.bookId))
    .where(where)
}

/** A book's reflections (public) or the caller's own (`mine`), newest first. */
export async function listReflections(
  app: AppContext,
  caller: Caller | null,
  filter: { booksId?: number; mine: 0 | 1 },
  paging: Paging,
): Promise<Page<Reflection>> {
  const conditions = [...shown]
  if (filter.mine === 1) {
    if (!caller) throw loginRequired()
    conditions.push(eq(reflections.userId, caller.userId))
  } else if (filter.booksId === undefined) {
    throw badRequest('请选择书籍')
  }
  if (filter.booksId !== undefined) {
    await findListedBook(app.db, filter.booksId)
    conditions.push(eq(reflections.bookId, filter.booksId))
  }
  const where = and(...conditions)
  const [{ total }] = await app.db
    .select({ total: count() })
    .from(reflections)
    .innerJoin(users, eq(users.id, reflections.userId))
    .innerJoin(books, eq(books.id, reflections.bookId))
    .where(where)
  const rows = await selectReflections(app, where)
    .orderBy(desc(reflections.createdAt), desc(reflections.id))
    .limit(paging.pageSize)
    .offset(paging.offset)
  return pageOf(
    rows.map((row) => toReflection(row, caller)),
    total,
    paging,
  )
}

export async function reflectionDetail(
  app: AppContext,
  caller: Caller | null,
  id: number,
): Promise<Reflection> {
  const rows = await selectReflections(app, and(eq(reflections.id, id), ...shown))
  if (!rows[0]) throw notFound(REFLECTION_NOT_FOUND)
  return toReflection(rows[0], caller)
}

/** The text as it will be stored: trimmed, 1..reflectionMaxChars, no blocked words. */
export function checkReflectionContent(raw: string): string {
  const content = raw.trim()
  if (content === '') throw badRequest('请输入书评')
  if (textLength(content) > Limits.reflectionMaxChars) {
    throw badRequest(`书评不能超过${Limits.reflectionMaxChars}字`)
  }
  if (!moderateText(content).pass) throw badRequest(BLOCKED_TEXT_MESSAGE)
  return content
}

/** A reader posts at most Rates.reflection reflections (flooding a book's page). */
const checkPostingRate = (app: AppContext, caller: Caller): Promise<void> =>
  refuseOverRate(
    app.db,
    Rates.reflection,
    { table: reflections, user: reflections.userId, at: reflections.createdAt },
    caller.userId,
    app.clock.now(),
  )

/** The feed post a reflection becomes with `toFeed`: the book's title, then the text. */
export const reflectionPostText = (bookName: string, content: string): string =>
  `《${bookName}》\n${content}`

/**
 * Stores a reflection as plain text (it is shown as text, never as HTML). With `toFeed` the same
 * transaction also posts it to the feed through the feed's savePost (its rules and rate apply: a
 * refused post keeps the reflection back too); the route then drops the feed's kept reads.
 */
export async function saveReflection(
  app: AppContext,
  caller: Caller,
  bookId: number,
  rawContent: string,
  toFeed = false,
): Promise<Reflection> {
  const content = checkReflectionContent(rawContent)
  const book = await findListedBook(app.db, bookId)
  const id = await inTx(app.db, async (tx) => {
    const inTxApp: AppContext = { ...app, db: tx }
    // The caller's row first, as savePost takes it: two writes of one reader queue, never deadlock.
    if (toFeed) await lockCaller(tx, caller.userId)
    await checkPostingRate(inTxApp, caller)
    const [row] = await tx
      .insert(reflections)
      .values({
        userId: caller.userId,
        bookId: book.id,
        content,
        createdAt: new Date(app.clock.now()),
      })
      .returning({ id: reflections.id })
    if (toFeed) {
      await savePost(inTxApp, caller, {
        content: reflectionPostText(book.name, content),
        images: [],
      })
    }
    return row.id
  })
  return reflectionDetail(app, caller, id)
}

/** Only the author deletes; a deleted reflection is gone from every list and from detail. */
export async function deleteReflection(app: AppContext, caller: Caller, id: number): Promise<void> {
  await inTx(app.db, async (tx) => {
    const rows = await tx
      .select({ userId: reflections.userId })
      .from(reflections)
      .where(and(eq(reflections.id, id), isNull(reflections.deletedAt)))
      .for('update')
    if (!rows[0]) throw notFound(REFLECTION_NOT_FOUND)
    if (rows[0].userId !== caller.userId) throw forbidden('只能删除自己的书评')
    await tx
      .update(reflections)
      .set({ deletedAt: new Date(app.clock.now()) })
      .where(eq(reflections.id, id))
    return null
  })
}
