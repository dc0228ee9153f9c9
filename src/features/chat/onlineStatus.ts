/** Which one-to-one peers the conversation list asks the online status of (在线 / 离线). */
import type { Conversation } from '@/TUIKit/engine/types'
import { ChatLimits } from '@rules/chat'

/** The peers of the first C2C rows (a call's worth), in list order. */
export function statusPeers(conversations: readonly Conversation[]): string[] {
  const peers: string[] = []
  for (const c of conversations) {
    if (c.type !== 'C2C' || !/^[0-9]+$/.test(c.userProfile.userID)) continue
    peers.push(c.userProfile.userID)
    if (peers.length === ChatLimits.userStatusMax) break
  }
  return peers
}

/** 在线 / 离线 for a peer whose status is known; '' when it is not (0, or not asked). */
export function statusText(statusType: number | undefined): string {
  if (statusType === 1) return '在线'
  if (statusType === 2) return '离线'
  return ''
}
