import { followLabel } from '@/features/social/components/FollowButton'
import {
  actorName,
  MESSAGE_KINDS,
  MESSAGE_ROUTES,
  messageAction,
  sumUnread,
  unreadCount,
} from '@/features/social/messages'
import { MY_PROFILE_URL, profileUrl } from '@/features/social/openProfile'

describe('profileUrl', () => {
  it('opens my own profile for my id', () => {
    expect(profileUrl(7, 7)).toBe(MY_PROFILE_URL)
    expect(MY_PROFILE_URL).toBe('/pagesA/mine/userCenter')
  })
  it("opens someone else's user detail", () => {
    expect(profileUrl(8, 7)).toBe('/pagesA/friend/userDetail?id=8')
  })
  it('opens the user detail for a guest', () => {
    expect(profileUrl(7)).toBe('/pagesA/friend/userDetail?id=7')
    expect(profileUrl(7, null)).toBe('/pagesA/friend/userDetail?id=7')
  })
})

describe('unread counts', () => {
  it('sums the four kinds', () => {
    expect(sumUnread({ notice: 1, comment: 2, like: 3, follow: 4 })).toBe(10)
  })
  it('counts missing, negative and odd values as 0', () => {
    expect(sumUnread(null)).toBe(0)
    expect(sumUnread(undefined)).toBe(0)
    expect(sumUnread({ comment: 2 })).toBe(2)
    expect(
      sumUnread({ notice: -3, comment: NaN, like: 2.7, follow: '5' as unknown as number }),
    ).toBe(7)
  })
  it('reads a count', () => {
    expect(unreadCount(3)).toBe(3)
    expect(unreadCount('4')).toBe(4)
    expect(unreadCount(undefined)).toBe(0)
    expect(unreadCount(Infinity)).toBe(0)
    expect(unreadCount(-1)).toBe(0)
  })
})

describe('message rows', () => {
  it('has a page for each kind', () => {
    expect(MESSAGE_KINDS.map((k) => MESSAGE_ROUTES[k])).toEqual([
      '/pagesA/msg/notice',
      '/pagesA/msg/comment',
      '/pagesA/msg/likes',
      '/pagesA/msg/myFellow',
    ])
  })
  it('says what happened', () => {
    expect(messageAction({ kind: 'comment', content: '写得好', reply: false })).toBe(
      '评论了你的读后感：写得好',
    )
    expect(messageAction({ kind: 'like', content: '' })).toBe('赞了你的读后感')
    expect(messageAction({ kind: 'follow', content: '' })).toBe('关注了你')
    expect(messageAction({ kind: 'notice', content: '系统维护' })).toBe('系统维护')
  })
  it('names a video, and a comment on a video, as what was commented on or liked', () => {
    expect(messageAction({ kind: 'comment', content: '好看', videoId: 3, commentId: 9 })).toBe(
      '评论了你的视频：好看',
    )
    expect(messageAction({ kind: 'like', content: '', videoId: 3, commentId: null })).toBe(
      '赞了你的视频',
    )
    expect(messageAction({ kind: 'like', content: '', videoId: 3, commentId: 9 })).toBe(
      '赞了你的评论',
    )
    expect(
      messageAction({ kind: 'comment', content: '同意', reply: true, videoId: 3, commentId: 9 }),
    ).toBe('回复了你的评论：同意')
  })
  it('tells a reply to my comment as a reply, not as a comment on my post', () => {
    expect(messageAction({ kind: 'comment', content: '同意', reply: true })).toBe(
      '回复了你的评论：同意',
    )
  })
  it('keeps markup as plain text', () => {
    const payload = '<img src=x onerror=alert(1)>'
    expect(messageAction({ kind: 'comment', content: payload })).toBe(
      `评论了你的读后感：${payload}`,
    )
  })
  it('names an actor, or falls back', () => {
    expect(actorName({ actor: { userId: 1, nickname: '小明', avatar: '' } })).toBe('小明')
    expect(actorName({ actor: null })).toBe('书友')
    expect(actorName({ actor: { userId: 1, nickname: '', avatar: '' } })).toBe('书友')
  })
})

describe('followLabel', () => {
  it.each([
    [false, false, '关注'],
    [true, false, '已关注'],
    [false, true, '回关'],
    [true, true, '互相关注'],
  ])('followed %s, follows me %s: %s', (followed, followsMe, label) => {
    expect(followLabel(followed, followsMe)).toBe(label)
  })
})
