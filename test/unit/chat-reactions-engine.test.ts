/**
 * The local engine's reactions over a gateway double: getMessageReactions asks for sent messages
 * only, ReactionLimits.messagesPerCall a call; add and remove pass a refusal on as {code, message};
 * the gateway's `reactions` push becomes onMessageReactionsUpdated.
 */
import { LocalEngine } from '@/TUIKit/engine/local/LocalEngine'
import type { LocalTransport, SocketLike } from '@/TUIKit/engine/local/transport'
import type { Message } from '@/TUIKit/engine/types'
import { ReactionErrors } from '@rules/chatReactions'

function localEngine(answer: (path: string, input: Record<string, unknown>) => unknown) {
  let onMessage: ((t: string) => void) | undefined
  let onOpen: (() => void) | undefined
  const calls: Array<{ path: string; input: Record<string, unknown> }> = []
  const socket: SocketLike = {
    send(text) {
      const frame = JSON.parse(text) as { op: string; rid: number }
      const data = frame.op === 'sync' ? { conversations: [] } : {}
      setTimeout(() => onMessage?.(JSON.stringify({ op: 'ack', rid: frame.rid, data })), 0)
    },
    close: () => undefined,
    onOpen: (cb) => (onOpen = cb),
    onMessage: (cb) => (onMessage = cb),
    onClose: () => undefined,
  }
  const transport: LocalTransport = {
    call: (async (ref: { path: string }, input: Record<string, unknown>) => {
      calls.push({ path: ref.path, input })
      return answer(ref.path, input)
    }) as unknown as LocalTransport['call'],
    upload: () => Promise.reject({ code: 7004, message: 'none' }),
    token: async () => 'token',
    socketUrl: () => 'ws://test/api/chat/ws',
    openSocket: () => {
      setTimeout(() => onOpen?.(), 0)
      return socket
    },
  }
  const push = (frame: unknown) => onMessage?.(JSON.stringify(frame))
  return { engine: new LocalEngine(transport), calls, push }
}

const message = (i: number, over: Partial<Message> = {}): Message =>
  ({
    ID: `2-m${i}`,
    conversationID: 'GROUP9',
    conversationType: 'GROUP',
    type: 'TIMTextElem',
    payload: { text: String(i) },
    flow: 'in',
    status: 'success',
    isRevoked: false,
    ...over,
  }) as Message

describe('local engine: reactions', () => {
  it('asks for sent messages only, 20 a call, with at most 10 names each', async () => {
    const { engine, calls } = localEngine((_path, input) => ({
      resultList: (input.messageIDList as string[]).map((messageID) => ({
        messageID,
        reactionList: [],
      })),
    }))
    const list = Array.from({ length: 45 }, (_, i) => message(i))
    list.push(message(99, { status: 'unSend' }))
    const res = await engine.getMessageReactions({ messageList: list, maxUserCountPerReaction: 50 })
    expect(calls.map((c) => (c.input.messageIDList as string[]).length)).toEqual([20, 20, 5])
    expect(calls.every((c) => c.path === '/api/chat/reactionList')).toBe(true)
    expect(calls[0].input.maxUserCountPerReaction).toBe(10)
    expect(res.data.resultList).toHaveLength(45)
    expect(res.data.resultList.some((r) => r.messageID === '2-m99')).toBe(false)
  })

  it('adds and removes by message ID; a refusal rejects with the code and text', async () => {
    const { engine, calls } = localEngine((path, input) => {
      if (path === '/api/chat/reaction/add' && input.reactionID === '庆祝') {
        throw { code: ReactionErrors.tooMany.code, message: ReactionErrors.tooMany.text }
      }
      return null
    })
    await expect(engine.addMessageReaction(message(1), '强')).resolves.toEqual({
      code: 0,
      data: null,
    })
    await engine.removeMessageReaction(message(1), '强')
    expect(calls).toEqual([
      { path: '/api/chat/reaction/add', input: { messageID: '2-m1', reactionID: '强' } },
      { path: '/api/chat/reaction/remove', input: { messageID: '2-m1', reactionID: '强' } },
    ])
    await expect(engine.addMessageReaction(message(1), '庆祝')).rejects.toEqual({
      code: 10070,
      message: '已达到表情回应上限数量',
    })
  })

  it('pages the reactors from nextSeq', async () => {
    const { engine, calls } = localEngine(() => ({
      userList: [{ userID: '3', nick: '读者丙', avatar: '' }],
      nextSeq: '1700000000000-3',
      isCompleted: false,
    }))
    const first = await engine.getAllUserListOfMessageReaction({
      message: message(1),
      reactionID: '强',
      nextSeq: '',
      count: 500,
    })
    expect(first.data.nextSeq).toBe('1700000000000-3')
    await engine.getAllUserListOfMessageReaction({
      message: message(1),
      reactionID: '强',
      nextSeq: first.data.nextSeq,
      count: 100,
    })
    expect(calls.map((c) => c.input)).toEqual([
      { messageID: '2-m1', reactionID: '强', count: 100 },
      { messageID: '2-m1', reactionID: '强', nextSeq: '1700000000000-3', count: 100 },
    ])
  })

  it('turns the gateway’s reactions push into onMessageReactionsUpdated', async () => {
    const { engine, push } = localEngine(() => ({}))
    await engine.login({ userID: '1', userSig: 'sig' })
    const seen: unknown[] = []
    engine.on('onMessageReactionsUpdated', (e) => seen.push(e.data))
    const changeInfoList = [
      {
        messageID: '2-m1',
        reactionList: [
          {
            reactionID: '强',
            totalUserCount: 1,
            partialUserList: [{ userID: '2', nick: '读者乙', avatar: '' }],
            reactedByMyself: false,
          },
        ],
      },
    ]
    push({ op: 'reactions', conversationID: 'GROUP9', changeInfoList })
    expect(seen).toEqual([{ conversationID: 'GROUP9', changeInfoList }])
  })
})
