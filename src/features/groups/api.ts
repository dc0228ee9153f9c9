/**
 * The reading-group calls (app-spec section 7, /api/bookCompanion: groups, members, roles, join
 * applications), one function each, sent through the refs generated from types/api/groups.ts.
 */
import * as groupsCalls from '@/types/api/calls/groups.gen'
import type { Page } from '@/types/api/envelope'
import type {
  CreateGroupReq,
  GroupApplication,
  GroupBrief,
  GroupDetail,
  GroupMember,
  JoinRes,
  UpdateGroupReq,
} from '@/types/api/groups'
import { call } from '@/core/request'

/** Blank keywords are left out (the server reads '' as absent anyway). */
const keywordOf = (keyword?: string) => keyword?.trim() || undefined

// ---- groups -------------------------------------------------------------------

export const fetchMyGroups = (
  page: number,
  pageSize: number,
  keyword?: string,
): Promise<Page<GroupBrief>> =>
  call(groupsCalls.myGroups.rest, { keyword: keywordOf(keyword), page, pageSize })

export const searchGroups = (
  keyword: string,
  page: number,
  pageSize: number,
): Promise<Page<GroupBrief>> =>
  call(groupsCalls.searchGroups.rest, { keyword: keywordOf(keyword), page, pageSize })

export const fetchGroupDetail = (groupId: number): Promise<GroupDetail> =>
  call(groupsCalls.groupDetail.rest, { groupId })

export const createGroup = (input: CreateGroupReq): Promise<GroupDetail> =>
  call(groupsCalls.createGroup.rest, input)

/** Only the fields given change; '' clears avatar, introduction and announcement. */
export const updateGroup = (input: UpdateGroupReq): Promise<GroupDetail> =>
  call(groupsCalls.updateGroup.rest, input)

export const disbandGroup = (groupId: number): Promise<unknown> =>
  call(groupsCalls.disband.rest, { groupId })

// ---- joining and leaving -------------------------------------------------------

/** The caller joins (a free group), or applies with an optional reason (an approval group). */
export const joinGroup = (groupId: number, reason?: string): Promise<JoinRes> =>
  call(groupsCalls.joinOrInvite.rest, { groupId, reason: reason?.trim() || undefined })

/** The owner or an admin adds their own friends. */
export const inviteToGroup = (groupId: number, userIds: number[]): Promise<JoinRes> =>
  call(groupsCalls.joinOrInvite.rest, { groupId, userIds })

export const quitGroup = (groupId: number): Promise<unknown> =>
  call(groupsCalls.leaveOrRemove.rest, { groupId })

export const removeMembers = (groupId: number, userIds: number[]): Promise<unknown> =>
  call(groupsCalls.leaveOrRemove.rest, { groupId, userIds })

// ---- members and roles ---------------------------------------------------------

export const fetchGroupMembers = (
  groupId: number,
  page: number,
  pageSize: number,
  keyword?: string,
): Promise<Page<GroupMember>> =>
  call(groupsCalls.memberList.rest, { groupId, keyword: keywordOf(keyword), page, pageSize })

export const fetchGroupAdmins = (groupId: number): Promise<GroupMember[]> =>
  call(groupsCalls.adminList.rest, { groupId })

export const fetchMutedMembers = (groupId: number): Promise<GroupMember[]> =>
  call(groupsCalls.bannedList.rest, { groupId })

export const setGroupAdmin = (groupId: number, userId: number, admin: boolean): Promise<unknown> =>
  call(groupsCalls.setAdmin.rest, { groupId, userId, admin: admin ? 1 : 0 })

/** `seconds` 0 unmutes. */
export const muteMember = (groupId: number, userId: number, seconds: number): Promise<unknown> =>
  call(groupsCalls.muteMember.rest, { groupId, userId, seconds })

export const transferOwner = (groupId: number, userId: number): Promise<unknown> =>
  call(groupsCalls.transferOwner.rest, { groupId, userId })

// ---- applications --------------------------------------------------------------

/** Waiting applications to the groups I manage; with `groupId` to that group only. */
export const fetchGroupApplications = (groupId?: number): Promise<GroupApplication[]> =>
  call(groupsCalls.applications.rest, { groupId })

export const handleGroupApplication = (applicationId: number, accept: boolean): Promise<unknown> =>
  call(groupsCalls.handleApplication.rest, { applicationId, accept: accept ? 1 : 0 })
