/**
 * Operators' review: the pending items of a kind, and a decision on one. Every call checks the
 * operator role first (a reader, even the item's owner, is refused 403).
 */
import { sql } from 'drizzle-orm'
import { getTableConfig } from 'drizzle-orm/pg-core'
import { textLength } from '@rules/validate'
import type { Page } from '@api/envelope'
import {
  ReviewText,
  ReviewLimits,
  type DecideRes,
  type PendingItem,
  type ReviewKind,
} from '@api/review'
import type { AppContext } from '../../context'
import { requireOperator } from '../../db/operators'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest, notFound } from '../../http/errors'
import type { Paging } from '../../http/paging'
import { notify } from '../social/relations'
import { reviewTargets } from './kinds'

export async function pendingList(
  app: AppContext,
  caller: Caller,
  kind: ReviewKind,
  at: Paging,
): Promise<Page<PendingItem>> {
  await requireOperator(app.db, caller.userId)
  return reviewTargets[kind].pending(app.db, at)
}

/** The reason of a rejection, trimmed: 1..ReviewLimits.reasonMaxChars characters. */
function rejectionReason(reason: string | undefined): string {
  const text = (reason ?? '').trim()
  if (!text) throw badRequest(ReviewText.reasonMissing)
  if (textLength(text) > ReviewLimits.reasonMaxChars) throw badRequest(ReviewText.reasonTooLong)
  return text
}

export interface Decision {
  kind: ReviewKind
  id: number
  pass: 0 | 1
  reason?: string
}

/**
 * Approves or rejects a pending item, with its row locked: of two operators deciding at once, the
 * second finds it decided (400). The owner is told in the messages centre, in the same
 * transaction.
 */
export async function decide(app: AppContext, caller: Caller, d: Decision): Promise<DecideRes> {
  const reason = d.pass === 1 ? '' : rejectionReason(d.reason)
  const state = d.pass === 1 ? ('approved' as const) : ('rejected' as const)
  const target = reviewTargets[d.kind]
  return inTx(app.db, async (tx) => {
    await requireOperator(tx, caller.userId)
    const row = await target.lock(tx, d.id)
    if (!row) throw notFound(ReviewText.itemNotFound)
    if (row.state !== 'pending') throw badRequest(ReviewText.notPending)
    const now = new Date(app.clock.now())
    const { name: table } = getTableConfig(target.table)
    // Every reviewed table has the same review columns (db/schema/review.ts reviewColumns).
    await tx.execute(sql`
      update ${sql.identifier(table)}
      set review_state = ${state}, review_reason = ${reason},
          reviewed_at = ${now.toISOString()}::timestamptz, reviewed_by = ${caller.userId}
      where id = ${d.id}`)
    if (row.ownerId !== null) {
      await notify(
        tx,
        {
          userId: row.ownerId,
          kind: 'notice',
          // A video's notice opens its play page.
          videoId: d.kind === 'video' ? d.id : null,
          title: d.pass === 1 ? '审核通过' : '审核未通过',
          content:
            d.pass === 1
              ? `你上传的《${row.name}》已通过审核`
              : `你上传的《${row.name}》未通过审核：${reason}`,
        },
        now,
      )
    }
    return { kind: d.kind, id: d.id, reviewState: state, reviewReason: reason }
  })
}
