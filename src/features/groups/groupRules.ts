/**
 * What the group pages decide without the server, pure (unit-tested): which member actions a role
 * may take (as the server allows them, rules/groups' mayManage), the join button's state, the mute
 * durations, the announcement's count and the words for roles and join modes.
 */
import type { GroupBrief, GroupDetail, GroupMember, GroupRole, JoinMode } from '@/types/api/groups'
import { announcementError, GroupLimits, isManager, mayManage } from '@rules/groups'
import { textLength } from '@rules/validate'

export const ROLE_TEXT: Record<GroupRole, string> = {
  owner: '群主',
  admin: '管理员',
  member: '成员',
}

export const JOIN_MODE_TEXT: Record<JoinMode, string> = {
  free: '自由加入',
  approval: '需要验证',
  closed: '禁止加入',
}

export const JOIN_MODE_ORDER: readonly JoinMode[] = ['free', 'approval', 'closed']

export const MANAGERS_ONLY = '只有群主和管理员可以管理群'
export const EDITORS_ONLY = '只有群主和管理员可以修改群资料'
export const DISBANDED = '该群聊已解散'

// ---- members -------------------------------------------------------------------

export const isMuted = (member: Pick<GroupMember, 'muteUntil'>, nowSeconds: number): boolean =>
  member.muteUntil > nowSeconds

export type MemberAction = 'setAdmin' | 'unsetAdmin' | 'mute' | 'unmute' | 'remove' | 'transfer'

export const MEMBER_ACTION_TEXT: Record<MemberAction, string> = {
  setAdmin: '设为管理员',
  unsetAdmin: '取消管理员',
  mute: '禁言',
  unmute: '解除禁言',
  remove: '移出群聊',
  transfer: '转让群主',
}

/** The data-testid prefix of each action's button (`<prefix>-<userId>`). */
export const MEMBER_ACTION_TESTID: Record<MemberAction, string> = {
  setAdmin: 'set-admin',
  unsetAdmin: 'set-admin',
  mute: 'mute',
  unmute: 'mute',
  remove: 'remove',
  transfer: 'transfer',
}

/**
 * What `myRole` may do to `target`, in the order the buttons show: the owner sets and unsets
 * admins, mutes, removes and hands the group over to anyone but themself; an admin mutes and
 * removes plain members only; anyone else nothing. Nobody acts on themself (the owner's own row is
 * the owner's; an admin's own row is an admin's).
 */
export function memberActions(
  myRole: GroupRole | null,
  target: Pick<GroupMember, 'role' | 'muteUntil'>,
  nowSeconds: number,
): MemberAction[] {
  if (!mayManage(myRole, target.role)) return []
  const mute: MemberAction = isMuted(target, nowSeconds) ? 'unmute' : 'mute'
  if (myRole !== 'owner') return [mute, 'remove']
  return [target.role === 'admin' ? 'unsetAdmin' : 'setAdmin', mute, 'remove', 'transfer']
}

/** The mute durations offered, shortest first. */
export const MUTE_CHOICES: ReadonlyArray<{ label: string; seconds: number }> = [
  { label: '10分钟', seconds: 600 },
  { label: '1小时', seconds: 3600 },
  { label: '1天', seconds: 86400 },
  { label: '7天', seconds: 604800 },
]

/** The seconds of the action sheet's `tapIndex`, or null for none. */
export const muteSecondsAt = (tapIndex: number): number | null =>
  MUTE_CHOICES[tapIndex]?.seconds ?? null

// ---- joining -------------------------------------------------------------------

export type JoinState = 'member' | 'join' | 'apply' | 'applied' | 'closed' | 'disbanded'

type Joinable = Pick<GroupBrief, 'myRole' | 'joinMode' | 'applied'> & { disbanded?: boolean }

/** Where the caller stands with a group: in it, may join, may apply, applied, refused, gone. */
export function joinState(group: Joinable): JoinState {
  if (group.disbanded) return 'disbanded'
  if (group.myRole) return 'member'
  if (group.joinMode === 'free') return 'join'
  if (group.joinMode === 'closed') return 'closed'
  return group.applied ? 'applied' : 'apply'
}

/** The detail page's join button (null: no button). */
export const DETAIL_JOIN_TEXT: Record<JoinState, string | null> = {
  member: null,
  join: '加入群聊',
  apply: '申请加入',
  applied: '已申请',
  closed: '该群不允许加入',
  disbanded: null,
}

/** A search row's button. */
export const ROW_JOIN_TEXT: Record<JoinState, string> = {
  member: '已加入',
  join: '加入',
  apply: '申请',
  applied: '已申请',
  closed: '不可加入',
  disbanded: '已解散',
}

/** Whether a tap on the join button sends anything. */
export const canAskToJoin = (state: JoinState): boolean => state === 'join' || state === 'apply'

// ---- texts ---------------------------------------------------------------------

/** The announcement editor's counter and refusal (over 150 it is not sent). */
export function announcementState(text: string): { count: number; over: boolean; error: string } {
  const count = textLength(text.trim())
  const error = announcementError(text) ?? ''
  return { count, over: count > GroupLimits.announcementMaxChars, error }
}

/** Whether I may change the group's profile and settings. */
export const canManage = (detail: Pick<GroupDetail, 'myRole' | 'disbanded'>): boolean =>
  !detail.disbanded && isManager(detail.myRole)

/** A group's chat conversation. */
export const groupConversation = (groupId: number): string => `GROUP${groupId}`

/** Whole seconds now (the server's times are unix seconds). */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000)

/** The route's group id, or 0 when it is none. */
export function groupIdOf(value: string | undefined): number {
  const id = Number(value)
  return Number.isInteger(id) && id > 0 ? id : 0
}
