/** Who is in a group: joining, applying, inviting, quitting, removing, disbanding. */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { JoinRes } from '@api/groups'
import { GroupTipOperation } from '@rules/chat'
import { GroupLimits, GroupTexts, isManager, mayManage } from '@rules/groups'
import { Rates } from '@rules/limits'
import {
  addGroupChatMembers,
  removeGroupChatMembers,
  type PendingPush,
} from '../../chat/groupConversation'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { groupApplications, groupMembers, readingGroups } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest, forbidden } from '../../http/errors'
import { refuseOverRate } from '../../http/rates'
import { mirrorChange } from '../../services/tencentIm'
import {
  friendsAmong,
  lockGroup,
  memberRow,
  memberRows,
  othersThan,
  lockReaderRate,
  requireOwner,
  roleOf,
  shareCaller,
  type GroupRow,
} from './access'
import { deliver, noEffects, postTip, type ChatEffects } from './tips'

/** 400 when `adding` more members would pass the limit. */
export function requireRoom(group: GroupRow, adding: number): void {
  if (group.memberCount + adding > GroupLimits.maxMembers) throw badRequest(GroupTexts.full)
}

/**
 * New members (plain members, joined now) with their chat rows and the join tip: `operatorId` is
 * the joiner themself or whoever invited them. Their waiting applications are approved by
 * `handlerId`.
 */
export async function addMembers(
  app: AppContext,
  tx: Db,
  group: GroupRow,
  userIds: number[],
  by: { operatorId: number; handlerId: number },
  now: Date,
): Promise<PendingPush> {
  await tx
    .insert(groupMembers)
    .values(userIds.map((userId) => ({ groupId: group.id, userId, joinedAt: now })))
  await tx
    .update(readingGroups)
    .set({ memberCount: sql`${readingGroups.memberCount} + ${userIds.length}` })
    .where(eq(readingGroups.id, group.id))
  await tx
    .update(groupApplications)
    .set({ state: 'approved', handledBy: by.handlerId, handledAt: now })
    .where(
      and(
        eq(groupApplications.groupId, group.id),
        inArray(groupApplications.userId, userIds),
        eq(groupApplications.state, 'pending'),
      ),
    )
  await addGroupChatMembers(tx, group.id, userIds, now)
  const tip = { operation: GroupTipOperation.join, operatorId: by.operatorId, memberIds: userIds }
  return postTip(app, tx, group.id, tip, now)
}

/** Members out: their rows, the count, then their chat (after the tip about them was posted). */
async function removeMembers(tx: Db, groupId: number, userIds: number[]): Promise<void> {
  await tx
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, userIds)))
  await tx
    .update(readingGroups)
    .set({ memberCount: sql`${readingGroups.memberCount} - ${userIds.length}` })
    .where(eq(readingGroups.id, groupId))
  await removeGroupChatMembers(tx, groupId, userIds)
}

/** An application to join: a waiting one is updated (reason, time) instead of a second. */
async function apply(
  tx: Db,
  groupId: number,
  userId: number,
  reason: string,
  nowMs: number,
): Promise<void> {
  const now = new Date(nowMs)
  const waiting = await tx
    .update(groupApplications)
    .set({ reason, createdAt: now })
    .where(
      and(
        eq(groupApplications.groupId, groupId),
        eq(groupApplications.userId, userId),
        eq(groupApplications.state, 'pending'),
      ),
    )
    .returning({ id: groupApplications.id })
  if (waiting.length > 0) return
  await lockReaderRate(tx, userId)
  await refuseOverRate(
    tx,
    Rates.groupApply,
    { table: groupApplications, user: groupApplications.userId, at: groupApplications.createdAt },
    userId,
    nowMs,
  )
  await tx.insert(groupApplications).values({ groupId, userId, reason, createdAt: now })
}

/**
 * Without `userIds` the caller joins (free), applies (approval) or is refused (closed); a member
 * is already in. With `userIds` the owner or an admin adds friends of theirs.
 */
export async function joinOrInvite(
  app: AppContext,
  caller: Caller,
  groupId: number,
  userIds: number[] | undefined,
  reason: string,
): Promise<JoinRes> {
  const me = caller.userId
  const nowMs = app.clock.now()
  const now = new Date(nowMs)
  const { res, fx } = await inTx(app.db, async (tx) => {
    await shareCaller(tx, me)
    const group = await lockGroup(tx, groupId)
    const fx = noEffects()
    if (userIds === undefined) {
      if (await memberRow(tx, groupId, me)) return { res: { state: 'joined' as const }, fx }
      if (group.joinMode === 'closed') throw forbidden(GroupTexts.closed)
      if (group.joinMode === 'approval') {
        await apply(tx, groupId, me, reason, nowMs)
        return { res: { state: 'applied' as const }, fx }
      }
      requireRoom(group, 1)
      const by = { operatorId: me, handlerId: me }
      fx.messages.push(await addMembers(app, tx, group, [me], by, now))
      fx.mirror = [mirrorChange('addMembers', groupId, [me])]
      return { res: { state: 'joined' as const }, fx }
    }
    const role = await roleOf(tx, groupId, me)
    if (!isManager(role)) throw forbidden(role ? GroupTexts.adminOnly : GroupTexts.notMember)
    const asked = othersThan(me, userIds)
    const already = new Set((await memberRows(tx, groupId, asked)).map((row) => row.userId))
    const newcomers = asked.filter((id) => !already.has(id))
    const friends = await friendsAmong(tx, me, newcomers)
    if (newcomers.some((id) => !friends.has(id))) throw badRequest(GroupTexts.onlyFriends)
    if (newcomers.length > 0) {
      requireRoom(group, newcomers.length)
      const by = { operatorId: me, handlerId: me }
      fx.messages.push(await addMembers(app, tx, group, newcomers, by, now))
      fx.mirror = [mirrorChange('addMembers', groupId, newcomers)]
    }
    return { res: { state: 'invited' as const }, fx }
  })
  await deliver(app, groupId, fx)
  return res
}

/**
 * Without `userIds` the caller quits (not the owner). With them, the owner removes anyone but
 * themself, an admin plain members only; any member out of reach refuses the whole call.
 */
export async function leaveOrRemove(
  app: AppContext,
  caller: Caller,
  groupId: number,
  userIds: number[] | undefined,
): Promise<void> {
  const me = caller.userId
  const now = new Date(app.clock.now())
  const fx = await inTx(app.db, async (tx): Promise<ChatEffects> => {
    await shareCaller(tx, me)
    await lockGroup(tx, groupId)
    const role = await roleOf(tx, groupId, me)
    if (userIds === undefined) {
      if (!role) throw forbidden(GroupTexts.notMember)
      if (role === 'owner') throw badRequest(GroupTexts.ownerCannotQuit)
      const tip = { operation: GroupTipOperation.quit, operatorId: me, memberIds: [me] }
      const posted = await postTip(app, tx, groupId, tip, now)
      await removeMembers(tx, groupId, [me])
      return { messages: [posted], mirror: [mirrorChange('removeMembers', groupId, [me])] }
    }
    if (!isManager(role)) throw forbidden(role ? GroupTexts.adminOnly : GroupTexts.notMember)
    const targets = [...new Set(userIds)]
    if (targets.includes(me)) throw badRequest(GroupTexts.notSelf)
    const rows = await memberRows(tx, groupId, targets)
    if (rows.some((row) => !mayManage(role, row.role))) {
      throw forbidden(GroupTexts.membersOnlyForAdmins)
    }
    if (rows.length === 0) return noEffects()
    const removed = rows.map((row) => row.userId)
    const tip = { operation: GroupTipOperation.kicked, operatorId: me, memberIds: removed }
    const posted = await postTip(app, tx, groupId, tip, now)
    await removeMembers(tx, groupId, removed)
    return { messages: [posted], mirror: [mirrorChange('removeMembers', groupId, removed)] }
  })
  await deliver(app, groupId, fx)
}

/**
 * The owner disbands the group: the tip, every member out of its chat, waiting applications
 * rejected. The member rows stay: they say who was in it at the end (they see it disbanded).
 */
export async function disband(app: AppContext, caller: Caller, groupId: number): Promise<void> {
  const me = caller.userId
  const now = new Date(app.clock.now())
  const fx = await inTx(app.db, async (tx): Promise<ChatEffects> => {
    await shareCaller(tx, me)
    const group = await lockGroup(tx, groupId)
    requireOwner(group, me)
    const tip = { operation: GroupTipOperation.disbanded, operatorId: me }
    const posted = await postTip(app, tx, groupId, tip, now)
    const members = await tx
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, groupId))
    await removeGroupChatMembers(
      tx,
      groupId,
      members.map((row) => row.userId),
    )
    await tx
      .update(readingGroups)
      .set({ disbandedAt: now, updatedAt: now })
      .where(eq(readingGroups.id, groupId))
    await tx
      .update(groupApplications)
      .set({ state: 'rejected', handledBy: me, handledAt: now })
      .where(and(eq(groupApplications.groupId, groupId), eq(groupApplications.state, 'pending')))
    return { messages: [posted], mirror: [mirrorChange('disband', groupId)] }
  })
  await deliver(app, groupId, fx)
}
