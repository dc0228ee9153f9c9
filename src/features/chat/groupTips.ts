/**
 * The line a group tip shows (and the conversation row's abstract of one): who joined, quit, was
 * removed, made admin, muted; what changed in the group. "你" when it is about me.
 */
import dayjs from '@/core/dayjs'
import type { GroupTipPayload } from '@/types/api/chat'
import { GroupTipOperation } from '@rules/chat'

/** What the viewer of a tip adds to its payload. */
export interface TipViewer {
  /** The tip message's time (unix seconds): a mute's end is counted from it. */
  timeSec?: number
  /** The viewer is the group's owner or an admin: they see every mute's end. */
  isManager?: boolean
}

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
  if (g.notification !== undefined) {
    const text = g.notification.trim()
    return text ? `${who}发布了新的群公告：${text}` : `${who}清空了群公告`
  }
  if (g.joinOption !== undefined) return `${who}将入群方式改为“${JOIN_LABEL[g.joinOption]}”`
  if (g.avatar !== undefined) return `${who}修改了群头像`
  if (g.introduction !== undefined) return `${who}修改了群简介`
  return `${who}修改了群资料`
}

/**
 * When a mute that began at `startSec` for `seconds` ends, in the device's time zone: 14:30 the
 * same day, else 12月1日 14:30.
 */
export function muteEndText(startSec: number, seconds: number): string {
  const start = dayjs(startSec * 1000)
  const end = dayjs((startSec + seconds) * 1000)
  return end.isSame(start, 'day') ? end.format('HH:mm') : end.format('M月D日 HH:mm')
}

function muteText(
  m: { userID: string; muteTime?: number },
  who: string,
  me: string,
  nickOf: (id: string) => string,
  viewer: TipViewer,
): string {
  if (!m.muteTime) return `${nickOf(m.userID)}被${who}解除禁言`
  const text = `${nickOf(m.userID)}被${who}禁言${muteDurationText(m.muteTime)}`
  const seesEnd = m.userID === me || viewer.isManager === true
  if (!seesEnd || viewer.timeSec === undefined) return text
  return `${text}，${muteEndText(viewer.timeSec, m.muteTime)}解除`
}

/**
 * The tip's line for `me`. With `viewer`, the muted member and the group's managers also read when
 * a mute ends.
 */
export function groupTipText(
  payload: Record<string, unknown>,
  me: string,
  viewer: TipViewer = {},
): string {
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
      return (p.memberList ?? []).map((m) => muteText(m, who, me, nickOf, viewer)).join('；')
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
    // Notices written before the fix carry a space before 创建了群聊 ("读者甲 创建了群聊").
    if (data.businessID === 'group_create') {
      return data.text ? data.text.replace(/\s+创建了群聊$/, '创建了群聊') : '群聊已创建'
    }
    if (data.businessID === 'friend_added') return data.text || '你们已经是书友了'
  } catch {
    // not JSON: not a tip
  }
  return null
}
