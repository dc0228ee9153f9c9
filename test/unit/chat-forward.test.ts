/**
 * Forwarding's rules (issue 30): what may be forwarded, the order, the merged message's title and
 * abstract (at most 7 lines), the target picker's rows (system conversations out, recent first,
 * search by name, select-all over enabled rows only), nothing ticked refused with 请选择消息, no
 * target sends nothing; and the merged viewer's stack.
 */
import {
  abstractLines,
  canForward,
  forwardMessages,
  forwardProblem,
  forwardTargets,
  inTimeOrder,
  isSystemConversation,
  mergerPayloadOf,
  mergerTitle,
  toggleAll,
  toggleTarget,
} from '@/features/chat/forward'
import type { ChatRoom } from '@/features/chat/ChatRoom'
import {
  popFrame,
  pushFrame,
  retryFrame,
  settleFrame,
  type MergedFrame,
} from '@/features/chat/useMergedViewer'
import type {
  ChatFailure,
  Conversation,
  MergedMessageItem,
  MergerPayload,
  Message,
  MessageOptions,
} from '@/TUIKit/engine/types'

const NOW = 1_800_000_000

// Cast: the fields forwarding reads are set; the rest of Message changes with other features.
const msg = (over: Partial<Message> = {}): Message =>
  ({
    ID: 'm1',
    conversationID: 'C2C5',
    conversationType: 'C2C',
    sequence: 1,
    type: 'TIMTextElem',
    payload: { text: '你好' },
    from: '5',
    to: '7',
    nick: '小周',
    avatar: '',
    time: NOW,
    isRevoked: false,
    revoker: '',
    cloudCustomData: '',
    flow: 'in',
    status: 'success',
    progress: 1,
    ...over,
  }) as Message

const conv = (over: Partial<Conversation> = {}): Conversation =>
  ({
    conversationID: 'C2C5',
    type: 'C2C',
    unreadCount: 0,
    isPinned: false,
    isMuted: false,
    draftText: '',
    userProfile: { userID: '5', nick: '小周', avatar: '' },
    lastMessage: null,
    lastSequence: 0,
    readSequence: 0,
    time: NOW,
    ...over,
  }) as Conversation

const group = (id: string, name: string, over: Partial<Conversation> = {}, role = 'Member') =>
  conv({
    conversationID: `GROUP${id}`,
    type: 'GROUP',
    userProfile: { userID: '', nick: '', avatar: '' },
    groupProfile: {
      groupID: id,
      name,
      avatar: '',
      ownerID: '1',
      muteAllMembers: false,
      memberCount: 3,
      selfInfo: { role: role as 'Member', muteUntil: 0 },
    },
    ...over,
  })

const gift = msg({
  ID: 'g',
  type: 'TIMCustomElem',
  payload: { data: JSON.stringify({ businessID: 'giveBook' }), description: 'giveBook' },
})

describe('what may be forwarded or ticked', () => {
  it('a successful, not revoked, not risky message of the reader', () => {
    expect(canForward(msg())).toBe(true)
    expect(canForward(msg({ type: 'TIMImageElem', payload: {} }))).toBe(true)
  })

  it('not a failed or unsent, revoked, risky, tip or gift message', () => {
    expect(canForward(msg({ status: 'fail' }))).toBe(false)
    expect(canForward(msg({ status: 'unSend' }))).toBe(false)
    expect(canForward(msg({ isRevoked: true }))).toBe(false)
    expect(canForward(msg({ hasRiskContent: true }))).toBe(false)
    expect(canForward(msg({ type: 'TIMGroupTipElem', payload: {} }))).toBe(false)
    expect(canForward(gift)).toBe(false)
  })

  it('nothing (forwardable) ticked says 请选择消息', () => {
    expect(forwardProblem([])).toBe('请选择消息')
    expect(forwardProblem([gift, msg({ status: 'fail' })])).toBe('请选择消息')
    expect(forwardProblem([msg()])).toBeNull()
  })
})

describe('order, title and abstract', () => {
  const a = msg({ ID: 'a', time: NOW + 20, sequence: 3, payload: { text: '第三' } })
  const b = msg({ ID: 'b', time: NOW, sequence: 1, payload: { text: '第一' } })
  const c = msg({ ID: 'c', time: NOW, sequence: 2, from: '7', nick: '', payload: { text: '第二' } })

  it('ticked messages go in time order (then by sequence), whatever the order ticked', () => {
    expect(inTimeOrder([a, c, b]).map((m) => m.ID)).toEqual(['b', 'c', 'a'])
  })

  it('「A和B的聊天记录」 for a one-to-one chat, 「群聊的聊天记录」 for a group', () => {
    expect(mergerTitle('C2C', '读者甲', '小周')).toBe('读者甲和小周的聊天记录')
    expect(mergerTitle('GROUP', '读者甲', '')).toBe('群聊的聊天记录')
  })

  it('abstract lines are `nick: abstract`, the reader named by their own name', () => {
    expect(abstractLines([a, c, b], '7', '读者甲')).toEqual([
      '小周: 第一',
      '读者甲: 第二',
      '小周: 第三',
    ])
    expect(abstractLines([msg({ type: 'TIMImageElem', payload: {} })], '7', '读者甲')).toEqual([
      '小周: [图片]',
    ])
  })

  it('at most 7 abstract lines: the first seven in time order', () => {
    const ten = Array.from({ length: 10 }, (_, i) =>
      msg({ ID: `m${i}`, time: NOW + (9 - i), payload: { text: `第${9 - i}` } }),
    )
    const lines = abstractLines(ten, '7', '读者甲')
    expect(lines).toHaveLength(7)
    expect(lines[0]).toBe('小周: 第0')
    expect(lines[6]).toBe('小周: 第6')
  })

  it('the merged payload carries the list in order, the title, abstract and [聊天记录]', () => {
    const payload = mergerPayloadOf([a, b], 'C2C', { me: '7', myName: '读者甲', peerName: '小周' })
    expect(payload.messageList.map((m) => m.ID)).toEqual(['b', 'a'])
    expect(payload.title).toBe('读者甲和小周的聊天记录')
    expect(payload.abstractList).toEqual(['小周: 第一', '小周: 第三'])
    expect(payload.compatibleText).toBe('[聊天记录]')
  })
})

describe('the target picker', () => {
  const list = [
    conv({ conversationID: 'C2C5', time: NOW - 100 }),
    conv({
      conversationID: 'C2C6',
      remark: '读书会老李',
      userProfile: { userID: '6', nick: '李四', avatar: '' },
      time: NOW,
    }),
    conv({ conversationID: 'C2Cadministrator', time: NOW + 10 }),
    conv({ conversationID: '@TIM#SYSTEM', time: NOW + 20 }),
    group('12', '红楼梦读书群', { time: NOW - 50 }),
    group('13', '已退出的群', { time: NOW - 10 }, ''),
  ]

  it('system conversations (not C2C<digits> nor GROUP<id>) are left out', () => {
    expect(isSystemConversation('C2Cadministrator')).toBe(true)
    expect(isSystemConversation('@TIM#SYSTEM')).toBe(true)
    expect(isSystemConversation('C2C5')).toBe(false)
    expect(isSystemConversation('GROUP12')).toBe(false)
    const ids = forwardTargets(list, '', NOW).map((r) => r.conversationID)
    expect(ids).not.toContain('C2Cadministrator')
    expect(ids).not.toContain('@TIM#SYSTEM')
  })

  it('recent first, named by group name, remark or nick', () => {
    const rows = forwardTargets(list, '', NOW)
    expect(rows.map((r) => r.conversationID)).toEqual(['C2C6', 'GROUP13', 'GROUP12', 'C2C5'])
    expect(rows.map((r) => r.name)).toEqual(['读书会老李', '已退出的群', '红楼梦读书群', '小周'])
  })

  it('search by name finds the remark, the nick and the group name', () => {
    const ids = (word: string) => forwardTargets(list, word, NOW).map((r) => r.conversationID)
    expect(ids('老李')).toEqual(['C2C6'])
    expect(ids('李四')).toEqual(['C2C6'])
    expect(ids('红楼')).toEqual(['GROUP12'])
    expect(ids('  周 ')).toEqual(['C2C5'])
    expect(ids('没有的')).toEqual([])
  })

  it('a group the reader cannot speak in is disabled; ticking it does nothing', () => {
    const rows = forwardTargets(list, '', NOW)
    expect(rows.find((r) => r.conversationID === 'GROUP13')?.enabled).toBe(false)
    expect(toggleTarget(rows, [], 'GROUP13')).toEqual([])
    expect(toggleTarget(rows, [], 'GROUP12')).toEqual(['GROUP12'])
    expect(toggleTarget(rows, ['GROUP12'], 'GROUP12')).toEqual([])
  })

  it('全选 ticks only the enabled rows shown; again unticks them', () => {
    const rows = forwardTargets(list, '', NOW)
    const all = toggleAll(rows, [])
    expect([...all].sort()).toEqual(['C2C5', 'C2C6', 'GROUP12'])
    expect(toggleAll(rows, all)).toEqual([])
    // Over a search: only the rows shown join what was ticked before.
    const searched = forwardTargets(list, '红楼', NOW)
    expect(toggleAll(searched, ['C2C5'])).toEqual(['C2C5', 'GROUP12'])
  })
})

describe('sending the forward', () => {
  function fakeRoom(fail?: ChatFailure) {
    const sent: Message[] = []
    const engine = {
      createForwardMessage: (o: MessageOptions<Message>) =>
        msg({ ID: `fwd-${o.payload.ID}-${o.to}`, conversationID: `${o.conversationType}${o.to}` }),
      createMergerMessage: (o: MessageOptions<MergerPayload>) =>
        msg({
          ID: `merge-${o.to}`,
          type: 'TIMRelayElem',
          payload: { ...o.payload },
          conversationID: `${o.conversationType}${o.to}`,
        }),
    }
    const room = {
      conversationID: 'C2C5',
      me: '7',
      engineForMessages: engine,
      send: jest.fn(async (m: Message) => {
        sent.push(m)
        return fail ?? null
      }),
    }
    return { room: room as unknown as ChatRoom, sent }
  }
  const names = { me: '7', myName: '读者甲', peerName: '小周' }
  const two = [msg({ ID: 'late', time: NOW + 5 }), msg({ ID: 'early', time: NOW })]

  it('逐条转发: each message in time order, to each target', async () => {
    const { room, sent } = fakeRoom()
    expect(await forwardMessages(room, two, ['C2C6', 'GROUP12'], 'one', names)).toBeNull()
    expect(sent.map((m) => m.ID)).toEqual([
      'fwd-early-6',
      'fwd-late-6',
      'fwd-early-12',
      'fwd-late-12',
    ])
  })

  it('合并转发: one merged message per target with the title and abstract', async () => {
    const { room, sent } = fakeRoom()
    expect(await forwardMessages(room, two, ['GROUP12'], 'merge', names)).toBeNull()
    expect(sent).toHaveLength(1)
    expect(sent[0].conversationID).toBe('GROUP12')
    expect(sent[0].payload.title).toBe('读者甲和小周的聊天记录')
    expect(sent[0].payload.abstractList).toEqual(['小周: 你好', '小周: 你好'])
  })

  it('no target: nothing is sent; nothing ticked: 请选择消息 and nothing sent', async () => {
    const { room, sent } = fakeRoom()
    expect(await forwardMessages(room, two, [], 'merge', names)).toBeNull()
    expect(await forwardMessages(room, [gift], ['C2C6'], 'one', names)).toBe('请选择消息')
    expect(sent).toEqual([])
  })

  it('a refusal answers its text (80001: sensitive words)', async () => {
    const { room } = fakeRoom({ code: 80001, message: 'sensitive' })
    expect(await forwardMessages(room, two, ['C2C6'], 'one', names)).toBe(
      '消息或者资料中文本存在敏感内容,发送失败',
    )
  })
})

describe('the merged viewer stack', () => {
  const item: MergedMessageItem = {
    ID: 'i1',
    from: '5',
    nick: '小周',
    avatar: '',
    time: NOW,
    type: 'TIMTextElem',
    payload: { text: '你好' },
  }
  const outer = { title: '读者甲和小周的聊天记录', downloadKey: 'k1' }
  const inner = { title: '群聊的聊天记录', downloadKey: 'k2' }

  it('opening pushes a loading frame; its answer fills only that frame', () => {
    let stack: MergedFrame[] = pushFrame([], 1, outer)
    expect(stack).toHaveLength(1)
    expect(stack[0]).toMatchObject({ title: outer.title, state: 'loading', list: [] })
    stack = settleFrame(stack, 1, { list: [item] })
    expect(stack[0]).toMatchObject({ state: 'ready', list: [item] })
  })

  it('a nested merged message steps in; back steps out; empty closes', () => {
    let stack = settleFrame(pushFrame([], 1, outer), 1, { list: [item] })
    stack = pushFrame(stack, 2, inner)
    expect(stack.map((f) => f.title)).toEqual([outer.title, inner.title])
    stack = popFrame(stack)
    expect(stack.map((f) => f.title)).toEqual([outer.title])
    expect(stack[0].state).toBe('ready')
    stack = popFrame(stack)
    expect(stack).toEqual([])
  })

  it('a failed download marks its frame; retry loads again; a popped frame ignores answers', () => {
    let stack = settleFrame(pushFrame([], 1, outer), 1, 'error')
    expect(stack[0].state).toBe('error')
    stack = retryFrame(stack, 1)
    expect(stack[0].state).toBe('loading')
    const popped = popFrame(stack)
    expect(settleFrame(popped, 1, { list: [item] })).toEqual([])
  })
})
