import { groupStateOf } from '@/features/chat/groupState'
import {
  customTipText,
  groupTipText,
  muteDurationText,
  muteEndText,
} from '@/features/chat/groupTips'
import { atUserListOf, AT_ALL, insertMention, justTypedAt } from '@/features/chat/mentions'
import type { Conversation } from '@/TUIKit/engine/types'
import { ChatErrors, GroupTipOperation, MSG_AT_ALL } from '@rules/chat'

const ME = '7'

const group = (
  self: { role: 'Owner' | 'Admin' | 'Member' | ''; muteUntil?: number },
  muteAllMembers = false,
): Conversation => ({
  conversationID: 'GROUP3',
  type: 'GROUP',
  unreadCount: 0,
  isPinned: false,
  isMuted: false,
  draftText: '',
  userProfile: { userID: '', nick: '', avatar: '' },
  groupProfile: {
    groupID: '3',
    name: '读书会',
    avatar: '',
    ownerID: '1',
    muteAllMembers,
    memberCount: 3,
    selfInfo: { role: self.role, muteUntil: self.muteUntil ?? 0 },
  },
  lastMessage: null,
  lastSequence: 0,
  readSequence: 0,
  time: 0,
})

describe('group input state', () => {
  const now = 1_000_000
  it('a group chat is a group by its conversation ID before its conversation loads', () => {
    expect(groupStateOf(undefined, now, 'GROUP12')).toMatchObject({
      isGroup: true,
      groupId: '12',
      isManager: false,
      block: null,
    })
    expect(groupStateOf(undefined, now, 'C2C7')).toMatchObject({ isGroup: false, groupId: '' })
  })

  it('lets a member speak normally', () => {
    const s = groupStateOf(group({ role: 'Member' }), now)
    expect(s).toMatchObject({ isGroup: true, groupId: '3', isManager: false, block: null })
  })

  it('a muted member sees the mute text until the mute ends', () => {
    const s = groupStateOf(group({ role: 'Member', muteUntil: now + 60 }), now)
    expect(s.block).toBe(ChatErrors.muted.text)
    expect(s.blockEnds).toBe(now + 60)
    expect(groupStateOf(group({ role: 'Member', muteUntil: now - 1 }), now).block).toBeNull()
  })

  it('under mute-all only owner and admins speak', () => {
    expect(groupStateOf(group({ role: 'Member' }, true), now).block).toBe(ChatErrors.mutedAll.text)
    expect(groupStateOf(group({ role: 'Admin' }, true), now).block).toBeNull()
    expect(groupStateOf(group({ role: 'Owner' }, true), now).block).toBeNull()
  })

  it('a removed member reads only; after a disbanding the group is said to be gone', () => {
    expect(groupStateOf(group({ role: '' }), now).block).toBe(ChatErrors.removed.text)
    const gone = group({ role: '' })
    gone.lastMessage = {
      ID: '1-x',
      conversationID: 'GROUP3',
      conversationType: 'GROUP',
      sequence: 9,
      type: 'TIMGroupTipElem',
      payload: { operationType: GroupTipOperation.disbanded },
      from: '1',
      to: '3',
      nick: '',
      avatar: '',
      time: now,
      isRevoked: false,
      revoker: '',
      cloudCustomData: '',
      flow: 'in',
      status: 'success',
      progress: 1,
    }
    expect(groupStateOf(gone, now).block).toBe(ChatErrors.groupGone.text)
  })

  it('a C2C conversation is not a group', () => {
    const c2c = { ...group({ role: 'Member' }), type: 'C2C' as const, groupProfile: undefined }
    expect(groupStateOf(c2c, now)).toMatchObject({ isGroup: false, block: null })
  })
})

describe('group tips', () => {
  const tip = (operationType: number, over: Record<string, unknown> = {}) => ({
    operationType,
    operatorID: '1',
    operatorNick: '群主甲',
    userIDList: ['7'],
    memberList: [{ userID: '7', nick: '小七' }],
    ...over,
  })

  it('says who joined, quit, was removed or made admin; 你 when it is me', () => {
    expect(groupTipText(tip(GroupTipOperation.join), ME)).toBe('群主甲邀请你加入了群聊')
    expect(groupTipText(tip(GroupTipOperation.join, { operatorID: '7' }), ME)).toBe('你加入了群聊')
    expect(groupTipText(tip(GroupTipOperation.quit), '9')).toBe('小七退出了群聊')
    expect(groupTipText(tip(GroupTipOperation.kicked), '9')).toBe('小七被群主甲移出了群聊')
    expect(groupTipText(tip(GroupTipOperation.setAdmin), '9')).toBe('小七被设置为管理员')
    expect(groupTipText(tip(GroupTipOperation.cancelAdmin), '9')).toBe('小七被取消了管理员')
  })

  it('a group made with members, or members invited: 「A邀请B、C加入了群聊」', () => {
    const invited = tip(GroupTipOperation.join, {
      userIDList: ['7', '8'],
      memberList: [
        { userID: '7', nick: '小七' },
        { userID: '8', nick: '小八' },
      ],
    })
    expect(groupTipText(invited, '9')).toBe('群主甲邀请小七、小八加入了群聊')
    expect(groupTipText(invited, ME)).toBe('群主甲邀请你、小八加入了群聊')
    expect(groupTipText(invited, '1')).toBe('你邀请小七、小八加入了群聊')
  })

  it('says what changed in the group', () => {
    const profile = (g: Record<string, unknown>) =>
      groupTipText(tip(GroupTipOperation.profileUpdated, { newGroupProfile: g }), '9')
    expect(profile({ muteAllMembers: true })).toBe('群主甲开启了全员禁言')
    expect(profile({ muteAllMembers: false })).toBe('群主甲关闭了全员禁言')
    expect(profile({ groupName: '夜读' })).toBe('群主甲修改群名称为“夜读”')
    expect(profile({ notification: '周五读论语' })).toBe('群主甲发布了新的群公告：周五读论语')
    expect(profile({ notification: '' })).toBe('群主甲清空了群公告')
    expect(profile({ ownerID: '7' })).toBe('群主甲将群主转让给小七')
    expect(profile({ joinOption: 'approval' })).toBe('群主甲将入群方式改为“需要验证”')
  })

  it('says who was muted for how long, and unmuted', () => {
    const muted = tip(GroupTipOperation.memberMuted, {
      memberList: [{ userID: '7', nick: '小七', muteTime: 600 }],
    })
    expect(groupTipText(muted, '9')).toBe('小七被群主甲禁言10分钟')
    const unmuted = tip(GroupTipOperation.memberMuted, {
      memberList: [{ userID: '7', nick: '小七', muteTime: 0 }],
    })
    expect(groupTipText(unmuted, ME)).toBe('你被群主甲解除禁言')
    expect(muteDurationText(86400)).toBe('1天')
    expect(muteDurationText(3600)).toBe('1小时')
  })

  it('the muted member and the managers see when the mute ends; the others do not', () => {
    const at = new Date(2026, 10, 29, 14, 20).getTime() / 1000
    const muted = tip(GroupTipOperation.memberMuted, {
      memberList: [{ userID: '7', nick: '小七', muteTime: 600 }],
    })
    expect(groupTipText(muted, ME, { timeSec: at })).toBe('你被群主甲禁言10分钟，14:30解除')
    expect(groupTipText(muted, '9', { timeSec: at, isManager: true })).toBe(
      '小七被群主甲禁言10分钟，14:30解除',
    )
    expect(groupTipText(muted, '9', { timeSec: at, isManager: false })).toBe(
      '小七被群主甲禁言10分钟',
    )
    const day = tip(GroupTipOperation.memberMuted, {
      memberList: [{ userID: '7', nick: '小七', muteTime: 86400 }],
    })
    expect(groupTipText(day, ME, { timeSec: at })).toBe('你被群主甲禁言1天，11月30日 14:20解除')
    expect(muteEndText(at, 3600)).toBe('15:20')
    const unmuted = tip(GroupTipOperation.memberMuted, {
      memberList: [{ userID: '7', nick: '小七', muteTime: 0 }],
    })
    expect(groupTipText(unmuted, ME, { timeSec: at })).toBe('你被群主甲解除禁言')
  })

  it('tells a disbanding, and reads creation and friendship notices as tips', () => {
    expect(groupTipText(tip(GroupTipOperation.disbanded), '9')).toBe('群主甲解散了群聊')
    const created = { data: JSON.stringify({ businessID: 'group_create', text: '甲创建了群聊' }) }
    expect(customTipText(created)).toBe('甲创建了群聊')
    // Notices stored before the fix had a stray space.
    const old = { data: JSON.stringify({ businessID: 'group_create', text: '读者甲 创建了群聊' }) }
    expect(customTipText(old)).toBe('读者甲创建了群聊')
    expect(customTipText({ data: JSON.stringify({ businessID: 'giveBook' }) })).toBeNull()
    expect(customTipText({ data: 'not json' })).toBeNull()
  })
})

describe('@ mentions', () => {
  it('offers the member list only when an @ was just typed', () => {
    expect(justTypedAt('你好', '你好@')).toBe(true)
    expect(justTypedAt('你好@', '你好@小')).toBe(false)
    expect(justTypedAt('', '@@')).toBe(false)
  })

  it('writes the name in place of the @', () => {
    expect(insertMention('你好@', '小七')).toBe('你好@小七 ')
    expect(insertMention('你好', '小七')).toBe('你好@小七 ')
  })

  it('sends only the names still in the text, once each', () => {
    const mentions = [
      { userID: '7', nick: '小七' },
      { userID: '8', nick: '小八' },
      { userID: '7', nick: '小七' },
      AT_ALL,
    ]
    expect(atUserListOf('@小七 今晚读书 @所有人', mentions)).toEqual(['7', MSG_AT_ALL])
    expect(atUserListOf('没有提到谁', mentions)).toEqual([])
  })
})
