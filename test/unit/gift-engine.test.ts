/**
 * A gift card's state after the receiver settled it reaches both sides in place: the local engine
 * turns the gateway's `modified` push into onMessageModified (and the conversation row's last
 * message), its modifyMessage resolves at once (the server changed the message), and the chat
 * page's ChatRoom replaces the shown message without adding one.
 */
import { ChatRoom } from '@/features/chat/ChatRoom'
import { LocalEngine } from '@/TUIKit/engine/local/LocalEngine'
import type { LocalTransport, SocketLike } from '@/TUIKit/engine/local/transport'
import { ChatStore } from '@/stores/ChatStore'
import type { ChatConversation, ChatMessage } from '@/types/api/chat'
import type { ChatEngine, Conversation, Message } from '@/TUIKit/engine/types'

const ME = '1'
const PEER = '2'
const CONVERSATION = `C2C${PEER}`

function giftData(extension: number): string {
  return JSON.stringify({
    businessID: 'giveBook',
    giftBooksLogId: '12',
    bookInfo: [{ booksOrderId: 5, booksName: '红楼梦', booksCoverSheet: '', extension }],
    to: PEER,
    text: '送你一本书',
    extension,
    urlH5: '',
  })
}

function wire(sequence: number, extension = 0): ChatMessage {
  return {
    ID: `${ME}-gift-${sequence}`,
    conversationID: CONVERSATION,
    conversationType: 'C2C',
    sequence,
    type: 'TIMCustomElem',
    payload: { data: giftData(extension), description: 'giveBook', extension: '' },
    from: ME,
    to: PEER,
    nick: '',
    avatar: '',
    time: 1_700_000_000 + sequence,
    isRevoked: false,
    revoker: '',
    cloudCustomData: '',
  }
}

function conversation(last: ChatMessage): ChatConversation {
  return {
    conversationID: CONVERSATION,
    type: 'C2C',
    unreadCount: 0,
    isPinned: false,
    isMuted: false,
    draftText: '',
    userProfile: { userID: PEER, nick: '书友小林', avatar: '' },
    lastMessage: last,
    lastSequence: last.sequence,
    readSequence: last.sequence,
    time: last.time,
  }
}

/** A gateway double: answers auth, sync and the HTTP calls; `push` sends a server frame. */
function gateway() {
  let handlers: { open?: () => void; message?: (t: string) => void; close?: () => void } = {}
  const stored = [wire(1)]
  const socket: SocketLike = {
    send(text) {
      const frame = JSON.parse(text) as { op: string; rid: number }
      const data = frame.op === 'sync' ? { conversations: [] } : {}
      setTimeout(() => handlers.message?.(JSON.stringify({ op: 'ack', rid: frame.rid, data })), 0)
    },
    close: () => handlers.close?.(),
    onOpen: (cb) => (handlers.open = cb),
    onMessage: (cb) => (handlers.message = cb),
    onClose: (cb) => (handlers.close = cb),
  }
  const transport: LocalTransport = {
    call: (async (ref: { path: string }) => {
      const last = stored[stored.length - 1]
      if (ref.path.endsWith('/conversations')) return { conversationList: [conversation(last)] }
      if (ref.path.endsWith('/conversation')) return conversation(last)
      if (ref.path.endsWith('/messages')) return { messageList: stored, isCompleted: true }
      return {}
    }) as unknown as LocalTransport['call'],
    upload: () => Promise.reject({ code: 7004, message: 'none' }),
    token: async () => 'token',
    socketUrl: () => 'ws://test/api/chat/ws',
    openSocket: () => {
      handlers = {}
      setTimeout(() => handlers.open?.(), 0)
      return socket
    },
  }
  return {
    transport,
    stored,
    push: (frame: unknown) => handlers.message?.(JSON.stringify(frame)),
  }
}

async function signedIn() {
  const g = gateway()
  const engine = new LocalEngine(g.transport)
  await engine.login({ userID: ME, userSig: 'sig' })
  await engine.getConversationList()
  return { ...g, engine }
}

describe('gift cards modified in place (local engine)', () => {
  it('turns the modified push into onMessageModified and the row’s last message', async () => {
    const { engine, push } = await signedIn()
    const modified: Message[] = []
    const rows: Conversation[][] = []
    engine.on('onMessageModified', ({ data }) => modified.push(...data))
    engine.on('onConversationListUpdated', ({ data }) => rows.push(data))
    const received: Message[] = []
    engine.on('onMessageReceived', ({ data }) => received.push(...data))

    push({ op: 'modified', message: wire(1, 1) })

    expect(modified).toHaveLength(1)
    expect(modified[0]).toMatchObject({
      ID: `${ME}-gift-1`,
      flow: 'out',
      status: 'success',
      conversationID: CONVERSATION,
    })
    expect(JSON.parse(String(modified[0].payload.data)).extension).toBe(1)
    // Not a new message: nothing received, the row's last message is the changed one.
    expect(received).toHaveLength(0)
    const last = rows[rows.length - 1][0].lastMessage
    expect(JSON.parse(String(last?.payload.data)).extension).toBe(1)
    await engine.logout()
  })

  it('resolves modifyMessage with the message (the server already changed it)', async () => {
    const { engine } = await signedIn()
    const message = { ...wire(1, 2), flow: 'out', status: 'success', progress: 1 } as Message
    await expect(engine.modifyMessage(message)).resolves.toEqual({ code: 0, data: { message } })
    await engine.logout()
  })

  it('replaces the shown message in the open chat, once', async () => {
    const { engine, push } = await signedIn()
    const store = new ChatStore({
      hooks: async () => ({
        loadEngine: async () => engine as unknown as ChatEngine,
        onKickedOut: async () => undefined,
        freshUserSig: async () => 'sig',
      }),
      onUnread: () => undefined,
    })
    await store.start(ME, 'sig')
    const room = new ChatRoom(store, CONVERSATION)
    await room.open()
    expect(room.messages).toHaveLength(1)
    const before = room.messages[0]

    push({ op: 'modified', message: wire(1, 2) })

    expect(room.messages).toHaveLength(1)
    expect(room.messages[0]).not.toBe(before)
    expect(JSON.parse(String(room.messages[0].payload.data)).extension).toBe(2)
    // A push for a message that is not shown changes nothing.
    const shown = room.messages
    push({ op: 'modified', message: { ...wire(7, 1), ID: 'other' } })
    expect(room.messages).toBe(shown)
    room.close()
    await store.stop()
  })

  it('ChatRoom.modify shows the change at once and keeps the engine’s answer', async () => {
    const { engine } = await signedIn()
    const store = new ChatStore({
      hooks: async () => ({
        loadEngine: async () => engine as unknown as ChatEngine,
        onKickedOut: async () => undefined,
        freshUserSig: async () => 'sig',
      }),
      onUnread: () => undefined,
    })
    await store.start(ME, 'sig')
    const room = new ChatRoom(store, CONVERSATION)
    await room.open()
    const changed: Message = {
      ...room.messages[0],
      payload: { ...room.messages[0].payload, data: giftData(1) },
    }
    await expect(room.modify(changed)).resolves.toBeNull()
    expect(room.messages).toHaveLength(1)
    expect(JSON.parse(String(room.messages[0].payload.data)).extension).toBe(1)
    room.close()
    await store.stop()
  })
})
