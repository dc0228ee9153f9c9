/**
 * ChatStore and the chat page's ChatRoom above a small in-memory ChatEngine (the interface both
 * adapters implement): the message window stays bounded while history is pulled, live messages
 * follow at the bottom only, unread reaches the tab badge, and a session's end logs chat out and
 * forgets its conversations.
 */
import { ChatRoom, MESSAGE_WINDOW } from '@/features/chat/ChatRoom'
import { ChatStore } from '@/stores/ChatStore'
import type {
  ChatEngine,
  Conversation,
  EventData,
  EventName,
  Listener,
  Message,
} from '@/TUIKit/engine/types'

const PEER = '2'
const CONVERSATION = `C2C${PEER}`

function message(sequence: number, flow: 'in' | 'out' = 'in'): Message {
  return {
    ID: `${flow === 'in' ? PEER : '1'}-m${sequence}`,
    conversationID: CONVERSATION,
    conversationType: 'C2C',
    sequence,
    type: 'TIMTextElem',
    payload: { text: `第${sequence}条` },
    from: flow === 'in' ? PEER : '1',
    to: flow === 'in' ? '1' : PEER,
    nick: '',
    avatar: '',
    time: 1_700_000_000 + sequence,
    isRevoked: false,
    revoker: '',
    cloudCustomData: '',
    flow,
    status: 'success',
    progress: 1,
  }
}

/** The engine's behaviour the store relies on, over an array of `total` stored messages. */
class MemoryEngine {
  readonly kind = 'local' as const
  readonly stored: Message[]
  readonly calls: string[] = []
  private readonly listeners = new Map<EventName, Array<Listener<EventName>>>()

  constructor(total: number) {
    this.stored = Array.from({ length: total }, (_, i) => message(i + 1))
  }

  emit<E extends EventName>(name: E, data: EventData[E]): void {
    for (const l of this.listeners.get(name) ?? []) (l as Listener<E>)({ name, data })
  }

  on<E extends EventName>(name: E, listener: Listener<E>): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener as never])
  }

  off(): void {}
  isReady = () => true
  login = async () => ({ code: 0 as const, data: {} })
  logout = async () => {
    this.calls.push('logout')
    return { code: 0 as const, data: null }
  }

  conversation(): Conversation {
    return {
      conversationID: CONVERSATION,
      type: 'C2C',
      unreadCount: 3,
      isPinned: false,
      isMuted: false,
      draftText: '',
      userProfile: { userID: PEER, nick: '书友小林', avatar: '' },
      lastMessage: this.stored[this.stored.length - 1] ?? null,
      lastSequence: this.stored.length,
      readSequence: this.stored.length - 3,
      time: 1,
    }
  }

  getMessageListHopping = async (options: { sequence: number }) => {
    const after = this.stored.filter((m) => m.sequence > options.sequence)
    return {
      code: 0 as const,
      data: { messageList: after.slice(0, 15), isCompleted: after.length <= 15 },
    }
  }

  getConversationList = async () => ({
    code: 0 as const,
    data: { conversationList: [this.conversation()] },
  })
  getConversationProfile = async () => ({
    code: 0 as const,
    data: { conversation: this.conversation() },
  })
  setMessageRead = async () => {
    this.calls.push('setMessageRead')
    return { code: 0 as const, data: null }
  }

  getMessageList = async (options: { conversationID: string; nextReqMessageID?: string }) => {
    const end = options.nextReqMessageID
      ? this.stored.findIndex((m) => m.ID === options.nextReqMessageID)
      : this.stored.length
    const start = Math.max(0, end - 15)
    const messageList = this.stored.slice(start, end)
    return {
      code: 0 as const,
      data: {
        messageList,
        nextReqMessageID: start === 0 ? '' : messageList[0].ID,
        isCompleted: start === 0,
      },
    }
  }
}

async function openStore(total: number) {
  const engine = new MemoryEngine(total)
  const unread: number[] = []
  const store = new ChatStore({
    hooks: async () => ({
      loadEngine: async () => engine as unknown as ChatEngine,
      onKickedOut: async () => undefined,
      freshUserSig: async () => 'sig',
    }),
    onUnread: (n) => unread.push(n),
  })
  await store.start('1', 'sig')
  const room = new ChatRoom(store, CONVERSATION)
  await room.open()
  return { engine, store, unread, room }
}

describe('ChatStore and ChatRoom', () => {
  it('opens with the newest page and reports the unread total', async () => {
    const { room, unread, engine } = await openStore(100)
    expect(room.messages.map((m) => m.sequence)).toEqual(
      Array.from({ length: 15 }, (_, i) => 86 + i),
    )
    expect(room.isCompleted).toBe(false)
    expect(unread).toContain(3)
    expect(engine.calls).toContain('setMessageRead')
  })

  it('keeps the window bounded through history, back down through it, and back to the latest', async () => {
    const { room } = await openStore(10_000)
    for (let i = 0; i < 20; i++) await room.loadHistory()
    expect(room.messages.length).toBe(MESSAGE_WINDOW)
    expect(room.atLatest).toBe(false)
    // The window holds the oldest pages pulled, in order, without gaps.
    const seqs = room.messages.map((m) => m.sequence)
    expect(seqs).toEqual(Array.from({ length: MESSAGE_WINDOW }, (_, i) => seqs[0] + i))
    // Back down through history: the window moves, stays whole and bounded, ends at the newest.
    for (let i = 0; i < 30 && !room.atLatest; i++) {
      await room.loadNewer()
      const now = room.messages.map((m) => m.sequence)
      expect(now.length).toBeLessThanOrEqual(MESSAGE_WINDOW)
      expect(now).toEqual(Array.from({ length: now.length }, (_, k) => now[0] + k))
    }
    expect(room.atLatest).toBe(true)
    expect(room.messages[room.messages.length - 1].sequence).toBe(10_000)
    // History pulls again from the window's oldest.
    const oldest = room.messages[0].sequence
    await room.loadHistory()
    expect(room.messages[0].sequence).toBe(oldest - 15)
    for (let i = 0; i < 20; i++) await room.loadHistory()
    await room.backToLatest()
    expect(room.atLatest).toBe(true)
    expect(room.messages[room.messages.length - 1].sequence).toBe(10_000)
  })

  it('follows live messages at the bottom, counting the incoming ones', async () => {
    const { room, engine } = await openStore(20)
    engine.emit('onMessageReceived', [message(21), message(22, 'out')])
    expect(room.messages.slice(-2).map((m) => m.sequence)).toEqual([21, 22])
    expect(room.newMessageCount).toBe(1)
    // The same message twice (a push and a catch-up) shows once.
    engine.emit('onMessageReceived', [message(21)])
    expect(room.messages.filter((m) => m.sequence === 21)).toHaveLength(1)
    // Another conversation's message does not enter this one.
    engine.emit('onMessageReceived', [{ ...message(23), conversationID: 'C2C9' }])
    expect(room.messages.some((m) => m.conversationID === 'C2C9')).toBe(false)
  })

  it('applies revokes to the shown message', async () => {
    const { room, engine } = await openStore(20)
    engine.emit('onMessageRevoked', [{ ...message(20), isRevoked: true, revoker: PEER }])
    const last = room.messages[room.messages.length - 1]
    expect(last.isRevoked).toBe(true)
    expect(last.revoker).toBe(PEER)
  })

  it('logs chat out and forgets everything when the session ends', async () => {
    const { store, engine, unread, room } = await openStore(20)
    room.close()
    await store.stop()
    expect(engine.calls).toContain('logout')
    expect(store.conversations).toEqual([])
    // A closed room takes no more messages.
    engine.emit('onMessageReceived', [message(21)])
    expect(room.messages).toEqual([])
    expect(unread[unread.length - 1]).toBe(0)
  })
})
