/**
 * The group pages' own rules, pure: what a role may do to a member (as the server allows it), the
 * join button by where the reader stands, the mute durations, the announcement's count and limit,
 * what a profile edit sends, the route's id.
 */
import {
  announcementState,
  canAskToJoin,
  canManage,
  DETAIL_JOIN_TEXT,
  groupIdOf,
  joinState,
  memberActions,
  MUTE_CHOICES,
  muteSecondsAt,
  ROW_JOIN_TEXT,
} from '@/features/groups/groupRules'
import { groupNameError } from '@/features/groups/public'
import { profileChanges } from '@/features/groups/useGroupEdit'
import type { GroupRole, JoinMode } from '@/types/api/groups'

const NOW = 1_800_000_000
const member = (role: GroupRole, muteUntil = 0) => ({ role, muteUntil })

describe('memberActions', () => {
  it('lets the owner set admins, mute, remove and hand over, to anyone but the owner', () => {
    expect(memberActions('owner', member('member'), NOW)).toEqual([
      'setAdmin',
      'mute',
      'remove',
      'transfer',
    ])
    expect(memberActions('owner', member('admin'), NOW)).toEqual([
      'unsetAdmin',
      'mute',
      'remove',
      'transfer',
    ])
    expect(memberActions('owner', member('owner'), NOW)).toEqual([])
  })

  it('lets an admin mute and remove plain members only', () => {
    expect(memberActions('admin', member('member'), NOW)).toEqual(['mute', 'remove'])
    expect(memberActions('admin', member('admin'), NOW)).toEqual([])
    expect(memberActions('admin', member('owner'), NOW)).toEqual([])
  })

  it('gives a plain member or an outsider nothing', () => {
    for (const target of ['owner', 'admin', 'member'] as const) {
      expect(memberActions('member', member(target), NOW)).toEqual([])
      expect(memberActions(null, member(target), NOW)).toEqual([])
    }
  })

  it('offers unmute while the mute lasts, mute once it has ended', () => {
    expect(memberActions('admin', member('member', NOW + 60), NOW)).toEqual(['unmute', 'remove'])
    expect(memberActions('admin', member('member', NOW), NOW)).toEqual(['mute', 'remove'])
    expect(memberActions('owner', member('admin', NOW + 1), NOW)[1]).toBe('unmute')
  })
})

describe('mute durations', () => {
  it('are 10 minutes, 1 hour, 1 day and 7 days, in the action sheet order', () => {
    expect(MUTE_CHOICES.map((c) => [c.label, c.seconds])).toEqual([
      ['10分钟', 600],
      ['1小时', 3600],
      ['1天', 86400],
      ['7天', 604800],
    ])
    expect([0, 1, 2, 3].map(muteSecondsAt)).toEqual([600, 3600, 86400, 604800])
    expect(muteSecondsAt(4)).toBeNull()
    expect(muteSecondsAt(-1)).toBeNull()
  })
})

describe('announcementState', () => {
  it('counts characters (an emoji once) and refuses more than 150', () => {
    expect(announcementState('')).toEqual({ count: 0, over: false, error: '' })
    expect(announcementState('读'.repeat(150))).toEqual({ count: 150, over: false, error: '' })
    expect(announcementState('📚'.repeat(150)).over).toBe(false)
    expect(announcementState('读'.repeat(151))).toEqual({
      count: 151,
      over: true,
      error: '群公告字数超出限制，最大长度为150',
    })
  })

  it('counts the text trimmed, as the server does', () => {
    expect(announcementState(`  ${'读'.repeat(150)}\n`)).toEqual({
      count: 150,
      over: false,
      error: '',
    })
  })
})

describe('joinState and the join buttons', () => {
  const g = (joinMode: JoinMode, myRole: GroupRole | null = null, applied = false) => ({
    joinMode,
    myRole,
    applied,
  })

  it('follows the join mode for someone outside the group', () => {
    expect(joinState(g('free'))).toBe('join')
    expect(joinState(g('approval'))).toBe('apply')
    expect(joinState(g('approval', null, true))).toBe('applied')
    expect(joinState(g('closed'))).toBe('closed')
  })

  it('is member for any role, and disbanded above all', () => {
    for (const role of ['owner', 'admin', 'member'] as const) {
      expect(joinState(g('closed', role))).toBe('member')
    }
    expect(joinState({ ...g('free', 'member'), disbanded: true })).toBe('disbanded')
  })

  it('labels the detail page and the search rows', () => {
    expect(DETAIL_JOIN_TEXT.join).toBe('加入群聊')
    expect(DETAIL_JOIN_TEXT.apply).toBe('申请加入')
    expect(DETAIL_JOIN_TEXT.applied).toBe('已申请')
    expect(DETAIL_JOIN_TEXT.closed).toBe('该群不允许加入')
    expect(DETAIL_JOIN_TEXT.member).toBeNull()
    expect([ROW_JOIN_TEXT.join, ROW_JOIN_TEXT.apply, ROW_JOIN_TEXT.applied]).toEqual([
      '加入',
      '申请',
      '已申请',
    ])
    expect(ROW_JOIN_TEXT.member).toBe('已加入')
  })

  it('sends only for join and apply', () => {
    expect(canAskToJoin('join')).toBe(true)
    expect(canAskToJoin('apply')).toBe(true)
    for (const s of ['member', 'applied', 'closed', 'disbanded'] as const) {
      expect(canAskToJoin(s)).toBe(false)
    }
  })
})

describe('canManage', () => {
  it('is the owner and admins of a living group', () => {
    expect(canManage({ myRole: 'owner', disbanded: false })).toBe(true)
    expect(canManage({ myRole: 'admin', disbanded: false })).toBe(true)
    expect(canManage({ myRole: 'member', disbanded: false })).toBe(false)
    expect(canManage({ myRole: null, disbanded: false })).toBe(false)
    expect(canManage({ myRole: null, disbanded: true })).toBe(false)
  })
})

describe('the group name (shared rule)', () => {
  it('is checked trimmed, blank first, then the pattern', () => {
    expect(groupNameError('  ')).toBe('群名称不能为空')
    expect(groupNameError('读')).toBe('群名称只能包含中文、字母、数字和下划线，长度为2-20')
    expect(groupNameError('读书 会')).toBe('群名称只能包含中文、字母、数字和下划线，长度为2-20')
    expect(groupNameError(' 论语_读书会2 ')).toBeNull()
  })
})

describe('profileChanges', () => {
  const detail = {
    groupId: 3,
    name: '论语读书会',
    avatar: '/uploads/a.png',
    introduction: '每周一章',
  }

  it('sends only what changed, trimmed', () => {
    expect(
      profileChanges(detail, {
        name: ' 论语读书会 ',
        avatar: detail.avatar,
        introduction: '每周一章',
      }),
    ).toBeNull()
    expect(
      profileChanges(detail, {
        name: '孟子读书会',
        avatar: detail.avatar,
        introduction: ' 每周两章 ',
      }),
    ).toEqual({ groupId: 3, name: '孟子读书会', introduction: '每周两章' })
  })

  it('clears the avatar with an empty text', () => {
    expect(profileChanges(detail, { ...detail, avatar: '' })).toEqual({ groupId: 3, avatar: '' })
  })
})

describe('groupIdOf', () => {
  it('reads a positive integer, else 0', () => {
    expect(groupIdOf('12')).toBe(12)
    for (const bad of [undefined, '', '0', '-3', '1.5', 'abc']) expect(groupIdOf(bad)).toBe(0)
  })
})
