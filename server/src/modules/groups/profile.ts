/** Creating a group and changing its profile. */
import { and, eq } from 'drizzle-orm'
import type { GroupDetail, JoinMode } from '@api/groups'
import { GroupTipOperation } from '@rules/chat'
import {
  announcementError,
  groupNameError,
  GroupTexts,
  introductionError,
  isManager,
} from '@rules/groups'
import { Rates } from '@rules/limits'
import { BLOCKED_TEXT_MESSAGE, findBlockedWords } from '@rules/moderation'
import { openGroupConversation } from '../../chat/groupConversation'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { groupMembers, readingGroups, uploads } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest, forbidden } from '../../http/errors'
import { refuseOverRate } from '../../http/rates'
import { mirrorChange, type MirrorChange } from '../../services/tencentIm'
import { parseUploadUrl, UPLOAD_URL_PREFIX } from '../common/uploadNames'
import {
  lockGroup,
  lockReaderRate,
  othersThan,
  requireFriends,
  roleOf,
  shareCaller,
} from './access'
import { deliver, postCreated, postTip, type ChatEffects, type NewGroupProfile } from './tips'
import { detailFor } from './views'

export const AVATAR_INVALID = '群头像图片无效，请重新上传'

function check(problem: string | null): void {
  if (problem) throw badRequest(problem)
}

function checkClean(text: string): void {
  if (findBlockedWords(text).length > 0) throw badRequest(BLOCKED_TEXT_MESSAGE)
}

/** The avatar as stored: '' or '/uploads/<name>' of an upload of the caller's (400 otherwise). */
async function ownAvatar(tx: Db, userId: number, url: string): Promise<string> {
  if (url === '') return ''
  const name = parseUploadUrl(url)
  const owned = name
    ? await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.name, name), eq(uploads.userId, userId)))
    : []
  if (owned.length === 0) throw badRequest(AVATAR_INVALID)
  return `${UPLOAD_URL_PREFIX}${name}`
}

export interface NewGroup {
  name: string
  avatar?: string
  introduction?: string
  userIds: number[]
  joinMode?: JoinMode
}

/**
 * A new group: the caller owns it, the invited friends are its members, its chat opens with the
 * group_create message.
 */
export async function createGroup(
  app: AppContext,
  caller: Caller,
  input: NewGroup,
): Promise<GroupDetail> {
  const name = input.name.trim()
  const introduction = (input.introduction ?? '').trim()
  check(groupNameError(name))
  check(introductionError(introduction))
  checkClean(name)
  checkClean(introduction)
  const me = caller.userId
  const invited = othersThan(me, input.userIds)
  if (invited.length === 0) throw badRequest(GroupTexts.noInvitees)
  const nowMs = app.clock.now()
  const now = new Date(nowMs)
  const { detail, groupId, fx } = await inTx(app.db, async (tx) => {
    await shareCaller(tx, me)
    await lockReaderRate(tx, me)
    await refuseOverRate(
      tx,
      Rates.groupCreate,
      { table: readingGroups, user: readingGroups.ownerId, at: readingGroups.createdAt },
      me,
      nowMs,
    )
    await requireFriends(tx, me, invited)
    const avatar = await ownAvatar(tx, me, input.avatar ?? '')
    const [group] = await tx
      .insert(readingGroups)
      .values({
        name,
        avatar,
        introduction,
        ownerId: me,
        joinMode: input.joinMode ?? 'approval',
        memberCount: 1 + invited.length,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: readingGroups.id })
    await tx
      .insert(groupMembers)
      .values([
        { groupId: group.id, userId: me, role: 'owner' as const, joinedAt: now },
        ...invited.map((userId) => ({ groupId: group.id, userId, joinedAt: now })),
      ])
    const conversationId = await openGroupConversation(tx, group.id, [me, ...invited], now)
    await tx.update(readingGroups).set({ conversationId }).where(eq(readingGroups.id, group.id))
    const created = await postCreated(app, tx, group.id, me, now)
    // Then 「<owner>邀请<members>加入了群聊」, as an invitation later tells it.
    const tip = { operation: GroupTipOperation.join, operatorId: me, memberIds: invited }
    const joined = await postTip(app, tx, group.id, tip, now)
    const mirror: MirrorChange[] = [
      mirrorChange('createGroup', {
        groupId: group.id,
        name,
        avatar,
        introduction,
        ownerId: me,
        memberIds: invited,
        joinMode: input.joinMode ?? 'approval',
      }),
    ]
    const fx: ChatEffects = { messages: [created, joined], mirror }
    return { detail: await detailFor(tx, group.id, me, nowMs), groupId: group.id, fx }
  })
  await deliver(app, groupId, fx)
  return detail
}

export interface ProfileChanges {
  name?: string
  avatar?: string
  introduction?: string
  announcement?: string
  joinMode?: JoinMode
  muteAll?: boolean
}

/** The changes checked before any transaction (the texts' rules). */
export function checkProfileChanges(changes: ProfileChanges): ProfileChanges {
  const out: ProfileChanges = { ...changes }
  if (out.name !== undefined) {
    out.name = out.name.trim()
    check(groupNameError(out.name))
    checkClean(out.name)
  }
  if (out.introduction !== undefined) {
    out.introduction = out.introduction.trim()
    check(introductionError(out.introduction))
    checkClean(out.introduction)
  }
  if (out.announcement !== undefined) {
    out.announcement = out.announcement.trim()
    check(announcementError(out.announcement))
    checkClean(out.announcement)
  }
  return out
}

/**
 * Changes the profile (the owner and admins; 403 for anyone else). What really changed goes to
 * the chat as one profileUpdated tip; when nothing changed, nothing is written.
 */
export async function updateGroup(
  app: AppContext,
  caller: Caller,
  groupId: number,
  changes: ProfileChanges,
): Promise<GroupDetail> {
  const me = caller.userId
  const nowMs = app.clock.now()
  const now = new Date(nowMs)
  const { detail, fx } = await inTx(app.db, async (tx) => {
    await shareCaller(tx, me)
    const group = await lockGroup(tx, groupId)
    if (!isManager(await roleOf(tx, groupId, me))) throw forbidden(GroupTexts.editAdminOnly)
    const fields: Partial<typeof readingGroups.$inferInsert> = {}
    const told: NewGroupProfile = {}
    if (changes.name !== undefined && changes.name !== group.name) {
      fields.name = told.groupName = changes.name
    }
    if (changes.avatar !== undefined) {
      // The avatar it has (as a path or an absolute URL) is kept whoever uploaded it.
      const name = parseUploadUrl(changes.avatar)
      const same =
        changes.avatar === group.avatar ||
        (name !== null && `${UPLOAD_URL_PREFIX}${name}` === group.avatar)
      const avatar = same ? group.avatar : await ownAvatar(tx, me, changes.avatar)
      if (avatar !== group.avatar) fields.avatar = told.avatar = avatar
    }
    if (changes.introduction !== undefined && changes.introduction !== group.introduction) {
      fields.introduction = told.introduction = changes.introduction
    }
    if (changes.announcement !== undefined && changes.announcement !== group.announcement) {
      fields.announcement = told.notification = changes.announcement
    }
    if (changes.joinMode !== undefined && changes.joinMode !== group.joinMode) {
      fields.joinMode = told.joinOption = changes.joinMode
    }
    if (changes.muteAll !== undefined && changes.muteAll !== group.muteAll) {
      fields.muteAll = told.muteAllMembers = changes.muteAll
    }
    const fx: ChatEffects = { messages: [] }
    if (Object.keys(fields).length > 0) {
      await tx
        .update(readingGroups)
        .set({ ...fields, updatedAt: now })
        .where(eq(readingGroups.id, groupId))
      const tip = {
        operation: GroupTipOperation.profileUpdated,
        operatorId: me,
        newGroupProfile: told,
      }
      // Its push refreshes every member's view of the conversation (name, avatar, mute all).
      fx.messages.push(await postTip(app, tx, groupId, tip, now))
      fx.mirror = [
        mirrorChange('updateGroup', {
          groupId,
          name: fields.name,
          avatar: fields.avatar,
          introduction: fields.introduction,
          notification: fields.announcement,
          joinMode: fields.joinMode,
          muteAll: fields.muteAll,
        }),
      ]
    }
    return { detail: await detailFor(tx, groupId, me, nowMs), fx }
  })
  await deliver(app, groupId, fx)
  return detail
}
