/**
 * Sharing a note to the feed as a reading report: a post quoting the passage, made by the feed's
 * own savePost (its text rules, blocked words and post rate) in the same transaction that
 * remembers it on the highlight, so sharing again answers the same post while it lives.
 */
import { and, eq } from 'drizzle-orm'
import { textLength } from '@rules/validate'
import { AnnotationLimits, SHARE_TEXT_TOO_LONG, shareContent } from '@rules/annotations'
import { HIGHLIGHT_NOT_FOUND } from '@api/annotations'
import type { Post } from '@api/feed'
import type { AppContext } from '../../context'
import { highlights } from '../../db/schema'
import { inTx } from '../../db/tx'
import { lockCaller } from '../../db/users'
import type { Caller } from '../../http/auth'
import { AppError, badRequest, notFound } from '../../http/errors'
import { findListedBook } from '../books/bookRows'
import { postDetail, savePost } from '../feed/posts'
import { ownHighlight, setSharedPost } from './highlights'

/** The post a highlight was shared as, while it is shown; null otherwise. */
async function livePost(app: AppContext, caller: Caller, postId: number | null) {
  if (postId === null) return null
  try {
    return await postDetail(app, caller, postId)
  } catch (err) {
    if (err instanceof AppError && err.code === 404) return null
    throw err
  }
}

/**
 * Shares one of my highlights (404 划线不存在 for anyone else's): the post holds 「quote」, the
 * note, `extra` and ——《book》chapter. The caller's row is locked first (as savePost takes it),
 * then the highlight's, so two shares at once make one post.
 */
export async function shareHighlight(
  app: AppContext,
  caller: Caller,
  id: number,
  rawExtra: string,
): Promise<Post> {
  const extra = rawExtra.trim()
  if (textLength(extra) > AnnotationLimits.shareTextMaxChars) throw badRequest(SHARE_TEXT_TOO_LONG)
  return inTx(app.db, async (tx) => {
    const inTxApp: AppContext = { ...app, db: tx }
    await lockCaller(tx, caller.userId)
    const locked = await tx
      .select({ id: highlights.id })
      .from(highlights)
      .where(and(eq(highlights.id, id), eq(highlights.userId, caller.userId)))
      .for('update')
    if (!locked[0]) throw notFound(HIGHLIGHT_NOT_FOUND)
    const highlight = await ownHighlight(tx, caller, id)
    const shared = await livePost(inTxApp, caller, highlight.postId)
    if (shared) return shared
    const book = await findListedBook(tx, highlight.booksId)
    const post = await savePost(inTxApp, caller, {
      content: shareContent({
        quote: highlight.quote,
        note: highlight.note,
        extra,
        booksName: book.name,
        chapterTitle: highlight.chapterTitle,
      }),
      images: [],
    })
    await setSharedPost(tx, id, post.id)
    return post
  })
}
