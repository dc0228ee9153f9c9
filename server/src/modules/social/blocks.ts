import { and, count, desc, eq, or, sql } from 'drizzle-orm'
import type { Page } from '@api/envelope'
import { USER_NOT_FOUND, type BlockRes, type RelatedUser } from '@api/social'
import type { AppContext } from '../../context'
import { blocks, follows, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest, notFound } from '../../http/errors'
import type { Paging } from '../../http/paging'
import { findLiveUserById, lockCaller } from '../../db/users'
import { liveUser, toRelatedPage } from './people'

export const BLOCK_SELF = '不能拉黑自己'

/**
 * Block (`block`) or unblock a person; idempotent, not oneself. Blocking needs a live account and
 * ends follows both ways in the same transaction; unblocking anyone is allowed (a no-op when there
 * is no block).
 */
export async function setBlocked(
  app: AppContext,
  caller: Caller,
  userId: number,
  block: boolean,
): Promise<BlockRes> {
  if (userId === caller.userId) throw badRequest(BLOCK_SELF)
  const now = new Date(app.clock.now())
  const me = caller.userId
  return inTx(app.db, async (tx) => {
    await lockCaller(tx, me)
    if (block) {
      if (!(await findLiveUserById(tx, userId))) throw notFound(USER_NOT_FOUND)
      await tx
        .insert(blocks)
        .values({ blockerId: me, blockedId: userId, createdAt: now })
        .onConflictDoNothing()
      await tx
        .delete(follows)
        .where(
          or(
            and(eq(follows.followerId, me), eq(follows.followeeId, userId)),
            and(eq(follows.followerId, userId), eq(follows.followeeId, me)),
          ),
        )
    } else {
      await tx.delete(blocks).where(and(eq(blocks.blockerId, me), eq(blocks.blockedId, userId)))
    }
    return { blocked: block }
  })
}

/** Whom the caller blocked (live accounts), newest first; `followed` is false (blocks end follows). */
export async function blockList(
  app: AppContext,
  caller: Caller,
  paging: Paging,
): Promise<Page<RelatedUser>> {
  const join = and(eq(users.id, blocks.blockedId), liveUser)
  const where = eq(blocks.blockerId, caller.userId)
  const [{ total }] = await app.db
    .select({ total: count() })
    .from(blocks)
    .innerJoin(users, join)
    .where(where)
  const rows = await app.db
    .select({
      userId: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      signature: users.signature,
      followed: sql<boolean>`false`,
      since: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, join)
    .where(where)
    .orderBy(desc(blocks.createdAt), desc(users.id))
    .limit(paging.pageSize)
    .offset(paging.offset)
  return toRelatedPage(rows, total, paging)
}
