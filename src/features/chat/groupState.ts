/**
 * What a group conversation lets me do now (chat-spec sections 4 and 6): the text shown instead of
 * the input while I am muted, while mute-all is on and I am neither owner nor admin, or once I am
 * no longer a member; and whether I may @所有人 and handle join applications.
 */
import type { Conversation } from '@/TUIKit/engine/types'
import { ChatErrors, GroupTipOperation, parseConversationID } from '@rules/chat'

/** The conversation ends with the tip that the group was disbanded. */
const disbanded = (c: Conversation): boolean =>
  c.lastMessage?.type === 'TIMGroupTipElem' &&
  c.lastMessage.payload.operationType === GroupTipOperation.disbanded

export interface GroupState {
  isGroup: boolean
  groupId: string
  /** '' for a C2C conversation or a group I left. */
  role: 'Owner' | 'Admin' | 'Member' | ''
  isManager: boolean
  muteAll: boolean
  /** Replaces the input: null while I may speak. */
  block: string | null
  /** When the block lifts by itself (unix seconds; 0 = it does not). */
  blockEnds: number
}

/**
 * `conversationID`: the page's, so that a group chat is a group (the @ list, the member picker)
 * before its conversation has loaded; what I may do comes with the conversation.
 */
export function groupStateOf(
  c: Conversation | null | undefined,
  nowSec: number,
  conversationID = '',
): GroupState {
  const g = c?.type === 'GROUP' ? c.groupProfile : undefined
  if (!g) {
    const fromID = c ? null : parseConversationID(conversationID)
    const groupFromID = fromID?.type === 'GROUP' ? fromID.id : ''
    return {
      isGroup: c?.type === 'GROUP' || groupFromID !== '',
      groupId: groupFromID,
      role: '',
      isManager: false,
      muteAll: false,
      block: null,
      blockEnds: 0,
    }
  }
  const role = g.selfInfo.role
  const isManager = role === 'Owner' || role === 'Admin'
  let block: string | null = null
  let blockEnds = 0
  if (role === '') block = c && disbanded(c) ? ChatErrors.groupGone.text : ChatErrors.removed.text
  else if (g.selfInfo.muteUntil > nowSec) {
    block = ChatErrors.muted.text
    blockEnds = g.selfInfo.muteUntil
  } else if (g.muteAllMembers && !isManager) block = ChatErrors.mutedAll.text
  return {
    isGroup: true,
    groupId: g.groupID,
    role,
    isManager,
    muteAll: g.muteAllMembers,
    block,
    blockEnds,
  }
}
