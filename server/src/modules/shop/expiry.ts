/**
 * Unpaid orders expire OrderLimits.payMinutes after they were made: they become 'cancelled' and
 * their stock goes back, exactly once (`update … where state = 'pending' returning`: of two
 * expiries at once, one gets the row). Done lazily where orders are read or paid, and by a sweep on
 * an interval (register.ts). After the expiring transaction commits, the expired orders that had a
 * prepayment are closed at WeChat Pay (closeAtWeChat), so they cannot be paid there any more.
 */
import { and, eq, inArray, lte, type SQL } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { orders } from '../../db/schema'
import { inTx } from '../../db/tx'
import { closeAtWeChat, type Closable } from './payment'
import { restock } from './rows'
import { onOrdersCancelled } from '../agent/orderHooks'

const BATCH = 200

/**
 * Inside a transaction: cancels the due unpaid orders matching `where`; answers them, for
 * closeAtWeChat once the transaction has committed.
 */
export async function expireDue(tx: Db, nowMs: number, where?: SQL): Promise<Closable[]> {
  const now = new Date(nowMs)
  const rows = await tx
    .update(orders)
    .set({ state: 'cancelled', cancelledAt: now })
    .where(and(eq(orders.state, 'pending'), lte(orders.expiresAt, now), where))
    .returning({
      id: orders.id,
      productId: orders.productId,
      quantity: orders.quantity,
      orderNo: orders.orderNo,
      prepayId: orders.prepayId,
    })
  await restock(tx, rows)
  await onOrdersCancelled(
    tx,
    rows.map((row) => row.id),
  )
  return rows.map(({ orderNo, prepayId }) => ({ orderNo, prepayId }))
}

/**
 * The sweep: every due unpaid order, a batch per transaction, each batch then closed at WeChat Pay;
 * answers how many expired.
 */
export async function sweepExpiredOrders(
  app: Pick<AppContext, 'db' | 'clock' | 'pay'>,
): Promise<number> {
  let expired = 0
  for (;;) {
    const now = new Date(app.clock.now())
    const due = await app.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.state, 'pending'), lte(orders.expiresAt, now)))
      .orderBy(orders.id)
      .limit(BATCH)
    if (due.length === 0) return expired
    const ids = due.map((row) => row.id)
    const rows = await inTx(app.db, (tx) => expireDue(tx, now.getTime(), inArray(orders.id, ids)))
    await closeAtWeChat(app, rows)
    expired += rows.length
    if (due.length < BATCH) return expired
  }
}
