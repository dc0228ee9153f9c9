/**
 * The reading-group contract (app-spec section 7, "Book friends and groups", /api/bookCompanion/):
 * groups, their members and roles, join applications. Every call needs a login. Each group has a
 * GROUP chat conversation `GROUP<groupId>` whose tips (joins, quits, removals, role and profile
 * changes, mutes, the disbanding) the server writes as the calls change the group. Times are unix
 * seconds. Member order everywhere: the owner, then admins, then members, each by when they joined,
 * then by user id.
 */
import { GroupLimits, GroupTexts } from '@rules/groups'
import {
  call,
  Clearable,
  Flag,
  Id,
  NoData,
  OneOf,
  PageOf,
  Paging,
  Required,
  Trimmed,
  Type,
  type CallInput,
  type Static,
} from './contract'
import { USER_NOT_FOUND } from './feed'

export { USER_NOT_FOUND }
export const GROUP_NOT_FOUND = GroupTexts.notFound
export const APPLICATION_NOT_FOUND = GroupTexts.applicationNotFound
export const INVITEES_INVALID = GroupTexts.noInvitees
/** Longest name, introduction or announcement read before the rules count its characters. */
export const GROUP_TEXT_READ_MAX = 2000

export const GROUP_ROLES = ['owner', 'admin', 'member'] as const
export const GroupRole = OneOf(GROUP_ROLES)
export type GroupRole = Static<typeof GroupRole>

/** free: anyone joins; approval: an owner or admin accepts an application; closed: invitations only. */
export const JOIN_MODES = ['free', 'approval', 'closed'] as const
export const JoinMode = OneOf(JOIN_MODES)
export type JoinMode = Static<typeof JoinMode>
const JoinModeInput = OneOf(JOIN_MODES, GroupTexts.joinModeInvalid)

const MyRole = Type.Union([GroupRole, Type.Null()])

/** A group in a list. */
export const GroupBrief = Type.Object({
  groupId: Type.Integer(),
  name: Type.String(),
  avatar: Type.String(),
  introduction: Type.String(),
  memberCount: Type.Integer(),
  joinMode: JoinMode,
  /** The caller's role, null when not a member. */
  myRole: MyRole,
  /** The caller has an application waiting. */
  applied: Type.Boolean(),
})
export type GroupBrief = Static<typeof GroupBrief>

export const GroupMember = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  role: GroupRole,
  /** Muted until this time; 0 when not muted. */
  muteUntil: Type.Integer(),
  joinedAt: Type.Integer(),
})
export type GroupMember = Static<typeof GroupMember>

export const GroupDetail = Type.Object({
  groupId: Type.Integer(),
  name: Type.String(),
  avatar: Type.String(),
  introduction: Type.String(),
  announcement: Type.String(),
  ownerId: Type.Integer(),
  joinMode: JoinMode,
  /** Only the owner and admins may speak. */
  muteAll: Type.Boolean(),
  memberCount: Type.Integer(),
  createdAt: Type.Integer(),
  myRole: MyRole,
  /** The caller is muted until this time; 0 when not. */
  myMuteUntil: Type.Integer(),
  applied: Type.Boolean(),
  /** The first members in member order (GroupLimits.previewMembers); the rest through memberList. */
  members: Type.Array(GroupMember),
  /** Applications waiting (0 unless the caller is the owner or an admin). */
  pendingApplications: Type.Integer(),
  /**
   * The group was disbanded (only its last members see it so, with myRole null and no members;
   * to anyone else it does not exist).
   */
  disbanded: Type.Boolean(),
})
export type GroupDetail = Static<typeof GroupDetail>

export const GroupApplication = Type.Object({
  applicationId: Type.Integer(),
  groupId: Type.Integer(),
  groupName: Type.String(),
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  reason: Type.String(),
  /** When it was made (or last made again). */
  time: Type.Integer(),
})
export type GroupApplication = Static<typeof GroupApplication>

export const JOIN_STATES = ['joined', 'applied', 'invited'] as const
export const JoinRes = Type.Object({ state: OneOf(JOIN_STATES) })
export type JoinRes = Static<typeof JoinRes>

// ---- input pieces -------------------------------------------------------------

const INT_MAX = 2_147_483_647

/** User ids: a JSON array, repeated fields, JSON in a string, or comma-joined. */
const IdList = (minItems: number, maxItems: number, error: string) =>
  Type.Array(Type.Integer({ minimum: 1, maximum: INT_MAX }), {
    minItems,
    maxItems,
    'x-list': true,
    'x-error': error,
  })

const GroupId = { groupId: Id(GROUP_NOT_FOUND) }
const Keyword = { keyword: Type.Optional(Trimmed(GroupLimits.keywordMaxChars)) }
const Person = { userId: Id(USER_NOT_FOUND) }

export const groupsApi = {
  myGroups: call({
    summary:
      "The caller's groups (not disbanded), the newest joined first; `keyword` (at most 20 characters) in the name.",
    auth: true,
    rest: { method: 'GET', path: '/api/bookCompanion/findGroupChatInfoAppList' },
    input: Type.Object({ ...Keyword, ...Paging }),
    answer: PageOf(GroupBrief),
  }),
  searchGroups: call({
    summary:
      "Groups to find and join (not disbanded, not closed), the newest first; `keyword` (at most 20 characters) in the name. myRole and applied are the caller's.",
    auth: true,
    rest: { method: 'GET', path: '/api/bookCompanion/findGroupChatUserInfoAppList' },
    input: Type.Object({ ...Keyword, ...Paging }),
    answer: PageOf(GroupBrief),
  }),
  groupDetail: call({
    summary:
      'A group as the caller sees it, with the first 10 members. A closed group shows a non-member only what joining needs: no members, ownerId 0, no announcement. A disbanded group answers disbanded to its last members and 404 to anyone else.',
    auth: true,
    rest: { method: 'GET', path: '/api/bookCompanion/findGroupChatInfoAppDetails' },
    input: Type.Object(GroupId),
    answer: GroupDetail,
  }),
  memberList: call({
    summary:
      'Members in member order, pages of 1..50 (default 15); `keyword` in the nickname, or all digits: also the member with that user ID. Members only (403).',
    auth: true,
    rest: { method: 'GET', path: '/api/bookCompanion/findGroupMemberList' },
    input: Type.Object({ ...GroupId, ...Keyword, ...Paging }),
    answer: PageOf(GroupMember),
  }),
  adminList: call({
    summary: 'The owner and the admins, in member order. Members only (403).',
    auth: true,
    rest: { method: 'GET', path: '/api/bookCompanion/findGroupAdminMemberList' },
    input: Type.Object(GroupId),
    answer: Type.Array(GroupMember),
  }),
  bannedList: call({
    summary: 'Members muted now, in member order. The owner and admins only (403).',
    auth: true,
    rest: { method: 'GET', path: '/api/bookCompanion/findGroupBannedList' },
    input: Type.Object(GroupId),
    answer: Type.Array(GroupMember),
  }),
  createGroup: call({
    summary:
      "Creates a group with the caller as owner and 1..499 of the caller's friends as members (anyone else: 400); name by groupNameError (rules/groups), introduction at most 200 characters, avatar an upload of the caller's; opens its chat with a group_create message. 20 groups a day.",
    auth: true,
    rest: { method: 'POST', path: '/api/bookCompanion/createGroupChatInfoApp' },
    body: 'json',
    input: Type.Object({
      name: Required(GroupTexts.nameBlank, GROUP_TEXT_READ_MAX),
      avatar: Type.Optional(Trimmed(1000)),
      introduction: Type.Optional(Trimmed(GROUP_TEXT_READ_MAX)),
      userIds: IdList(1, GroupLimits.createMaxInvites, INVITEES_INVALID),
      joinMode: Type.Optional(JoinModeInput),
    }),
    answer: GroupDetail,
  }),
  updateGroup: call({
    summary:
      "Changes the group's profile (the owner and admins; 403 for others): name, avatar (an upload of the caller's, or the one it has; '' clears), introduction (at most 200), announcement (at most 150), joinMode, muteAll. What changed goes to the chat as a profile tip.",
    auth: true,
    rest: { method: 'POST', path: '/api/bookCompanion/updateGroupChatInfoApp' },
    input: Type.Object({
      ...GroupId,
      name: Type.Optional(Clearable(GROUP_TEXT_READ_MAX)),
      avatar: Type.Optional(Clearable(1000)),
      introduction: Type.Optional(Clearable(GROUP_TEXT_READ_MAX)),
      announcement: Type.Optional(Clearable(GROUP_TEXT_READ_MAX)),
      joinMode: Type.Optional(JoinModeInput),
      muteAll: Type.Optional(Flag()),
    }),
    answer: GroupDetail,
  }),
  joinOrInvite: call({
    summary:
      'Without userIds the caller joins: a free group at once (joined), an approval group by an application (applied; asking again updates the reason), a closed one not (403). With userIds (at most 100) the owner or an admin adds their own friends (invited; members already in are skipped). At most 5000 members.',
    auth: true,
    rest: { method: 'POST', path: '/api/bookCompanion/invitationMembersApp' },
    body: 'json',
    input: Type.Object({
      ...GroupId,
      userIds: Type.Optional(IdList(1, GroupLimits.inviteMax, INVITEES_INVALID)),
      reason: Type.Optional(Trimmed(GroupLimits.applicationReasonMaxChars)),
    }),
    answer: JoinRes,
  }),
  leaveOrRemove: call({
    summary:
      'Without userIds the caller quits (not the owner: 400). With userIds (at most 100) the owner removes anyone but themself, an admin only plain members (else 403, nothing removed).',
    auth: true,
    rest: { method: 'POST', path: '/api/bookCompanion/removeMembersApp' },
    body: 'json',
    input: Type.Object({
      ...GroupId,
      userIds: Type.Optional(IdList(1, GroupLimits.inviteMax, USER_NOT_FOUND)),
    }),
    answer: NoData,
  }),
  disband: call({
    summary:
      'Disbands the group (the owner only): a tip to the chat, every member out of it, waiting applications rejected.',
    auth: true,
    rest: { method: 'POST', path: '/api/bookCompanion/disbandGroupChatApp' },
    input: Type.Object(GroupId),
    answer: NoData,
  }),
  setAdmin: call({
    summary: 'Makes a member an admin (`admin` 1) or a plain member again (0). The owner only.',
    auth: true,
    rest: { method: 'POST', path: '/api/bookCompanion/createOrRemoveMembersApp' },
    input: Type.Object({ ...GroupId, ...Person, admin: Flag() }),
    answer: NoData,
  }),
  muteMember: call({
    summary:
      'Mutes a member for `seconds` (0..2592000; 0 unmutes): the owner anyone but themself, an admin only plain members.',
    auth: true,
    rest: { method: 'POST', path: '/api/bookCompanion/muteGroupMember' },
    input: Type.Object({
      ...GroupId,
      ...Person,
      seconds: Type.Integer({
        minimum: 0,
        maximum: GroupLimits.muteMaxSeconds,
        'x-error': GroupTexts.muteSecondsInvalid,
      }),
    }),
    answer: NoData,
  }),
  transferOwner: call({
    summary: 'Hands the group to another member (the owner only); the old owner becomes a member.',
    auth: true,
    rest: { method: 'POST', path: '/api/bookCompanion/transferGroupOwner' },
    input: Type.Object({ ...GroupId, ...Person }),
    answer: NoData,
  }),
  applications: call({
    summary:
      'Waiting applications (the newest 200) to the groups the caller owns or administers; with groupId that group only (403 unless the caller is its owner or an admin).',
    auth: true,
    rest: { method: 'GET', path: '/api/bookCompanion/findGroupApplicationList' },
    input: Type.Object({ groupId: Type.Optional(Id(GROUP_NOT_FOUND)) }),
    answer: Type.Array(GroupApplication),
  }),
  handleApplication: call({
    summary:
      'Accepts (`accept` 1) or rejects (0) a waiting application: the owner or an admin of its group only; a handled one is refused (400).',
    auth: true,
    rest: { method: 'POST', path: '/api/bookCompanion/handleGroupApplication' },
    input: Type.Object({ applicationId: Id(APPLICATION_NOT_FOUND), accept: Flag() }),
    answer: NoData,
  }),
}

export type MyGroupsReq = CallInput<typeof groupsApi.myGroups>
export type SearchGroupsReq = CallInput<typeof groupsApi.searchGroups>
export type MemberListReq = CallInput<typeof groupsApi.memberList>
export type CreateGroupReq = CallInput<typeof groupsApi.createGroup>
export type UpdateGroupReq = CallInput<typeof groupsApi.updateGroup>
export type JoinOrInviteReq = CallInput<typeof groupsApi.joinOrInvite>
export type LeaveOrRemoveReq = CallInput<typeof groupsApi.leaveOrRemove>
export type SetAdminReq = CallInput<typeof groupsApi.setAdmin>
export type MuteMemberReq = CallInput<typeof groupsApi.muteMember>
export type TransferOwnerReq = CallInput<typeof groupsApi.transferOwner>
export type HandleApplicationReq = CallInput<typeof groupsApi.handleApplication>
