/** The group lists: mine, the ones to find, and a group's members, admins and muted members. */
import { and, count, desc, eq, gt, ilike, inArray, isNull, ne, or, type SQL } from 'drizzle-orm'
import type { Page } from '@api/envelope'
import type { GroupBrief, GroupMember } from '@api/groups'
import { GroupTexts } from '@rules/groups'
import type { AppContext } from '../../context'
import { groupMembers, readingGroups, users } from '../../db/schema'
import type { Caller } from '../../http/auth'
import { pageOf, type Paging } from '../../http/paging'
import { liveGroup, requireManager, requireMember } from './access'
import {
  appliedBy,
  briefColumns,
  likePattern,
  memberUserJoin,
  membersWhere,
  roleFor,
  toBrief,
} from './views'

const live = isNull(readingGroups.disbandedAt)
const nameHas = (keyword?: string): SQL | undefined =>
  keyword ? ilike(readingGroups.name, likePattern(keyword)) : undefined

/** The caller's groups (not disbanded), the newest joined first. */
export async function myGroups(
  app: AppContext,
  caller: Caller,
  keyword: string | undefined,
  paging: Paging,
): Promise<Page<GroupBrief>> {
  const join = and(
    eq(groupMembers.groupId, readingGroups.id),
    eq(groupMembers.userId, caller.userId),
  )
  const where = and(live, nameHas(keyword))
  const [{ total }] = await app.db
    .select({ total: count() })
    .from(readingGroups)
    .innerJoin(groupMembers, join)
    .where(where)
  const rows = await app.db
    .select({ ...briefColumns, myRole: groupMembers.role, applied: appliedBy(caller.userId) })
    .from(readingGroups)
    .innerJoin(groupMembers, join)
    .where(where)
    .orderBy(desc(groupMembers.joinedAt), desc(readingGroups.id))
    .limit(paging.pageSize)
    .offset(paging.offset)
  return pageOf(rows.map(toBrief), total, paging)
}

/** Groups one may find and join: not disbanded, not closed; the newest first. */
export async function searchGroups(
  app: AppContext,
  caller: Caller,
  keyword: string | undefined,
  paging: Paging,
): Promise<Page<GroupBrief>> {
  const where = and(live, ne(readingGroups.joinMode, 'closed'), nameHas(keyword))
  const [{ total }] = await app.db.select({ total: count() }).from(readingGroups).where(where)
  const rows = await app.db
    .select({ ...briefColumns, myRole: roleFor(caller.userId), applied: appliedBy(caller.userId) })
    .from(readingGroups)
    .where(where)
    .orderBy(desc(readingGroups.createdAt), desc(readingGroups.id))
    .limit(paging.pageSize)
    .offset(paging.offset)
  return pageOf(rows.map(toBrief), total, paging)
}

/**
 * The members a keyword finds: in the nickname, or, when it is all digits (at most 12), also the
 * member with exactly that user ID (the in-chat member picker's search by user ID).
 */
function memberKeyword(keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined
  const byName = ilike(users.nickname, likePattern(keyword))
  return /^[0-9]{1,12}$/.test(keyword) ? or(byName, eq(users.id, Number(keyword))) : byName
}

/** A page of members in member order; `keyword` in the nickname, or a user ID. Members only. */
export async function memberList(
  app: AppContext,
  caller: Caller,
  groupId: number,
  keyword: string | undefined,
  paging: Paging,
): Promise<Page<GroupMember>> {
  const group = await liveGroup(app.db, groupId)
  await requireMember(app.db, groupId, caller.userId)
  const where = memberKeyword(keyword)
  let total = group.memberCount
  if (where) {
    const [row] = await app.db
      .select({ n: count() })
      .from(groupMembers)
      .innerJoin(users, memberUserJoin)
      .where(and(eq(groupMembers.groupId, groupId), where))
    total = row.n
  }
  const nowMs = app.clock.now()
  const list = await membersWhere(app.db, groupId, nowMs, where, paging.pageSize, paging.offset)
  return pageOf(list, total, paging)
}

/** The owner and the admins. Members only. */
export async function adminList(
  app: AppContext,
  caller: Caller,
  groupId: number,
): Promise<GroupMember[]> {
  await liveGroup(app.db, groupId)
  await requireMember(app.db, groupId, caller.userId)
  const managers = inArray(groupMembers.role, ['owner', 'admin'])
  return membersWhere(app.db, groupId, app.clock.now(), managers)
}

/** Members muted now. The owner and admins only. */
export async function bannedList(
  app: AppContext,
  caller: Caller,
  groupId: number,
): Promise<GroupMember[]> {
  await liveGroup(app.db, groupId)
  await requireManager(app.db, groupId, caller.userId, GroupTexts.adminOnly)
  const nowMs = app.clock.now()
  return membersWhere(app.db, groupId, nowMs, gt(groupMembers.muteUntil, new Date(nowMs)))
}
