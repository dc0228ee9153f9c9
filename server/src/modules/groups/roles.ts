/** Roles and mutes: admins, a member's mute, handing the group to another member. */
import { and, eq } from 'drizzle-orm'
import { GroupTipOperation } from '@rules/chat'
import { GroupTexts, isManager, mayManage } from '@rules/groups'
import type { AppContext } from '../../context'
import { groupMembers, readingGroups } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { forbidden } from '../../http/errors'
import { mirrorChange, type MirrorChange } from '../../services/tencentIm'
import { lockGroup, requireOwner, roleOf, shareCaller, targetMember } from './access'
import { deliver, noEffects, postTip, type ChatEffects } from './tips'
import { muteSeconds } from './views'

const memberKey = (groupId: number, userId: number) =>
  and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId))

/** The owner makes a member an admin (`admin`) or a plain member again; a no-op when it is so. */
export async function setAdmin(
  app: AppContext,
  caller: Caller,
  groupId: number,
  userId: number,
  admin: boolean,
): Promise<void> {
  const me = caller.userId
  const now = new Date(app.clock.now())
  const fx = await inTx(app.db, async (tx): Promise<ChatEffects> => {
    await shareCaller(tx, me)
    requireOwner(await lockGroup(tx, groupId), me)
    const target = await targetMember(tx, groupId, me, userId)
    const role = admin ? 'admin' : 'member'
    if (target.role === role) return noEffects()
    await tx.update(groupMembers).set({ role }).where(memberKey(groupId, userId))
    const operation = admin ? GroupTipOperation.setAdmin : GroupTipOperation.cancelAdmin
    const tip = { operation, operatorId: me, memberIds: [userId] }
    return {
      messages: [await postTip(app, tx, groupId, tip, now)],
      views: { userIds: [userId] },
      mirror: [mirrorChange('setAdmin', groupId, userId, admin)],
    }
  })
  await deliver(app, groupId, fx)
}

/**
 * Mutes a member for `seconds` (0 unmutes): the owner anyone but themself, an admin plain members
 * only. Unmuting someone not muted changes nothing.
 */
export async function muteMember(
  app: AppContext,
  caller: Caller,
  groupId: number,
  userId: number,
  seconds: number,
): Promise<void> {
  const me = caller.userId
  const nowMs = app.clock.now()
  const now = new Date(nowMs)
  const fx = await inTx(app.db, async (tx): Promise<ChatEffects> => {
    await shareCaller(tx, me)
    await lockGroup(tx, groupId)
    const role = await roleOf(tx, groupId, me)
    if (!isManager(role)) throw forbidden(role ? GroupTexts.adminOnly : GroupTexts.notMember)
    const target = await targetMember(tx, groupId, me, userId)
    if (!mayManage(role, target.role)) throw forbidden(GroupTexts.membersOnlyForAdmins)
    if (seconds === 0 && muteSeconds(target.muteUntil, nowMs) === 0) return noEffects()
    const muteUntil = seconds > 0 ? new Date(nowMs + seconds * 1000) : null
    await tx.update(groupMembers).set({ muteUntil }).where(memberKey(groupId, userId))
    const tip = {
      operation: GroupTipOperation.memberMuted,
      operatorId: me,
      memberIds: [userId],
      muteTime: seconds,
    }
    return {
      messages: [await postTip(app, tx, groupId, tip, now)],
      views: { userIds: [userId] },
      mirror: [mirrorChange('muteMember', groupId, userId, seconds)],
    }
  })
  await deliver(app, groupId, fx)
}

/** The owner hands the group to another member and becomes a plain member. */
export async function transferOwner(
  app: AppContext,
  caller: Caller,
  groupId: number,
  userId: number,
): Promise<void> {
  const me = caller.userId
  const nowMs = app.clock.now()
  const now = new Date(nowMs)
  const fx = await inTx(app.db, async (tx): Promise<ChatEffects> => {
    await shareCaller(tx, me)
    requireOwner(await lockGroup(tx, groupId), me)
    const target = await targetMember(tx, groupId, me, userId)
    // The new owner's mute ends here; Tencent is told so before the handover.
    const mirror: MirrorChange[] =
      muteSeconds(target.muteUntil, nowMs) > 0
        ? [mirrorChange('muteMember', groupId, userId, 0)]
        : []
    mirror.push(mirrorChange('transferOwner', groupId, userId))
    await tx
      .update(groupMembers)
      .set({ role: 'owner', muteUntil: null })
      .where(memberKey(groupId, userId))
    await tx.update(groupMembers).set({ role: 'member' }).where(memberKey(groupId, me))
    await tx
      .update(readingGroups)
      .set({ ownerId: userId, updatedAt: now })
      .where(eq(readingGroups.id, groupId))
    const tip = {
      operation: GroupTipOperation.profileUpdated,
      operatorId: me,
      newGroupProfile: { ownerID: String(userId) },
    }
    const posted = await postTip(app, tx, groupId, tip, now)
    return { messages: [posted], views: { userIds: [me, userId] }, mirror }
  })
  await deliver(app, groupId, fx)
}
