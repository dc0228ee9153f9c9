/**
 * The line a group tip shows (and the conversation row's abstract of one): who joined, quit, was
 * removed, made admin, muted; what changed in the group. "你" when it is about me.
 */
import type { GroupTipPayload } from '@/types/api/chat'
import { GroupTipOperation } from '@rules/chat'

const JOIN_LABEL: Record<string, string> = {
  free: '自由加入',
  approval: '需要验证',
  closed: '禁止加入',
}

/** 10分钟, 2小时, 3天: the largest whole unit. */
export function muteDurationText(seconds: number): string {
  if (seconds % 86400 === 0) return `${seconds / 86400}天`
  if (seconds % 3600 === 0) return `${seconds / 3600}小时`
  if (seconds % 60 === 0) return `${seconds / 60}分钟`
  return `${seconds}秒`
}

function profileText(p: GroupTipPayload, who: string, nickOf: (id: string) => string): string {
  const g = p.newGroupProfile ?? {}
  if (g.ownerID !== undefined) return `${who}将群主转让给${nickOf(g.ownerID)}`
  if (g.muteAllMembers !== undefined) {
    return g.muteAllMembers ? `${who}开启了全员禁言` : `${who}关闭了全员禁言`
  }
  if (g.groupName !== undefined) return `${who}修改群名称为“${g.groupName}”`
  if (g.notification !== undefined) return `${who}发布了新的群公告`
  if (g.joinOption !== undefined) return `${who}将入群方式改为“${JOIN_LABEL[g.joinOption]}”`
  if (g.avatar !== undefined) return `${who}修改了群头像`
  if (g.introduction !== undefined) return `${who}修改了群简介`
  return `${who}修改了群资料`
}

export function groupTipText(payload: Record<string, unknown>, me: string): string {
  const p = payload as unknown as GroupTipPayload
  const nicks = new Map((p.memberList ?? []).map((m) => [m.userID, m.nick]))
  const nickOf = (id: string) => (id === me ? '你' : nicks.get(id) || '书友')
  const names = (p.userIDList ?? []).map(nickOf).join('、')
  const who = p.operatorID === me ? '你' : p.operatorNick || '管理员'
  switch (p.operationType) {
    case GroupTipOperation.join: {
      const self = p.userIDList?.length === 1 && p.userIDList[0] === p.operatorID
      return self || !p.operatorID ? `${names}加入了群聊` : `${who}邀请${names}加入了群聊`
    }
    case GroupTipOperation.quit:
      return `${names}退出了群聊`
    case GroupTipOperation.kicked:
      return `${names}被${who}移出了群聊`
    case GroupTipOperation.setAdmin:
      return `${names}被设置为管理员`
    case GroupTipOperation.cancelAdmin:
      return `${names}被取消了管理员`
    case GroupTipOperation.profileUpdated:
      return profileText(p, who, nickOf)
    case GroupTipOperation.memberMuted:
      return (p.memberList ?? [])
        .map((m) =>
          m.muteTime
            ? `${nickOf(m.userID)}被${who}禁言${muteDurationText(m.muteTime)}`
            : `${nickOf(m.userID)}被${who}解除禁言`,
        )
        .join('，')
    case GroupTipOperation.disbanded:
      return `${who}解散了群聊`
    default:
      return '[群提示]'
  }
}

/** Custom messages that read as a tip line in the middle: a group created, friends made. */
export function customTipText(payload: Record<string, unknown>): string | null {
  try {
    const data = JSON.parse(String(payload.data ?? '')) as { businessID?: string; text?: string }
    if (data.businessID === 'group_create') return data.text || '群聊已创建'
    if (data.businessID === 'friend_added') return data.text || '你们已经是书友了'
  } catch {
    // not JSON: not a tip
  }
  return null
}
