/**
 * Read receipts in the chat page: the room's counts, pushes and receipts (each once, only with
 * both settings on), the status under a message, and the receipt sent once 70 % of an incoming
 * message stayed on screen (H5).
 */
import { fireEvent, render } from '@testing-library/react'
import { ChatRoom } from '@/features/chat/ChatRoom'
import { SETTLE_MS, useReceiptsOnScreen } from '@/features/chat/useReceiptsOnScreen'
import { ChatStore } from '@/stores/ChatStore'
import ReadReceiptStatus, {
  ReceiptContext,
  type ReceiptView,
} from '@/TUIKit/components/TUIChat/ReadReceiptStatus'
import type { ChatEngine, Message } from '@/TUIKit/engine/types'
import { ReceiptLimits } from '@rules/chatReceipts'
import ReceiptScope from '@/TUIKit/components/TUIChat/ReceiptScope'
import { setUpTaroDom } from './helpers/taroDom'

// The server's setting comes with the chat login answer.
const serverSetting = { enabledMessageReadReceipt: true }
jest.mock('@/core/request', () => ({ call: jest.fn(async () => serverSetting) }))

const ON = { displayMessageReadReceipt: true, enabledMessageReadReceipt: true }

const info = (readCount: number, unreadCount: number, isPeerRead = false) => ({
  readCount,
  unreadCount,
  isPeerRead,
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

/** A small engine for the room: one stored incoming and one outgoing message asking for receipts. */
function roomEngine() {
  const listeners = new Map<string, Array<(e: { name: string; data: unknown }) => void>>()
  const calls: Array<{ method: string; ids: string[] }> = []
  const stored = [
    wireMessage({ ID: '2-in', sequence: 1 }),
    wireMessage({ ID: '1-out', sequence: 2, flow: 'out', from: '1', to: '2' }),
  ]
  const ok = <T,>(data: T) => Promise.resolve({ code: 0 as const, data })
  const engine = {
    kind: 'local',
    isReady: () => true,
    login: () => ok({}),
    logout: () => ok(null),
    on: (name: string, l: (e: { name: string; data: unknown }) => void) =>
      listeners.set(name, [...(listeners.get(name) ?? []), l]),
    off: () => undefined,
    getConversationList: () => ok({ conversationList: [] }),
    getTotalUnreadMessageCount: () => 0,
    getConversationProfile: () =>
      ok({ conversation: { conversationID: 'C2C2', unreadCount: 0, lastMessage: null } }),
    setMessageRead: () => ok(null),
    getMessageList: () =>
      ok({ messageList: stored.map((m) => ({ ...m })), nextReqMessageID: '', isCompleted: true }),
    getMessageReadReceiptList: (list: Message[]) => {
      calls.push({ method: 'getMessageReadReceiptList', ids: list.map((m) => m.ID) })
      for (const m of list) m.readReceiptInfo = info(0, 1)
      return ok({ messageList: list })
    },
    sendMessageReadReceipt: (list: Message[]) => {
      calls.push({ method: 'sendMessageReadReceipt', ids: list.map((m) => m.ID) })
      return ok(null)
    },
    sendMessage: (m: Message) => {
      calls.push({ method: 'sendMessage', ids: [m.ID] })
      return ok({ message: { ...m, status: 'success' as const } })
    },
  }
  const emit = (name: string, data: unknown) =>
    listeners.get(name)?.forEach((l) => l({ name, data }))
  return { engine: engine as unknown as ChatEngine, calls, emit }
}

async function openRoom(settings = ON) {
  const { engine, calls, emit } = roomEngine()
  const store = new ChatStore({
    hooks: async () => ({
      loadEngine: async () => engine,
      onKickedOut: async () => undefined,
      freshUserSig: async () => 'sig',
    }),
    onUnread: () => undefined,
  })
  await store.start('1', 'sig')
  const room = new ChatRoom(store, 'C2C2')
  room.setReceiptSettings(settings)
  await room.open()
  await new Promise((resolve) => setTimeout(resolve, 0))
  return { room, calls, emit }
}

describe('ChatRoom: receipts', () => {
  it('reads the counts of its own messages, follows pushes, receipts seen messages once', async () => {
    const { room, calls, emit } = await openRoom()
    expect(calls[0]).toEqual({ method: 'getMessageReadReceiptList', ids: ['1-out'] })
    const own = () => room.messages.find((m) => m.ID === '1-out')
    expect(own()?.readReceiptInfo).toEqual(info(0, 1))
    emit('onMessageReadReceiptReceived', [
      { messageID: '1-out', conversationID: 'C2C2', groupID: '', ...info(1, 0, true) },
    ])
    expect(own()?.readReceiptInfo).toEqual(info(1, 0, true))
    // A late push with a lower count changes nothing.
    emit('onMessageReadReceiptReceived', [
      { messageID: '1-out', conversationID: 'C2C2', groupID: '', ...info(0, 1) },
    ])
    expect(own()?.readReceiptInfo?.isPeerRead).toBe(true)

    await room.sendReceipts(room.messages)
    await room.sendReceipts(room.messages)
    expect(calls.filter((c) => c.method === 'sendMessageReadReceipt')).toEqual([
      { method: 'sendMessageReadReceipt', ids: ['2-in'] },
    ])
    const made = wireMessage({ ID: '1-new', flow: 'out', status: 'unSend', needReadReceipt: false })
    await room.send(made)
    expect(made.needReadReceipt).toBe(true)
  })

  it('with a setting off: no counts asked, no receipts sent, nothing asked on send', async () => {
    const { room, calls } = await openRoom({ ...ON, enabledMessageReadReceipt: false })
    await room.sendReceipts(room.messages)
    const made = wireMessage({ ID: '1-new', flow: 'out', status: 'unSend', needReadReceipt: false })
    await room.send(made)
    expect(made.needReadReceipt).toBe(false)
    expect(calls.map((c) => c.method)).toEqual(['sendMessage'])
  })

  it('a send made before the settings arrived waits for them, then asks for receipts', async () => {
    const { room } = await openRoom({ ...ON, enabledMessageReadReceipt: false })
    let arrive: (settings: typeof ON) => void = () => undefined
    room.awaitReceiptSettings(new Promise((resolve) => (arrive = resolve)))
    const made = wireMessage({
      ID: '1-first',
      flow: 'out',
      status: 'unSend',
      needReadReceipt: false,
    })
    const sending = room.send(made)
    await new Promise((resolve) => setTimeout(resolve, 0))
    // Shown at once, not sent yet.
    expect(room.messages.some((m) => m.ID === '1-first')).toBe(true)
    arrive(ON)
    await sending
    expect(made.needReadReceipt).toBe(true)
  })
})

describe('ReadReceiptStatus', () => {
  beforeAll(setUpTaroDom)

  const sent = (over: Partial<Message>) => wireMessage({ flow: 'out', from: '1', to: '2', ...over })

  it('shows nothing without the chat page’s settings, 未读 / 已读 in C2C', () => {
    const unread = sent({ readReceiptInfo: info(0, 1) })
    expect(render(<ReadReceiptStatus message={unread} />).container.textContent).toBe('')
    const view: ReceiptView = { settings: ON, groupMemberCount: 0 }
    const { getByText, rerender } = render(
      <ReceiptContext.Provider value={view}>
        <ReadReceiptStatus message={unread} />
      </ReceiptContext.Provider>,
    )
    expect(getByText('未读')).toBeTruthy()
    rerender(
      <ReceiptContext.Provider value={view}>
        <ReadReceiptStatus message={sent({ readReceiptInfo: info(1, 0, true) })} />
      </ReceiptContext.Provider>,
    )
    expect(getByText('已读')).toBeTruthy()
  })

  it('groups: 「N人已读」 opens the panel, 全部已读 once all read', () => {
    const onOpen = jest.fn()
    const view: ReceiptView = { settings: ON, groupMemberCount: 5, onOpen }
    const partly = sent({ conversationType: 'GROUP', readReceiptInfo: info(2, 2) })
    const { getByText, rerender } = render(
      <ReceiptContext.Provider value={view}>
        <ReadReceiptStatus message={partly} />
      </ReceiptContext.Provider>,
    )
    fireEvent.click(getByText('2人已读'))
    expect(onOpen).toHaveBeenCalledWith(partly)
    rerender(
      <ReceiptContext.Provider value={view}>
        <ReadReceiptStatus
          message={sent({ conversationType: 'GROUP', readReceiptInfo: info(4, 0) })}
        />
      </ReceiptContext.Provider>,
    )
    expect(getByText('全部已读')).toBeTruthy()
  })
})

describe('useReceiptsOnScreen (H5)', () => {
  type Callback = (entries: Array<{ target: Element; intersectionRatio: number }>) => void
  const observers: Array<{ callback: Callback; targets: Element[]; threshold: unknown }> = []
  beforeAll(() => {
    ;(globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      private readonly entry: (typeof observers)[number]
      constructor(callback: Callback, options: { threshold: unknown }) {
        this.entry = { callback, targets: [], threshold: options.threshold }
        observers.push(this.entry)
      }
      observe(target: Element) {
        this.entry.targets.push(target)
      }
      unobserve() {}
      disconnect() {}
    }
  })

  function List({ room }: { room: ChatRoom }) {
    useReceiptsOnScreen(room, room.messages)
    return (
      <div>
        {room.messages.map((m) => (
          <div key={m.ID} data-testid="msg" data-id={m.ID} />
        ))}
      </div>
    )
  }

  it('receipts an incoming message once 70 % of it stayed on screen, not a glimpse', async () => {
    const { room, calls } = await openRoom()
    render(<List room={room} />)
    const observer = observers[observers.length - 1]
    expect(observer.threshold).toEqual([0, ReceiptLimits.visibleRatio])
    // Only the incoming message that asked for a receipt is watched.
    expect(observer.targets.map((t) => (t as HTMLElement).dataset.id)).toEqual(['2-in'])
    const sends = () => calls.filter((c) => c.method === 'sendMessageReadReceipt')
    const row = observer.targets[0]
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
    observer.callback([{ target: row, intersectionRatio: 0.5 }])
    await wait(SETTLE_MS + 50)
    expect(sends()).toEqual([])
    // On screen while the list opens, then scrolled away before it settled: not read.
    observer.callback([{ target: row, intersectionRatio: 1 }])
    await wait(SETTLE_MS / 5)
    observer.callback([{ target: row, intersectionRatio: 0 }])
    await wait(SETTLE_MS + 50)
    expect(sends()).toEqual([])
    observer.callback([{ target: row, intersectionRatio: 0.7 }])
    await wait(SETTLE_MS / 5)
    expect(sends()).toEqual([])
    await wait(SETTLE_MS)
    expect(sends()).toEqual([{ method: 'sendMessageReadReceipt', ids: ['2-in'] }])
    // Seen again later: still one receipt.
    observer.callback([{ target: row, intersectionRatio: 0 }])
    observer.callback([{ target: row, intersectionRatio: 1 }])
    await wait(SETTLE_MS + 50)
    expect(sends()).toHaveLength(1)
  })
})

describe('ReceiptScope', () => {
  beforeAll(setUpTaroDom)

  it('takes the server’s setting, hands it to the room and the statuses inside', async () => {
    const { room, calls } = await openRoom({ ...ON, enabledMessageReadReceipt: false })
    expect(calls.map((c) => c.method)).toEqual([])
    const own = room.messages.find((m) => m.ID === '1-out') as Message
    const { findByText } = render(
      <ReceiptScope room={room} groupMemberCount={0}>
        <ReadReceiptStatus message={{ ...own, readReceiptInfo: info(0, 1) }} />
      </ReceiptScope>,
    )
    expect(await findByText('未读')).toBeTruthy()
    expect(room.receiptsOn).toBe(true)
    // Turned on: the counts of the shown messages were asked for at once.
    expect(calls[0]).toEqual({ method: 'getMessageReadReceiptList', ids: ['1-out'] })
  })
})
