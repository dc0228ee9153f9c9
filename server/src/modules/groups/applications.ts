/** Applications to join approval groups: the list an owner or admin handles, and handling one. */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { GroupApplication } from '@api/groups'
import { USER_NOT_FOUND } from '@api/groups'
import { GroupLimits, GroupTexts } from '@rules/groups'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import { groupApplications, groupMembers, readingGroups, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import { findLiveUserById } from '../../db/users'
import type { Caller } from '../../http/auth'
import { AppError, badRequest, notFound } from '../../http/errors'
import { mirrorChange } from '../../services/tencentIm'
import { liveGroup, lockGroup, memberRow, requireManager, shareCaller } from './access'
import { addMembers, requireRoom } from './membership'
import { deliver, noEffects, type ChatEffects } from './tips'

/**
 * Waiting applications to the groups the caller owns or administers (the newest first, at most
 * GroupLimits.applicationListMax); with `groupId` that group only (403 unless owner or admin).
 */
export async function applicationList(
  app: AppContext,
  caller: Caller,
  groupId: number | undefined,
): Promise<GroupApplication[]> {
  const me = caller.userId
  if (groupId !== undefined) {
    await liveGroup(app.db, groupId)
    await requireManager(app.db, groupId, me)
  }
  const managed = and(
    eq(groupMembers.groupId, groupApplications.groupId),
    eq(groupMembers.userId, me),
    inArray(groupMembers.role, ['owner', 'admin']),
  )
  const rows = await app.db
    .select({
      applicationId: groupApplications.id,
      groupId: groupApplications.groupId,
      groupName: readingGroups.name,
      userId: groupApplications.userId,
      nickname: users.nickname,
      avatar: users.avatar,
      reason: groupApplications.reason,
      createdAt: groupApplications.createdAt,
    })
    .from(groupApplications)
    .innerJoin(groupMembers, managed)
    .innerJoin(
      readingGroups,
      and(eq(readingGroups.id, groupApplications.groupId), isNull(readingGroups.disbandedAt)),
    )
    .innerJoin(users, and(eq(users.id, groupApplications.userId), isNull(users.deletedAt)))
    .where(
      and(
        eq(groupApplications.state, 'pending'),
        groupId === undefined ? undefined : eq(groupApplications.groupId, groupId),
      ),
    )
    .orderBy(desc(groupApplications.createdAt), desc(groupApplications.id))
    .limit(GroupLimits.applicationListMax)
  return rows.map(({ createdAt, ...row }) => ({ ...row, time: unixSeconds(createdAt.getTime()) }))
}

/**
 * Accepts or rejects a waiting application (the group's owner or an admin). Accepting adds the
 * applicant unless the group is full (400, it stays waiting); an applicant who is a member by now
 * is simply approved; one whose account is gone is rejected (404).
 */
export async function handleApplication(
  app: AppContext,
  caller: Caller,
  applicationId: number,
  accept: boolean,
): Promise<void> {
  const me = caller.userId
  const now = new Date(app.clock.now())
  const found = await app.db
    .select({ groupId: groupApplications.groupId })
    .from(groupApplications)
    .where(eq(groupApplications.id, applicationId))
  if (!found[0]) throw notFound(GroupTexts.applicationNotFound)
  const groupId = found[0].groupId
  const fx = await inTx<ChatEffects>(app.db, async (tx): Promise<ChatEffects | AppError> => {
    await shareCaller(tx, me)
    const group = await lockGroup(tx, groupId)
    await requireManager(tx, groupId, me)
    const [application] = await tx
      .select()
      .from(groupApplications)
      .where(eq(groupApplications.id, applicationId))
    if (application.state !== 'pending') throw badRequest(GroupTexts.applicationHandled)
    const decide = (state: 'approved' | 'rejected') =>
      tx
        .update(groupApplications)
        .set({ state, handledBy: me, handledAt: now })
        .where(eq(groupApplications.id, applicationId))
    if (!accept) {
      await decide('rejected')
      return noEffects()
    }
    const applicant = application.userId
    if (!(await findLiveUserById(tx, applicant))) {
      await decide('rejected')
      return notFound(USER_NOT_FOUND)
    }
    if (await memberRow(tx, groupId, applicant)) {
      await decide('approved')
      return noEffects()
    }
    requireRoom(group, 1)
    const by = { operatorId: applicant, handlerId: me }
    return {
      messages: [await addMembers(app, tx, group, [applicant], by, now)],
      mirror: [mirrorChange('addMembers', groupId, [applicant])],
    }
  })
  await deliver(app, groupId, fx)
}
