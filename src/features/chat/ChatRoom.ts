/**
 * The open conversation: its messages (a window of at most 90, oldest first), the history cursor,
 * live messages, sending and its states, revokes and deletes. One per chat page, above the app's
 * ChatStore (which owns the engine and the conversation list); on H5 and weapp it loads with the
 * chat page, not at start.
 */
import { makeAutoObservable, observableRef, runInAction } from 'mobx'
import type { ChatStore } from '@/stores/ChatStore'
import type {
  ChatEngine,
  ChatFailure,
  Conversation,
  EventData,
  Listener,
  MergedMessageItem,
  Message,
} from '@/TUIKit/engine/types'
import { readReceiptsOf, receiptsOn, wantsReceipt, type ReceiptSettings } from '@rules/chatReceipts'

/** Most messages kept rendered; older ones leave the window and come back on scrolling up. */
export const MESSAGE_WINDOW = 90

export class ChatRoom {
  /** Oldest first. */
  messages: Message[] = []
  nextReqMessageID = ''
  isCompleted = false
  loadingHistory = false
  loadingNewer = false
  /** Incoming messages that arrived while the reader was far from the bottom. */
  newMessageCount = 0
  /** False once scrolling up pushed the newest messages out of the window. */
  atLatest = true
  /** The reader's and the app's receipt settings (both on: receipts asked for, sent, shown). */
  receiptSettings: ReceiptSettings = {
    displayMessageReadReceipt: true,
    enabledMessageReadReceipt: false,
  }
  private engine: ChatEngine | null = null
  private settingsArriving: Promise<void> | null = null
  private closed = false
  /** Incoming messages receipted already (each once). */
  private readonly receipted = new Set<string>()

  constructor(
    private readonly chat: ChatStore,
    readonly conversationID: string,
  ) {
    makeAutoObservable<ChatRoom, 'engine' | 'chat' | 'closed' | 'receipted' | 'settingsArriving'>(
      this,
      {
        engine: false,
        chat: false,
        closed: false,
        settingsArriving: false,
        receipted: false,
        messages: observableRef,
        conversationID: false,
      },
      { autoBind: true },
    )
  }

  get me(): string {
    return this.chat.me
  }

  /** Opens the conversation (a one-to-one one is made on first use) with its newest page. */
  async open(): Promise<Conversation> {
    const engine = await this.chat.whenStarted()
    this.engine = engine
    engine.on('onMessageReceived', this.onReceived)
    engine.on('onMessageRevoked', this.onChanged)
    engine.on('onMessageModified', this.onChanged)
    engine.on('onMessageReadReceiptReceived', this.onReceipts)
    const profile = await engine.getConversationProfile(this.conversationID)
    await this.loadHistory()
    if (profile.data.conversation.unreadCount > 0) void this.markRead()
    return profile.data.conversation
  }

  /** Leaving the page: no more updates, nothing kept. */
  close(): void {
    this.closed = true
    this.engine?.off('onMessageReceived', this.onReceived)
    this.engine?.off('onMessageRevoked', this.onChanged)
    this.engine?.off('onMessageModified', this.onChanged)
    this.engine?.off('onMessageReadReceiptReceived', this.onReceipts)
    this.messages = []
  }

  private onReceived: Listener<'onMessageReceived'> = ({ data }) => {
    const mine = data.filter((m) => m.conversationID === this.conversationID)
    if (mine.length === 0 || this.closed) return
    const known = new Set(this.messages.map((m) => m.ID))
    const fresh = mine.filter((m) => !known.has(m.ID))
    if (this.atLatest) this.messages = trimWindow([...this.messages, ...fresh])
    this.newMessageCount += fresh.filter((m) => m.flow === 'in').length
    if (fresh.some((m) => m.flow === 'in')) void this.markRead()
  }

  private onChanged = ({ data }: { data: EventData['onMessageRevoked'] }) => {
    const byId = new Map(data.map((m) => [m.ID, m]))
    if (!this.messages.some((m) => byId.has(m.ID))) return
    this.messages = this.messages.map((m) => {
      const changed = byId.get(m.ID)
      return changed ? { ...m, ...changed, status: m.status, flow: m.flow } : m
    })
  }

  /**
   * The settings on their way (the app's comes with the chat login answer): a send waits for them
   * before it decides whether to ask for receipts, so the first message is asked for too.
   */
  awaitReceiptSettings(arriving: Promise<ReceiptSettings>): void {
    const pending = arriving.then(
      (settings) => {
        if (this.settingsArriving === pending) this.settingsArriving = null
        this.setReceiptSettings(settings)
      },
      () => {
        if (this.settingsArriving === pending) this.settingsArriving = null
      },
    )
    this.settingsArriving = pending
  }

  /** Turned on: the counts of our shown messages are read at once. */
  setReceiptSettings(settings: ReceiptSettings): void {
    const was = this.receiptsOn
    this.receiptSettings = settings
    if (!was && this.receiptsOn) void this.refreshReceipts(this.messages)
  }

  get receiptsOn(): boolean {
    return receiptsOn(this.receiptSettings)
  }

  /** Receipts pushed for our messages: their counts now (a read count never goes down). */
  private onReceipts: Listener<'onMessageReadReceiptReceived'> = ({ data }) => {
    if (this.closed) return
    const next = readReceiptsOf(this.messages, data)
    if (next !== this.messages) this.messages = next
  }

  /** The counts of our own shown messages that asked for receipts (after a page loads). */
  private async refreshReceipts(list: Message[]): Promise<void> {
    const own = list.filter((m) => m.flow === 'out' && m.status === 'success' && m.needReadReceipt)
    if (!this.receiptsOn || own.length === 0 || !this.engine) return
    const res = await this.engine.getMessageReadReceiptList(own).catch(() => null)
    if (!res || this.closed) return
    const infos = new Map(res.data.messageList.map((m) => [m.ID, m.readReceiptInfo]))
    runInAction(() => {
      this.messages = this.messages.map((m) => {
        const info = infos.get(m.ID)
        return info ? { ...m, readReceiptInfo: info } : m
      })
    })
  }

  /** Receipts for incoming messages now seen on screen (each once; only when both settings are on). */
  async sendReceipts(seen: Message[]): Promise<void> {
    const due = seen.filter(
      (m) => !this.receipted.has(m.ID) && wantsReceipt(m, this.receiptSettings),
    )
    if (due.length === 0 || !this.engine) return
    for (const m of due) this.receipted.add(m.ID)
    await this.engine.sendMessageReadReceipt(due).catch(() => {
      for (const m of due) this.receipted.delete(m.ID)
    })
  }

  /** The page before the oldest loaded one (pull up for history). */
  async loadHistory(): Promise<void> {
    if (this.loadingHistory || this.isCompleted || this.closed) return
    this.loadingHistory = true
    try {
      const res = await this.need().getMessageList({
        conversationID: this.conversationID,
        ...(this.nextReqMessageID ? { nextReqMessageID: this.nextReqMessageID } : {}),
      })
      runInAction(() => {
        const known = new Set(this.messages.map((m) => m.ID))
        const older = res.data.messageList.filter((m) => !known.has(m.ID))
        const merged = [...older, ...this.messages]
        if (merged.length > MESSAGE_WINDOW) this.atLatest = false
        this.messages = trimWindow(merged, 'newest')
        this.nextReqMessageID = res.data.nextReqMessageID
        this.isCompleted = res.data.isCompleted
      })
      void this.refreshReceipts(res.data.messageList)
    } finally {
      runInAction(() => (this.loadingHistory = false))
    }
  }

  /** Back down through history: the page after the newest shown (when the window left it). */
  async loadNewer(): Promise<void> {
    const newest = this.messages[this.messages.length - 1]
    if (this.atLatest || this.loadingNewer || this.closed || !newest) return
    this.loadingNewer = true
    try {
      const res = await this.need().getMessageListHopping({
        conversationID: this.conversationID,
        sequence: newest.sequence,
        direction: 1,
      })
      runInAction(() => {
        const known = new Set(this.messages.map((m) => m.ID))
        const newer = res.data.messageList.filter((m) => !known.has(m.ID))
        const merged = trimWindow([...this.messages, ...newer])
        if (merged[0] !== this.messages[0]) {
          // The oldest left the window: history is pulled again from the new oldest.
          this.nextReqMessageID = merged[0].ID
          this.isCompleted = false
        }
        this.messages = merged
        if (res.data.isCompleted) this.atLatest = true
      })
    } finally {
      runInAction(() => (this.loadingNewer = false))
    }
  }

  /** Back at the bottom: the newest window again, no new-message count. */
  async backToLatest(): Promise<void> {
    this.newMessageCount = 0
    if (this.atLatest) return
    this.atLatest = true
    this.nextReqMessageID = ''
    this.isCompleted = false
    this.messages = []
    await this.loadHistory()
  }

  clearNewMessageCount(): void {
    this.newMessageCount = 0
  }

  private async markRead(): Promise<void> {
    await this.engine
      ?.setMessageRead({ conversationID: this.conversationID })
      .catch(() => undefined)
  }

  /** Sends a message made by the engine: shown at once, then its state as it goes. */
  async send(message: Message): Promise<ChatFailure | null> {
    const engine = this.need()
    this.upsert(message)
    if (this.settingsArriving && message.status === 'unSend') await this.settingsArriving
    if (this.receiptsOn && message.status === 'unSend') message.needReadReceipt = true
    const track = setInterval(() => this.upsert({ ...message }), 200)
    try {
      const res = await engine.sendMessage(message)
      this.upsert({ ...res.data.message })
      return null
    } catch (error) {
      const failure = error as ChatFailure
      this.upsert({ ...(failure.data?.message ?? message), status: 'fail' })
      return failure
    } finally {
      clearInterval(track)
    }
  }

  async revoke(message: Message): Promise<ChatFailure | null> {
    try {
      const res = await this.need().revokeMessage(message)
      this.upsert({ ...message, ...res.data.message })
      return null
    } catch (error) {
      return error as ChatFailure
    }
  }

  /**
   * A message whose payload this reader changed (a gift card after its settle call): shown changed
   * at once; on Tencent the SDK stores and spreads it, on the local gateway the server already has.
   */
  async modify(message: Message): Promise<ChatFailure | null> {
    this.upsert(message)
    try {
      const res = await this.need().modifyMessage(message)
      this.upsert({ ...message, ...res.data.message })
      return null
    } catch (error) {
      return error as ChatFailure
    }
  }

  async deleteForMe(message: Message): Promise<ChatFailure | null> {
    try {
      if (message.status === 'success') await this.need().deleteMessage([message])
      this.messages = this.messages.filter((m) => m.ID !== message.ID)
      return null
    } catch (error) {
      return error as ChatFailure
    }
  }

  /** The messages behind a merged message's card (its payload's downloadKey), for the viewer. */
  async downloadMergerMessage(payload: Record<string, unknown>): Promise<MergedMessageItem[]> {
    const res = await this.need().downloadMergerMessage({ payload })
    return res.data.messageList
  }

  /** The engine, to make messages for this conversation. */
  get engineForMessages(): ChatEngine {
    return this.need()
  }

  private upsert(message: Message): void {
    if (message.conversationID !== this.conversationID || this.closed) return
    const index = this.messages.findIndex((m) => m.ID === message.ID)
    if (index === -1) {
      if (!this.atLatest) void this.backToLatest()
      this.messages = trimWindow([...this.messages, message])
      return
    }
    const next = this.messages.slice()
    next[index] = message
    this.messages = next
  }

  private need(): ChatEngine {
    if (!this.engine) throw { code: 2800, message: '网络异常，请重试' } satisfies ChatFailure
    return this.engine
  }
}

/** Keeps the window bounded: drops the oldest (new messages) or the newest (scrolling up). */
function trimWindow(list: Message[], drop: 'oldest' | 'newest' = 'oldest'): Message[] {
  if (list.length <= MESSAGE_WINDOW) return list
  return drop === 'oldest'
    ? list.slice(list.length - MESSAGE_WINDOW)
    : list.slice(0, MESSAGE_WINDOW)
}
