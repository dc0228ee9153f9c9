/** How groups and members are read and answered: member order, members, briefs and the detail. */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm'
import type { GroupBrief, GroupDetail, GroupMember, GroupRole } from '@api/groups'
import { GroupLimits, GroupTexts, isManager } from '@rules/groups'
import { unixSeconds } from '../../clock'
import type { Db } from '../../db/client'
import { groupApplications, groupMembers, readingGroups, users } from '../../db/schema'
import { notFound } from '../../http/errors'
import { findGroup, memberRow, type GroupRow } from './access'

/** Member order: the owner, admins, members; each by when they joined, then by id. */
export const memberOrder: SQL[] = [
  sql`case ${groupMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
  asc(groupMembers.joinedAt),
  asc(groupMembers.userId),
]

export const memberColumns = {
  userId: groupMembers.userId,
  nickname: users.nickname,
  avatar: users.avatar,
  role: groupMembers.role,
  muteUntil: groupMembers.muteUntil,
  joinedAt: groupMembers.joinedAt,
}

export const memberUserJoin = eq(users.id, groupMembers.userId)

export interface MemberListRow {
  userId: number
  nickname: string
  avatar: string
  role: GroupRole
  muteUntil: Date | null
  joinedAt: Date
}

/** Unix seconds a mute lasts until, 0 when there is none now. */
export const muteSeconds = (until: Date | null, nowMs: number): number =>
  until && until.getTime() > nowMs ? unixSeconds(until.getTime()) : 0

export const toMember = (row: MemberListRow, nowMs: number): GroupMember => ({
  userId: row.userId,
  nickname: row.nickname,
  avatar: row.avatar,
  role: row.role,
  muteUntil: muteSeconds(row.muteUntil, nowMs),
  joinedAt: unixSeconds(row.joinedAt.getTime()),
})

/** Members of a group matching `where`, in member order. */
export async function membersWhere(
  db: Db,
  groupId: number,
  nowMs: number,
  where?: SQL,
  limit?: number,
  offset = 0,
): Promise<GroupMember[]> {
  const query = db
    .select(memberColumns)
    .from(groupMembers)
    .innerJoin(users, memberUserJoin)
    .where(and(eq(groupMembers.groupId, groupId), where))
    .orderBy(...memberOrder)
    .offset(offset)
  const rows = await (limit === undefined ? query : query.limit(limit))
  return rows.map((row) => toMember(row, nowMs))
}

/**
 * The outer group's id inside a subquery, always qualified: drizzle writes a one-table select's
 * columns bare, and a bare "id" would mean the subquery's own table.
 */
const outerGroupId = sql.raw('"reading_groups"."id"')

/** A select's `applied`: `userId` has an application waiting for the group. */
export const appliedBy = (userId: number): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${groupApplications} where ${groupApplications.groupId} = ${outerGroupId} and ${groupApplications.userId} = ${userId} and ${groupApplications.state} = 'pending')`

/** A select's `myRole`: `userId`'s role in the group, null when not a member. */
export const roleFor = (userId: number): SQL<GroupRole | null> =>
  sql<GroupRole | null>`(select ${groupMembers.role} from ${groupMembers} where ${groupMembers.groupId} = ${outerGroupId} and ${groupMembers.userId} = ${userId})`

export const briefColumns = {
  groupId: readingGroups.id,
  name: readingGroups.name,
  avatar: readingGroups.avatar,
  introduction: readingGroups.introduction,
  memberCount: readingGroups.memberCount,
  joinMode: readingGroups.joinMode,
}

export type BriefRow = Omit<GroupBrief, 'applied'> & { applied: boolean | null }

export const toBrief = (row: BriefRow): GroupBrief => ({ ...row, applied: Boolean(row.applied) })

/** `%` and `_` in a search term match themselves. */
export const likePattern = (term: string): string =>
  `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

async function pendingCount(db: Db, groupId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groupApplications)
    .where(and(eq(groupApplications.groupId, groupId), eq(groupApplications.state, 'pending')))
  return row.n
}

async function hasApplied(db: Db, groupId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(groupApplications)
    .where(
      and(
        eq(groupApplications.groupId, groupId),
        eq(groupApplications.userId, userId),
        eq(groupApplications.state, 'pending'),
      ),
    )
    .limit(1)
  return rows.length > 0
}

function profileOf(group: GroupRow) {
  return {
    groupId: group.id,
    name: group.name,
    avatar: group.avatar,
    introduction: group.introduction,
    announcement: group.announcement,
    ownerId: group.ownerId,
    joinMode: group.joinMode,
    muteAll: group.muteAll,
    memberCount: group.memberCount,
    createdAt: unixSeconds(group.createdAt.getTime()),
  }
}

/**
 * The group as `userId` sees it: its profile, the caller's place, the first members. A disbanded
 * group exists only for those who were in it at the end (their rows stay): disbanded, no members.
 */
export async function detailFor(
  db: Db,
  groupId: number,
  userId: number,
  nowMs: number,
): Promise<GroupDetail> {
  const group = await findGroup(db, groupId)
  if (!group) throw notFound(GroupTexts.notFound)
  const me = await memberRow(db, groupId, userId)
  if (group.disbandedAt) {
    if (!me) throw notFound(GroupTexts.notFound)
    return {
      ...profileOf(group),
      myRole: null,
      myMuteUntil: 0,
      applied: false,
      members: [],
      pendingApplications: 0,
      disbanded: true,
    }
  }
  const role = me?.role ?? null
  if (!me && group.joinMode === 'closed') {
    return strangerView(group, await hasApplied(db, groupId, userId))
  }
  return {
    ...profileOf(group),
    myRole: role,
    myMuteUntil: muteSeconds(me?.muteUntil ?? null, nowMs),
    applied: me ? false : await hasApplied(db, groupId, userId),
    members: await membersWhere(db, groupId, nowMs, undefined, GroupLimits.previewMembers),
    pendingApplications: isManager(role) ? await pendingCount(db, groupId) : 0,
    disbanded: false,
  }
}

/**
 * A closed group to someone outside it: what joining needs (name, avatar, introduction, join mode,
 * member count), not who is in it (no members, no owner) nor what it tells its members.
 */
function strangerView(group: GroupRow, applied: boolean): GroupDetail {
  return {
    ...profileOf(group),
    announcement: '',
    ownerId: 0,
    myRole: null,
    myMuteUntil: 0,
    applied,
    members: [],
    pendingApplications: 0,
    disbanded: false,
  }
}
