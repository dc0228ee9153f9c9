/**
 * Revoking sessions closes their chat sockets at once, on every process (an endSessions delivery
 * through the chat fan-out), instead of at the socket's next periodic check.
 */
import type { Delivery, SessionsEnded } from '../../chat/hub'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { AppError } from '../../http/errors'

/** Records which sessions a transaction ended; they are told only once it has committed. */
export type EndSessions = (userId: number, which: SessionsEnded) => void

/**
 * db/tx.ts `inTx` whose `fn` may end sessions: the endSessions deliveries are published after the
 * commit (also when `fn` returned an AppError, which commits too), never after a rollback.
 */
export async function inTxEndingSessions<T>(
  app: AppContext,
  fn: (tx: Db, end: EndSessions) => Promise<T | AppError>,
): Promise<T> {
  const ended: Delivery[] = []
  const out = await app.db.transaction((tx) => {
    ended.length = 0
    return fn(tx, (userId, endSessions) => ended.push({ userId, endSessions }))
  })
  if (ended.length > 0) app.chat.fanout.publish(ended)
  if (out instanceof AppError) throw out
  return out
}
