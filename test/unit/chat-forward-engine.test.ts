/**
 * The local engine's forwarding over a gateway double: a forward shows the original's type and
 * payload at once and sends the original's ID (forwardOf); a merged message sends its messages'
 * IDs and takes the gateway's card (with its downloadKey); downloadMergerMessage asks by key.
 */
import { LocalEngine } from '@/TUIKit/engine/local/LocalEngine'
import type { LocalTransport, SocketLike } from '@/TUIKit/engine/local/transport'
import type { ChatFailure, Message } from '@/TUIKit/engine/types'
import { MESSAGE_INVALID } from '@/types/api/chat'

type Frame = { op: string; rid: number; message?: Record<string, unknown> }

/** Acks a send with the message as stored (`stored` changes its payload, as the gateway may). */
function localEngine(
  stored: (m: Record<string, unknown>) => Record<string, unknown> = (m) => m,
  answers: Record<string, unknown> = {},
) {
  let onMessage: ((t: string) => void) | undefined
  let onOpen: (() => void) | undefined
  const sent: Frame[] = []
  const calls: Array<{ path: string; input: unknown }> = []
  const socket: SocketLike = {
    send(text) {
      const frame = JSON.parse(text) as Frame
      sent.push(frame)
      let data: unknown = frame.op === 'sync' ? { conversations: [] } : {}
      if (frame.op === 'send' && frame.message) {
        const { forwardOf: _original, ...m } = stored(frame.message)
        data = {
          ...m,
          conversationType: String(m.conversationID).startsWith('GROUP') ? 'GROUP' : 'C2C',
          sequence: 1,
          from: '1',
          to: String(m.conversationID).replace(/^(C2C|GROUP)/, ''),
          nick: '读者甲',
          avatar: '',
          time: 1_700_000_000,
          isRevoked: false,
          revoker: '',
          cloudCustomData: '',
          needReadReceipt: false,
        }
      }
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
      if (!(ref.path in answers)) throw { code: 404, message: MESSAGE_INVALID }
      return answers[ref.path]
    }) as unknown as LocalTransport['call'],
    upload: () => Promise.reject({ code: 7004, message: 'none' }),
    token: async () => 'token',
    socketUrl: () => 'ws://test/api/chat/ws',
    openSocket: () => {
      setTimeout(() => onOpen?.(), 0)
      return socket
    },
  }
  return { engine: new LocalEngine(transport), sent, calls }
}

const received = (over: Partial<Message> = {}): Message => ({
  ID: '2-orig',
  conversationID: 'C2C2',
  conversationType: 'C2C',
  sequence: 3,
  type: 'TIMTextElem',
  payload: { text: '原文', atUserList: ['1'] },
  from: '2',
  to: '1',
  nick: '读者乙',
  avatar: '',
  time: 1_700_000_000,
  isRevoked: false,
  revoker: '',
  cloudCustomData: '{"messageReply":{}}',
  flow: 'in',
  status: 'success',
  progress: 1,
  ...over,
})

const sends = (sent: Frame[]) => sent.filter((f) => f.op === 'send').map((f) => f.message)

describe('local engine: forwarding', () => {
  it('a forward copies type and payload, sends forwardOf once, not after it is stored', async () => {
    const { engine, sent } = localEngine()
    await engine.login({ userID: '1', userSig: 'sig' })
    const copy = engine.createForwardMessage({
      to: '9',
      conversationType: 'GROUP',
      payload: received(),
    })
    expect(copy).toMatchObject({
      conversationID: 'GROUP9',
      type: 'TIMTextElem',
      payload: { text: '原文' },
      cloudCustomData: '',
      flow: 'out',
    })
    expect(copy.payload.atUserList).toBeUndefined()
    expect(copy.ID).not.toBe('2-orig')
    const res = await engine.sendMessage(copy)
    expect(res.data.message.status).toBe('success')
    expect(sends(sent)).toEqual([
      {
        ID: copy.ID,
        conversationID: 'GROUP9',
        type: 'TIMTextElem',
        payload: { text: '原文' },
        forwardOf: '2-orig',
      },
    ])
    // A message made afterwards is a plain send.
    const plain = engine.createTextMessage({
      to: '9',
      conversationType: 'GROUP',
      payload: { text: 'x' },
    })
    await engine.sendMessage(plain)
    expect(sends(sent)[1]?.forwardOf).toBeUndefined()
  })

  it('a merged message sends the card with its messages’ IDs and takes the stored card', async () => {
    const key = 'a'.repeat(32)
    const { engine, sent } = localEngine((m) => {
      const { messageIDList: _ids, ...card } = m.payload as Record<string, unknown>
      return { ...m, payload: { ...card, downloadKey: key, layersOverLimit: false } }
    })
    await engine.login({ userID: '1', userSig: 'sig' })
    const lines = Array.from({ length: 9 }, (_, i) => `读者乙: 第${i}行`)
    lines[1] = `读者乙: ${'长'.repeat(200)}`
    const card = engine.createMergerMessage({
      to: '9',
      conversationType: 'GROUP',
      payload: {
        messageList: [received(), received({ ID: '1-mine', flow: 'out', from: '1' })],
        title: '读者甲和读者乙的聊天记录',
        abstractList: lines,
        compatibleText: '[聊天记录]',
      },
    })
    const shown = lines.slice(0, 7).map((line) => line.slice(0, 100))
    expect(shown[1]).toHaveLength(100)
    expect(card.type).toBe('TIMRelayElem')
    expect(card.payload.title).toBe('读者甲和读者乙的聊天记录')
    expect(card.payload.abstractList).toEqual(shown)
    const res = await engine.sendMessage(card)
    expect(sends(sent)[0]?.payload).toEqual({
      title: '读者甲和读者乙的聊天记录',
      abstractList: shown,
      compatibleText: '[聊天记录]',
      messageIDList: ['2-orig', '1-mine'],
    })
    expect(res.data.message.payload).toEqual({
      title: '读者甲和读者乙的聊天记录',
      abstractList: shown,
      compatibleText: '[聊天记录]',
      downloadKey: key,
      layersOverLimit: false,
    })
  })

  it('downloads a merged message by its key; no key or an unknown one fails', async () => {
    const key = 'b'.repeat(32)
    const item = {
      ID: '2-orig',
      from: '2',
      nick: '读者乙',
      avatar: '',
      time: 1_700_000_000,
      type: 'TIMTextElem',
      payload: { text: '原文' },
    }
    const { engine, calls } = localEngine(undefined, {
      '/api/chat/merged': { messageList: [item] },
    })
    const res = await engine.downloadMergerMessage({ payload: { downloadKey: key } })
    expect(res).toEqual({ code: 0, data: { messageList: [item] } })
    expect(calls).toEqual([{ path: '/api/chat/merged', input: { downloadKey: key } }])
    const none = await engine.downloadMergerMessage({ payload: {} }).catch((e: ChatFailure) => e)
    expect(none).toEqual({ code: 404, message: MESSAGE_INVALID })
    expect(calls).toHaveLength(1)
  })

  it('passes a refused download on as {code, message}', async () => {
    const { engine } = localEngine()
    const failed = await engine
      .downloadMergerMessage({ payload: { downloadKey: 'c'.repeat(32) } })
      .catch((e: ChatFailure) => e)
    expect(failed).toEqual({ code: 404, message: MESSAGE_INVALID })
  })
})
