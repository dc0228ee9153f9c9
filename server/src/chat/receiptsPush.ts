/** The `receipt` push: each sender's messages that gained receipts, with their counts now. */
import type { MessageReceipt } from '@api/chat'
import type { AppContext } from '../context'
import type { Delivery } from './hub'

export function pushReceipts(
  app: AppContext,
  bySender: ReadonlyMap<number, MessageReceipt[]>,
): void {
  const deliveries: Delivery[] = []
  for (const [userId, receiptList] of bySender) {
    deliveries.push({ userId, frame: { op: 'receipt', receiptList } })
  }
  if (deliveries.length > 0) app.chat.fanout.publish(deliveries)
}
