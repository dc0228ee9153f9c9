/**
 * A book-friend request badges the 会话 tab live: on the engine's onFriendApplicationListUpdated
 * the chat store reads the server's unread requests again and hands the count to the badge's
 * source, whichever tab is open. The local engine raises that event on the gateway's
 * friendApplication push.
 */
import { ChatStore, FRIEND_REQUESTS_SOURCE } from '@/stores/ChatStore'
import { createRootStore } from '@/stores/RootStore'
import { LocalEngine } from '@/TUIKit/engine/local/LocalEngine'
import type { LocalTransport, SocketLike } from '@/TUIKit/engine/local/transport'
import type { ChatEngine } from '@/TUIKit/engine/types'
import { TinyEngine } from './helpers/tinyEngine'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

async function started(unreadCounts: number[], onFriendRequests: (n: number) => void) {
  const engine = new TinyEngine()
  let asked = 0
  const store = new ChatStore({
    hooks: async () => ({
      loadEngine: async () => engine as unknown as ChatEngine,
      onKickedOut: async () => undefined,
      freshUserSig: async () => 'sig',
      friendRequestUnread: async () => unreadCounts[asked++] ?? 0,
    }),
    onUnread: () => undefined,
    onFriendRequests,
  })
  await store.start('1', 'sig')
  return { engine, asked: () => asked }
}

describe('friend requests on the chat tab badge', () => {
  it('reads the unread requests at login and again on each onFriendApplicationListUpdated', async () => {
    const told: number[] = []
    const { engine, asked } = await started([0, 1, 2, 3], (n) => told.push(n))
    await settle()
    expect(asked()).toBe(1)
    expect(told).toEqual([0])
    engine.emit('onFriendApplicationListUpdated', {})
    await settle()
    expect(told).toEqual([0, 1])
    engine.emit('onFriendApplicationListUpdated', { unreadCount: 9 })
    await settle()
    // The server's count, not the SDK's own list's.
    expect(told).toEqual([0, 1, 2])
    // Back online after a drop: a request may have come meanwhile.
    engine.emit('netStateChange', { state: 'disconnected' })
    engine.emit('netStateChange', { state: 'connected' })
    await settle()
    expect(told).toEqual([0, 1, 2, 3])
  })

  it('a failed read keeps the last count', async () => {
    const engine = new TinyEngine()
    const told: number[] = []
    const store = new ChatStore({
      hooks: async () => ({
        loadEngine: async () => engine as unknown as ChatEngine,
        onKickedOut: async () => undefined,
        freshUserSig: async () => 'sig',
        friendRequestUnread: () => Promise.reject(new Error('offline')),
      }),
      onUnread: () => undefined,
      onFriendRequests: (n) => told.push(n),
    })
    await store.start('1', 'sig')
    engine.emit('onFriendApplicationListUpdated', {})
    await settle()
    expect(told).toEqual([])
  })

  it("the root store puts the count on the unread store's friend-request source", () => {
    const root = createRootStore()
    const chat = root.chat as unknown as {
      deps: { onFriendRequests?: (n: number) => void }
    }
    chat.deps.onFriendRequests?.(4)
    expect(root.unread.sources.get(FRIEND_REQUESTS_SOURCE)).toBe(4)
    root.dispose()
  })
})

/** A gateway double that acknowledges every frame; `push` sends a server frame. */
function gateway() {
  let handlers: { open?: () => void; message?: (t: string) => void } = {}
  const socket: SocketLike = {
    send(text) {
      const frame = JSON.parse(text) as { op: string; rid: number }
      const data = frame.op === 'sync' ? { conversations: [] } : {}
      setTimeout(() => handlers.message?.(JSON.stringify({ op: 'ack', rid: frame.rid, data })), 0)
    },
    close: () => undefined,
    onOpen: (cb) => (handlers.open = cb),
    onMessage: (cb) => (handlers.message = cb),
    onClose: () => undefined,
  }
  const transport: LocalTransport = {
    call: (async () => ({ conversationList: [] })) as unknown as LocalTransport['call'],
    upload: () => Promise.reject({ code: 7004, message: 'none' }),
    token: async () => 'token',
    socketUrl: () => 'ws://test/api/chat/ws',
    openSocket: () => {
      handlers = {}
      setTimeout(() => handlers.open?.(), 0)
      return socket
    },
  }
  return { transport, push: (frame: unknown) => handlers.message?.(JSON.stringify(frame)) }
}

describe('local engine', () => {
  it('turns the friendApplication push into onFriendApplicationListUpdated', async () => {
    const g = gateway()
    const engine = new LocalEngine(g.transport)
    await engine.login({ userID: '1', userSig: 'sig' })
    const seen: unknown[] = []
    engine.on('onFriendApplicationListUpdated', ({ data }) => seen.push(data))
    g.push({ op: 'friendApplication' })
    expect(seen).toEqual([{}])
  })
})
