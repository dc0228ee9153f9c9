/**
 * What a group change tells its chat: the tips (rules/chat.ts GroupTipOperation) written inside the
 * change's transaction, and the pushes and the Tencent IM mirror's changes sent after its commit.
 */
import { inArray } from 'drizzle-orm'
import type { GroupTipPayload } from '@api/chat'
import { GroupTipOperation } from '@rules/chat'
import {
  postGroupMessage,
  pushGroupConversation,
  pushGroupMessages,
  type PendingPush,
} from '../../chat/groupConversation'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import type { MirrorChange } from '../../services/tencentIm'

export type TipOperation = (typeof GroupTipOperation)[keyof typeof GroupTipOperation]
export type NewGroupProfile = NonNullable<GroupTipPayload['newGroupProfile']>

/** Nicknames by user id. */
export async function nicknames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(inArray(users.id, unique))
  return new Map(rows.map((row) => [row.id, row.nickname]))
}

export interface Tip {
  operation: TipOperation
  operatorId: number
  /** Whom it is about (none for a profile change or the disbanding). */
  memberIds?: number[]
  /** memberMuted: the mute's length in seconds (0 unmuted). */
  muteTime?: number
  newGroupProfile?: NewGroupProfile
}

/** Writes a tip into the group's chat (inside the change's transaction). */
export async function postTip(
  app: AppContext,
  tx: Db,
  groupId: number,
  tip: Tip,
  now: Date,
): Promise<PendingPush> {
  const memberIds = tip.memberIds ?? []
  const nicks = await nicknames(tx, [tip.operatorId, ...memberIds])
  const payload: GroupTipPayload = {
    operationType: tip.operation,
    operatorID: String(tip.operatorId),
    operatorNick: nicks.get(tip.operatorId) ?? '',
    userIDList: memberIds.map(String),
    memberList: memberIds.map((id) => ({
      userID: String(id),
      nick: nicks.get(id) ?? '',
      ...(tip.muteTime === undefined ? {} : { muteTime: tip.muteTime }),
    })),
    ...(tip.newGroupProfile ? { newGroupProfile: tip.newGroupProfile } : {}),
  }
  return postGroupMessage(
    app,
    tx,
    groupId,
    { senderId: tip.operatorId, type: 'TIMGroupTipElem', payload },
    now,
  )
}

/** The custom message that opens a new group's chat: '<owner>创建了群聊' (no space, as WeChat). */
export async function postCreated(
  app: AppContext,
  tx: Db,
  groupId: number,
  ownerId: number,
  now: Date,
): Promise<PendingPush> {
  const nick = (await nicknames(tx, [ownerId])).get(ownerId) ?? ''
  const data = JSON.stringify({ businessID: 'group_create', text: `${nick}创建了群聊` })
  return postGroupMessage(
    app,
    tx,
    groupId,
    {
      senderId: ownerId,
      type: 'TIMCustomElem',
      payload: { data, description: 'group_create', extension: '' },
    },
    now,
  )
}

/** What a committed change still has to tell the members' connections. */
export interface ChatEffects {
  messages: PendingPush[]
  /** Fresh conversation views: to these members, or (`all`) to every active member. */
  views?: { userIds: number[] } | 'all'
  /** The same change for the group's Tencent IM twin (services/tencentIm), in order. */
  mirror?: MirrorChange[]
}

export const noEffects = (): ChatEffects => ({ messages: [] })

/**
 * After the commit: the messages, the views, then the mirror (none rejects: a mirror failure is
 * logged and the reader's change stands, see GroupMirrorQueue).
 */
export async function deliver(app: AppContext, groupId: number, fx: ChatEffects): Promise<void> {
  if (fx.messages.length > 0) await pushGroupMessages(app, fx.messages)
  if (fx.views === 'all') await pushGroupConversation(app, groupId)
  else if (fx.views && fx.views.userIds.length > 0) {
    await pushGroupConversation(app, groupId, fx.views.userIds)
  }
  if (fx.mirror && fx.mirror.length > 0) await app.groupMirror.push(groupId, fx.mirror)
}
