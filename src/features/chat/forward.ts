/**
 * Forwarding's rules (chat-spec sections 5 and 8, issue 30): which messages may be forwarded or
 * ticked, their order, the merged message's title and abstract, and the target picker's rows
 * (system conversations left out, recent first, search by name, select-all over enabled rows).
 * The sending itself: `forwardMessages` through the open ChatRoom's engine.
 */
import type { Conversation, MergerPayload, Message } from '@/TUIKit/engine/types'
import { isGiftMessage } from '@/features/gifts/public'
import { messageAbstract } from './abstract'
import type { ChatRoom } from './ChatRoom'
import { chatErrorText } from './errors'
import { groupStateOf } from './groupState'
import { ChatLimits } from '@rules/chat'
import { targetOf } from './send'

export const FORWARD_TEXTS = {
  /** chat-spec "no message selected". */
  noSelection: '请选择消息',
  done: '已转发',
  compatibleText: '[聊天记录]',
  groupTitle: '群聊的聊天记录',
  /** Under a merged card. */
  record: '聊天记录',
  loadError: 'Load Merge Message Error',
} as const

/** A merged message shows at most this many abstract lines (chat-spec section 9: 7). */
export const MERGER_ABSTRACT_MAX = ChatLimits.mergeAbstractMaxLines

/** Cut to the server's length (rules/chat: a title and each abstract line at most 100). */
function cut(text: string, max: number): string {
  const chars = [...text]
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text
}

/** Only a successful, not revoked, not risky message that is no gift card nor tip goes on. */
export function canForward(m: Message): boolean {
  return (
    m.status === 'success' &&
    !m.isRevoked &&
    m.hasRiskContent !== true &&
    m.type !== 'TIMGroupTipElem' &&
    !isGiftMessage(m)
  )
}

/** Oldest first (by time, then the conversation's sequence), as they were said. */
export function inTimeOrder(list: readonly Message[]): Message[] {
  return [...list].sort((a, b) => a.time - b.time || a.sequence - b.sequence)
}

/** 「A和B的聊天记录」 for a one-to-one chat, 「群聊的聊天记录」 for a group. */
export function mergerTitle(
  conversationType: 'C2C' | 'GROUP',
  myName: string,
  peerName: string,
): string {
  if (conversationType === 'GROUP') return FORWARD_TEXTS.groupTitle
  return cut(`${myName}和${peerName}的聊天记录`, ChatLimits.mergeTitleMaxChars)
}

/** The sender's name as the merged message shows it (the reader's own name on their messages). */
function senderName(m: Message, me: string, myName: string): string {
  if (m.from === me && myName) return myName
  return m.nick || m.from
}

/** The first seven `nick: abstract` lines of the messages (in time order). */
export function abstractLines(list: readonly Message[], me: string, myName: string): string[] {
  return inTimeOrder(list)
    .slice(0, MERGER_ABSTRACT_MAX)
    .map((m) => `${senderName(m, me, myName)}: ${messageAbstract(m, me)}`)
    .map((line) => cut(line, ChatLimits.mergeAbstractLineMaxChars))
}

/** createMergerMessage's payload for the ticked messages of a conversation. */
export function mergerPayloadOf(
  list: readonly Message[],
  conversationType: 'C2C' | 'GROUP',
  names: { me: string; myName: string; peerName: string },
): MergerPayload {
  const messageList = inTimeOrder(list)
  return {
    messageList,
    title: mergerTitle(conversationType, names.myName, names.peerName),
    abstractList: abstractLines(messageList, names.me, names.myName),
    compatibleText: FORWARD_TEXTS.compatibleText,
  }
}

/** A conversation readers can pick: C2C<digits> or GROUP<id>; anything else is the system's. */
export function isSystemConversation(conversationID: string): boolean {
  return !/^C2C\d+$/.test(conversationID) && !/^GROUP[A-Za-z0-9_@-]{1,64}$/.test(conversationID)
}

export interface ForwardTarget {
  conversationID: string
  type: 'C2C' | 'GROUP'
  name: string
  avatar: string
  /** A group the reader cannot speak in now (left, removed, muted) is shown but cannot be picked. */
  enabled: boolean
}

export function targetName(c: Conversation): string {
  return c.groupProfile?.name || c.remark || c.userProfile.nick || c.userProfile.userID
}

/** The picker's rows: readers' conversations, recent first, whose name holds the keyword. */
export function forwardTargets(
  conversations: readonly Conversation[],
  keyword: string,
  nowSec: number,
): ForwardTarget[] {
  const word = keyword.trim().toLowerCase()
  return conversations
    .filter((c) => !isSystemConversation(c.conversationID))
    .filter((c) => {
      if (!word) return true
      const names = [c.groupProfile?.name, c.remark, c.userProfile.nick]
      return names.some((n) => (n ?? '').toLowerCase().includes(word))
    })
    .slice()
    .sort((a, b) => b.time - a.time)
    .map((c) => ({
      conversationID: c.conversationID,
      type: c.type,
      name: targetName(c),
      avatar: c.groupProfile?.avatar || c.userProfile.avatar,
      enabled: groupStateOf(c, nowSec).block === null,
    }))
}

/** 全选: every enabled row shown is ticked (others stay as they were); again: they are unticked. */
export function toggleAll(rows: readonly ForwardTarget[], picked: readonly string[]): string[] {
  const enabled = rows.filter((r) => r.enabled).map((r) => r.conversationID)
  const all = enabled.length > 0 && enabled.every((id) => picked.includes(id))
  if (all) return picked.filter((id) => !enabled.includes(id))
  return [...picked, ...enabled.filter((id) => !picked.includes(id))]
}

/** Ticks or unticks one row; a disabled row stays unticked. */
export function toggleTarget(
  rows: readonly ForwardTarget[],
  picked: readonly string[],
  conversationID: string,
): string[] {
  if (picked.includes(conversationID)) return picked.filter((id) => id !== conversationID)
  const row = rows.find((r) => r.conversationID === conversationID)
  return row?.enabled ? [...picked, conversationID] : [...picked]
}

export type ForwardMode = 'one' | 'merge'

/** Why forwarding cannot start, or null: nothing ticked says 请选择消息. */
export function forwardProblem(ticked: readonly Message[]): string | null {
  return ticked.filter(canForward).length === 0 ? FORWARD_TEXTS.noSelection : null
}

export interface ForwardNames {
  /** The reader's user ID and name, and the open one-to-one chat's peer's name. */
  me: string
  myName: string
  peerName: string
}

/**
 * Sends the ticked messages to each target: 逐条转发 each message (in time order) as a copy,
 * 合并转发 one merged message per target. Null when all went, else the first failure's text (the
 * other targets are still tried). No target: nothing is sent.
 */
export async function forwardMessages(
  room: ChatRoom,
  ticked: readonly Message[],
  targetIDs: readonly string[],
  mode: ForwardMode,
  names: ForwardNames,
): Promise<string | null> {
  const list = inTimeOrder(ticked.filter(canForward))
  if (list.length === 0) return FORWARD_TEXTS.noSelection
  const engine = room.engineForMessages
  const source = room.conversationID.startsWith('GROUP') ? 'GROUP' : 'C2C'
  let first: string | null = null
  for (const id of targetIDs) {
    const to = targetOf(id)
    if (!to) continue
    const messages =
      mode === 'merge'
        ? [engine.createMergerMessage({ ...to, payload: mergerPayloadOf(list, source, names) })]
        : list.map((m) => engine.createForwardMessage({ ...to, payload: m }))
    for (const message of messages) {
      const failure = await room.send(message)
      if (failure) {
        first ??= chatErrorText(failure)
        break
      }
    }
  }
  return first
}
