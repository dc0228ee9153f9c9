/** The conversation list's online status: which peers are asked, and what a row says. */
import { statusPeers, statusText } from '@/features/chat/onlineStatus'
import type { Conversation } from '@/TUIKit/engine/types'

const row = (type: 'C2C' | 'GROUP', userID: string): Conversation =>
  ({ type, userProfile: { userID, nick: '', avatar: '' } }) as Conversation

describe('online status rows', () => {
  it('asks only one-to-one peers, in list order, at most a call of them', () => {
    expect(statusPeers([row('C2C', '3'), row('GROUP', ''), row('C2C', '9')])).toEqual(['3', '9'])
    // A system account (not a reader's number) is not asked.
    expect(statusPeers([row('C2C', 'administrator')])).toEqual([])
    const many = Array.from({ length: 150 }, (_, i) => row('C2C', String(i + 1)))
    expect(statusPeers(many)).toHaveLength(100)
  })

  it('says 在线 or 离线 only when known', () => {
    expect(statusText(1)).toBe('在线')
    expect(statusText(2)).toBe('离线')
    expect(statusText(0)).toBe('')
    expect(statusText(undefined)).toBe('')
  })
})
