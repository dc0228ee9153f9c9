/**
 * Reading-group rules shared by the app and the server (app-spec sections 5 and 9, chat-spec
 * section 4): the limits, the texts of the group calls' refusals and the field checks. Pure.
 */
import { textLength } from './validate'

export const GroupLimits = {
  nameMinChars: 2,
  nameMaxChars: 20,
  introductionMaxChars: 200,
  announcementMaxChars: 150,
  /** Members of one reading group, the owner included. */
  maxMembers: 5000,
  /** Friends invited when creating a group (the owner makes the 500th member). */
  createMaxInvites: 499,
  /** Friends invited, or members removed, by one call. */
  inviteMax: 100,
  applicationReasonMaxChars: 50,
  /** Longest mute of one member: 30 days. */
  muteMaxSeconds: 30 * 24 * 60 * 60,
  /** Members the group detail shows (the rest through the member list). */
  previewMembers: 10,
  memberPageSize: 15,
  memberPageMax: 50,
  /** Newest pending applications one list answers. */
  applicationListMax: 200,
  keywordMaxChars: 20,
} as const

export const GroupTexts = {
  nameBlank: '群名称不能为空',
  nameInvalid: '群名称只能包含中文、字母、数字和下划线，长度为2-20',
  introductionTooLong: '群简介字数超出限制，最大长度为200',
  announcementTooLong: '群公告字数超出限制，最大长度为150',
  notFound: '该群组不存在',
  notMember: '你不是该群成员',
  targetNotMember: '该用户不在群组内',
  editAdminOnly: '只有群主和管理员可以修改群资料',
  adminOnly: '只有群主和管理员可以进行此操作',
  ownerOnly: '只有群主可以进行此操作',
  membersOnlyForAdmins: '管理员只能管理普通成员',
  notSelf: '不能对自己进行此操作',
  onlyFriends: '只能邀请书友入群',
  noInvitees: '请选择要邀请的书友',
  full: '群成员已达上限',
  closed: '该群不允许加入',
  ownerCannotQuit: '群主不能退出群聊，请先转让群主',
  applicationNotFound: '该申请不存在',
  applicationHandled: '该申请已处理',
  joinModeInvalid: '入群方式不正确',
  muteSecondsInvalid: '禁言时长不正确',
} as const

const GROUP_NAME = /^[\u4e00-\u9fa5A-Za-z0-9_]{2,20}$/

/** A group name's error text, or null when it may be used (it is checked trimmed). */
export function groupNameError(name: string): string | null {
  const trimmed = name.trim()
  if (trimmed === '') return GroupTexts.nameBlank
  return GROUP_NAME.test(trimmed) ? null : GroupTexts.nameInvalid
}

/** The introduction's error text (at most 200 characters), or null. */
export const introductionError = (text: string): string | null =>
  textLength(text.trim()) > GroupLimits.introductionMaxChars ? GroupTexts.introductionTooLong : null

/** The announcement's error text (at most 150 characters), or null. */
export const announcementError = (text: string): string | null =>
  textLength(text.trim()) > GroupLimits.announcementMaxChars ? GroupTexts.announcementTooLong : null

export type GroupRoleName = 'owner' | 'admin' | 'member'

/** Whether the role may manage the group (profile, invites, applications, mutes). */
export const isManager = (role: GroupRoleName | null | undefined): boolean =>
  role === 'owner' || role === 'admin'

/**
 * Whether `actor` may remove or mute `target`: the owner anyone but themself, an admin only plain
 * members.
 */
export const mayManage = (actor: GroupRoleName | null, target: GroupRoleName): boolean =>
  actor === 'owner' ? target !== 'owner' : actor === 'admin' && target === 'member'
