/**
 * Who may do what in a group: the group row (locked by every change, so role changes, joins and
 * removals of one group run one after another), the caller's membership and the role checks.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { GroupRole } from '@api/groups'
import { GroupTexts, isManager } from '@rules/groups'
import type { Db } from '../../db/client'
import { friendships, groupMembers, readingGroups, users } from '../../db/schema'
import { lockKey } from '../../db/tx'
import { badRequest, forbidden, loginRequired, notFound } from '../../http/errors'

export type GroupRow = typeof readingGroups.$inferSelect
export type MemberRow = typeof groupMembers.$inferSelect

/**
 * The caller's live account, share-locked (FOR KEY SHARE) for the change: a deleted account is
 * logged out, and the upload sweep (which locks the row FOR UPDATE) waits while an avatar is
 * attached. Not FOR UPDATE: the rows a change writes reference other readers (members, senders of
 * tips), whose key-share locks would otherwise wait on a reader's own change holding their row and
 * deadlock with it (say, an admin accepting X while X applies again or sends in the group chat).
 */
export async function shareCaller(tx: Db, userId: number): Promise<void> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('key share')
  if (!rows[0]) throw loginRequired()
}

/** Serialises one reader's rate-counted writes (group creations, applications) until the end. */
export const lockReaderRate = (tx: Db, userId: number): Promise<void> =>
  lockKey(tx, `groups:rate:${userId}`)

/** The group, not disbanded, locked until the transaction ends; 404 otherwise. */
export async function lockGroup(tx: Db, groupId: number): Promise<GroupRow> {
  const rows = await tx
    .select()
    .from(readingGroups)
    .where(and(eq(readingGroups.id, groupId), isNull(readingGroups.disbandedAt)))
    .for('update')
  if (!rows[0]) throw notFound(GroupTexts.notFound)
  return rows[0]
}

/** The group (disbanded or not), or undefined. */
export async function findGroup(db: Db, groupId: number): Promise<GroupRow | undefined> {
  const rows = await db.select().from(readingGroups).where(eq(readingGroups.id, groupId))
  return rows[0]
}

/** The group when it lives; 404 otherwise. */
export async function liveGroup(db: Db, groupId: number): Promise<GroupRow> {
  const group = await findGroup(db, groupId)
  if (!group || group.disbandedAt) throw notFound(GroupTexts.notFound)
  return group
}

export async function memberRow(
  db: Db,
  groupId: number,
  userId: number,
): Promise<MemberRow | undefined> {
  const rows = await db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
  return rows[0]
}

/** The member rows of these people (those who are members). */
export async function memberRows(db: Db, groupId: number, userIds: number[]): Promise<MemberRow[]> {
  if (userIds.length === 0) return []
  return db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, userIds)))
}

export async function roleOf(db: Db, groupId: number, userId: number): Promise<GroupRole | null> {
  return (await memberRow(db, groupId, userId))?.role ?? null
}

/** The caller's role; 403 when not a member. */
export async function requireMember(db: Db, groupId: number, userId: number): Promise<GroupRole> {
  const role = await roleOf(db, groupId, userId)
  if (!role) throw forbidden(GroupTexts.notMember)
  return role
}

/** The caller's role when owner or admin; 403 with `refusal` otherwise. */
export async function requireManager(
  db: Db,
  groupId: number,
  userId: number,
  refusal: string = GroupTexts.adminOnly,
): Promise<GroupRole> {
  const role = await roleOf(db, groupId, userId)
  if (!isManager(role)) throw forbidden(role ? refusal : GroupTexts.notMember)
  return role as GroupRole
}

/** 403 unless the caller owns the group. */
export function requireOwner(group: GroupRow, userId: number): void {
  if (group.ownerId !== userId) throw forbidden(GroupTexts.ownerOnly)
}

/** The member a role change is about: not the caller, and in the group (400 otherwise). */
export async function targetMember(
  db: Db,
  groupId: number,
  callerId: number,
  userId: number,
): Promise<MemberRow> {
  if (userId === callerId) throw badRequest(GroupTexts.notSelf)
  const row = await memberRow(db, groupId, userId)
  if (!row) throw badRequest(GroupTexts.targetNotMember)
  return row
}

/**
 * The caller's friends among `ids` (live accounts): one row per side in `friendships`, the
 * caller's side is read.
 */
export async function friendsAmong(db: Db, me: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: friendships.friendId })
    .from(friendships)
    .innerJoin(users, and(eq(users.id, friendships.friendId), isNull(users.deletedAt)))
    .where(and(eq(friendships.userId, me), inArray(friendships.friendId, ids)))
  return new Set(rows.map((row) => row.id))
}

/** Distinct ids, the caller left out, in the order given. */
export const othersThan = (me: number, ids: number[]): number[] =>
  [...new Set(ids)].filter((id) => id !== me)

/** 400 when any of `ids` is not one of the caller's friends. */
export async function requireFriends(db: Db, me: number, ids: number[]): Promise<void> {
  const friends = await friendsAmong(db, me, ids)
  if (ids.some((id) => !friends.has(id))) throw badRequest(GroupTexts.onlyFriends)
}
