/** A member's own view of a conversation: read, pin, mute, draft, delete. */
import { and, eq, sql } from 'drizzle-orm'
import type { AppContext } from '../context'
import { chatConversations, chatMembers } from '../db/schema'
import { inTx } from '../db/tx'
import { ensureConversation } from './conversations'
import { conversationView } from './conversationView'
import { pushConversation } from './pushes'

export type MemberChange =
  | { kind: 'read' }
  | { kind: 'pin'; pinned: boolean }
  | { kind: 'mute'; muted: boolean }
  | { kind: 'draft'; text: string }
  | { kind: 'delete' }

/** The newest sequence the member sees: the conversation's, or where they left the group. */
const lastSeq = sql`least((select ${chatConversations.lastSeq} from ${chatConversations}
  where ${chatConversations.id} = ${chatMembers.conversationId}),
  coalesce(${chatMembers.leftSeq}, 2147483647))`

function columnsFor(change: MemberChange, now: Date) {
  switch (change.kind) {
    case 'read':
      return { readSeq: lastSeq, unread: 0 }
    case 'pin':
      return { pinnedAt: change.pinned ? now : null }
    case 'mute':
      return { muted: change.muted }
    case 'draft':
      return { draft: change.text }
    case 'delete':
      // Its history goes for this member and it leaves their list until a newer message.
      return { clearedSeq: lastSeq, readSeq: lastSeq, unread: 0, pinnedAt: null, draft: '' }
  }
}

/**
 * Applies the change and pushes the member's new view to their connections. GROUP: the caller is
 * or was a member (404 otherwise); one who left still reads, pins, mutes and deletes it.
 */
export async function changeMember(
  app: AppContext,
  me: number,
  conversationID: string,
  change: MemberChange,
): Promise<void> {
  const now = new Date(app.clock.now())
  const view = await inTx(app.db, async (tx) => {
    const conv = await ensureConversation(tx, me, conversationID, now)
    await tx
      .update(chatMembers)
      .set(columnsFor(change, now))
      .where(and(eq(chatMembers.conversationId, conv.id), eq(chatMembers.userId, me)))
    return conversationView(tx, me, conv.id, now.getTime())
  })
  pushConversation(app, me, view, change.kind === 'delete')
}
