/**
 * Read receipts: the state under a message (rules/chatReceipts.ts) and both engines' receipt calls
 * and event (the local one over a gateway double, the Tencent one over an SDK double).
 */
import {
  isCallSignalling,
  readState,
  readStateText,
  ReceiptLimits,
  receiptsOn,
  wantsReceipt,
  type ReceiptMessage,
} from '@rules/chatReceipts'
import { LocalEngine } from '@/TUIKit/engine/local/LocalEngine'
import type { LocalTransport, SocketLike } from '@/TUIKit/engine/local/transport'
import { TencentEngine } from '@/TUIKit/engine/tencent/TencentEngine'
import type { SdkEvent, SdkMessage, TencentSdk } from '@/TUIKit/engine/tencent/sdk'
import type { Message } from '@/TUIKit/engine/types'
import type { MessageReceipt } from '@/types/api/chat'

const ON = { displayMessageReadReceipt: true, enabledMessageReadReceipt: true }

const out = (over: Partial<ReceiptMessage> = {}): ReceiptMessage => ({
  flow: 'out',
  status: 'success',
  conversationType: 'C2C',
  type: 'TIMTextElem',
  payload: { text: '你好' },
  needReadReceipt: true,
  ...over,
})

const info = (readCount: number, unreadCount: number, isPeerRead = false) => ({
  readCount,
  unreadCount,
  isPeerRead,
})

describe('receipt state of a message', () => {
  it('C2C: 未读 until the peer read it, then 已读', () => {
    expect(readState(out(), ON)).toBe('Unread')
    expect(readState(out({ readReceiptInfo: info(1, 0, true) }), ON)).toBe('Read')
    expect(readStateText('Read', 1)).toBe('已读')
    expect(readStateText('Unread', 0)).toBe('未读')
  })

  it('groups: Unread, PartiallyRead with 「N人已读」, AllRead with 全部已读', () => {
    const g = (i: ReturnType<typeof info>) =>
      readState(out({ conversationType: 'GROUP', readReceiptInfo: i }), ON, 10)
    expect(g(info(0, 9))).toBe('Unread')
    expect(g(info(3, 6))).toBe('PartiallyRead')
    expect(readStateText('PartiallyRead', 3)).toBe('3人已读')
    expect(g(info(9, 0))).toBe('AllRead')
    expect(readStateText('AllRead', 9)).toBe('全部已读')
  })

  it('NotShow: incoming, unsent, failed, risky, revoked, unasked, tips, calls, large groups', () => {
    expect(readState(out({ flow: 'in' }), ON)).toBe('NotShow')
    expect(readState(out({ status: 'unSend' }), ON)).toBe('NotShow')
    expect(readState(out({ status: 'fail' }), ON)).toBe('NotShow')
    expect(readState(out({ hasRiskContent: true }), ON)).toBe('NotShow')
    expect(readState(out({ isRevoked: true }), ON)).toBe('NotShow')
    expect(readState(out({ needReadReceipt: false }), ON)).toBe('NotShow')
    expect(readState(out({ type: 'TIMGroupTipElem' }), ON)).toBe('NotShow')
    const call = out({
      type: 'TIMCustomElem',
      payload: { data: JSON.stringify({ businessID: 1 }), description: '', extension: '' },
    })
    expect(isCallSignalling(call)).toBe(true)
    expect(readState(call, ON)).toBe('NotShow')
    expect(
      isCallSignalling(out({ type: 'TIMCustomElem', payload: { data: '{', description: 'TRTC' } })),
    ).toBe(true)
    expect(
      isCallSignalling(out({ type: 'TIMCustomElem', payload: { data: '{"businessID":"order"}' } })),
    ).toBe(false)
    const group = out({ conversationType: 'GROUP', readReceiptInfo: info(1, 1) })
    expect(readState(group, ON, ReceiptLimits.largeGroupMembers)).toBe('PartiallyRead')
    expect(readState(group, ON, ReceiptLimits.largeGroupMembers + 1)).toBe('NotShow')
    expect(readStateText('NotShow', 0)).toBe('')
  })

  it('needs both settings on, to show, ask and send', () => {
    for (const settings of [
      { displayMessageReadReceipt: false, enabledMessageReadReceipt: true },
      { displayMessageReadReceipt: true, enabledMessageReadReceipt: false },
    ]) {
      expect(receiptsOn(settings)).toBe(false)
      expect(readState(out(), settings)).toBe('NotShow')
      expect(wantsReceipt(out({ flow: 'in' }), settings)).toBe(false)
    }
    expect(receiptsOn(ON)).toBe(true)
    expect(wantsReceipt(out({ flow: 'in' }), ON)).toBe(true)
    expect(wantsReceipt(out({ flow: 'in', needReadReceipt: false }), ON)).toBe(false)
    expect(wantsReceipt(out(), ON)).toBe(false)
  })
})

const wireMessage = (over: Partial<Message> = {}): Message => ({
  ID: '2-abc',
  conversationID: 'C2C2',
  conversationType: 'C2C',
  sequence: 1,
  type: 'TIMTextElem',
  payload: { text: '你好' },
  from: '2',
  to: '1',
  nick: '',
  avatar: '',
  time: 1_700_000_000,
  isRevoked: false,
  revoker: '',
  cloudCustomData: '',
  needReadReceipt: true,
  flow: 'in',
  status: 'success',
  progress: 1,
  ...over,
})

/** A gateway double: acks every frame; records HTTP calls and answers them from `answers`. */
function localEngine(answers: Record<string, unknown> = {}) {
  let onMessage: ((t: string) => void) | undefined
  let onOpen: (() => void) | undefined
  const sent: Array<Record<string, unknown>> = []
  const calls: Array<{ path: string; input: unknown }> = []
  const socket: SocketLike = {
    send(text) {
      const frame = JSON.parse(text) as { op: string; rid: number; message?: unknown }
      sent.push(frame)
      const data = frame.op === 'sync' ? { conversations: [] } : {}
      setTimeout(() => onMessage?.(JSON.stringify({ op: 'ack', rid: frame.rid, data })), 0)
    },
    close: () => undefined,
    onOpen: (cb) => (onOpen = cb),
    onMessage: (cb) => (onMessage = cb),
    onClose: () => undefined,
  }
  const transport: LocalTransport = {
    call: (async (ref: { path: string }, input: unknown) => {
      calls.push({ path: ref.path, input })
      return answers[ref.path] ?? null
    }) as unknown as LocalTransport['call'],
    upload: () => Promise.reject({ code: 7004, message: 'none' }),
    token: async () => 'token',
    socketUrl: () => 'ws://test/api/chat/ws',
    openSocket: () => {
      setTimeout(() => onOpen?.(), 0)
      return socket
    },
  }
  const engine = new LocalEngine(transport)
  return { engine, sent, calls, push: (frame: unknown) => onMessage?.(JSON.stringify(frame)) }
}

describe('local engine: receipts over the gateway', () => {
  it('asks for receipts on send, receipts incoming messages in batches of 50, reads counts', async () => {
    const receipt: MessageReceipt = {
      messageID: '1-out',
      conversationID: 'C2C2',
      groupID: '',
      readCount: 1,
      unreadCount: 0,
      isPeerRead: true,
    }
    const { engine, sent, calls, push } = localEngine({
      '/api/chat/readReceiptList': { messageList: [receipt] },
      '/api/chat/readMembers': {
        messageID: '1-out',
        readUserIDList: ['2'],
        unreadUserIDList: [],
        memberList: [{ userID: '2', nick: '书友', avatar: '' }],
        cursor: '',
        isCompleted: true,
      },
    })
    await engine.login({ userID: '1', userSig: 'sig' })
    const message = engine.createTextMessage({
      to: '2',
      conversationType: 'C2C',
      payload: { text: '读完告诉我' },
      needReadReceipt: true,
    })
    expect(message.needReadReceipt).toBe(true)
    // The double acks with {}: the send resolves or fails, either way the frame carried the flag.
    await engine.sendMessage(message).catch(() => undefined)
    const frame = sent.find((f) => f.op === 'send') as { message: Record<string, unknown> }
    expect(frame.message.needReadReceipt).toBe(true)

    const incoming = Array.from({ length: 60 }, (_, i) => wireMessage({ ID: `2-m${i}` }))
    await engine.sendMessageReadReceipt([...incoming, wireMessage({ ID: '1-mine', flow: 'out' })])
    const receipts = calls.filter((c) => c.path === '/api/chat/readReceipt')
    expect(
      receipts.map((c) => (c.input as { messageIDList: string[] }).messageIDList.length),
    ).toEqual([50, 10])

    const own = wireMessage({ ID: '1-out', flow: 'out', from: '1', to: '2' })
    const res = await engine.getMessageReadReceiptList([own])
    expect(res.data.messageList[0].readReceiptInfo).toEqual({
      readCount: 1,
      unreadCount: 0,
      isPeerRead: true,
    })
    const members = await engine.getGroupMessageReadMemberList({
      message: own,
      filter: 0,
      cursor: '',
      count: 500,
    })
    expect(members.data.readUserIDList).toEqual(['2'])
    expect(calls[calls.length - 1].input).toEqual({ messageID: '1-out', filter: 0, count: 100 })

    const events: MessageReceipt[][] = []
    engine.on('onMessageReadReceiptReceived', ({ data }) => events.push(data))
    push({ op: 'receipt', receiptList: [receipt] })
    expect(events).toEqual([[receipt]])
    await engine.logout()
  })
})

describe('tencent engine: receipts pass through to the SDK', () => {
  function sdkDouble() {
    const handlers = new Map<string, (event: SdkEvent) => void>()
    const calls: Array<{ method: string; args: unknown[] }> = []
    const answer =
      (method: string, data: unknown) =>
      (...args: unknown[]) => {
        calls.push({ method, args })
        return Promise.resolve({ code: 0, data })
      }
    const made: SdkMessage = {
      ID: 'sdk-1',
      type: 'TIMTextElem',
      payload: { text: 'hi' },
      conversationID: 'GROUPg1',
      conversationType: 'GROUP',
      to: 'g1',
      from: 'me',
      flow: 'out',
      time: 1,
      status: 'success',
      isRevoked: false,
      nick: '',
      avatar: '',
      cloudCustomData: '',
      sequence: 3,
    }
    const sdk = {
      on: (name: string, h: (event: SdkEvent) => void) => handlers.set(name, h),
      off: () => undefined,
      findMessage: () => null,
      createTextMessage: (options: Record<string, unknown>) => {
        calls.push({ method: 'createTextMessage', args: [options] })
        return made
      },
      sendMessageReadReceipt: answer('sendMessageReadReceipt', {}),
      getMessageReadReceiptList: answer('getMessageReadReceiptList', {
        messageList: [{ ...made, readReceiptInfo: { readCount: 2, unreadCount: 3 } }],
      }),
      getGroupMessageReadMemberList: answer('getGroupMessageReadMemberList', {
        messageID: 'sdk-1',
        readUserIDList: ['a', 'b'],
        cursor: 'next',
        isCompleted: false,
      }),
    } as unknown as TencentSdk
    return { sdk, calls, handlers }
  }

  it('creates with needReadReceipt, calls the SDK with its own objects, maps the event', async () => {
    const { sdk, calls, handlers } = sdkDouble()
    const engine = new TencentEngine(() => sdk, { platform: 'h5' })
    const message = engine.createTextMessage({
      to: 'g1',
      conversationType: 'GROUP',
      payload: { text: 'hi' },
      needReadReceipt: true,
    })
    expect(calls[0].args[0]).toMatchObject({ needReadReceipt: true })
    await engine.sendMessageReadReceipt([message])
    expect((calls[1].args[0] as unknown[])[0]).toMatchObject({ ID: 'sdk-1' })
    const list = await engine.getMessageReadReceiptList([message])
    expect(list.data.messageList[0].readReceiptInfo).toEqual({
      readCount: 2,
      unreadCount: 3,
      isPeerRead: false,
    })
    const page = await engine.getGroupMessageReadMemberList({
      message,
      filter: 0,
      cursor: '',
      count: 100,
    })
    expect(page.data).toEqual({
      messageID: 'sdk-1',
      readUserIDList: ['a', 'b'],
      unreadUserIDList: [],
      cursor: 'next',
      isCompleted: false,
    })
    const events: MessageReceipt[][] = []
    engine.on('onMessageReadReceiptReceived', ({ data }) => events.push(data))
    handlers.get('onMessageReadReceiptReceived')?.({
      name: 'onMessageReadReceiptReceived',
      data: [
        { groupID: 'g1', messageID: 'sdk-1', readCount: 3, unreadCount: 2 },
        { conversationID: 'C2Cpeer', messageID: 'sdk-2', isPeerRead: true },
      ],
    })
    expect(events[0]).toEqual([
      {
        messageID: 'sdk-1',
        conversationID: 'GROUPg1',
        groupID: 'g1',
        readCount: 3,
        unreadCount: 2,
        isPeerRead: false,
      },
      {
        messageID: 'sdk-2',
        conversationID: 'C2Cpeer',
        groupID: '',
        readCount: 1,
        unreadCount: 0,
        isPeerRead: true,
      },
    ])
  })
})
