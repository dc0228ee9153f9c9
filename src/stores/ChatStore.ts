/**
 * Chat above the engine (src/TUIKit/engine): the conversation list, the open conversation's
 * messages and its history cursor, the network state and the unread total. Components render what
 * is here and call these actions; none of them talks to the engine.
 */
import { makeAutoObservable, observableRef, runInAction } from 'mobx'
import type {
  ChatEngine,
  ChatFailure,
  Conversation,
  EventData,
  Listener,
  Message,
  NetState,
} from '@/TUIKit/engine/types'

export interface ChatStoreDeps {
  loadEngine: () => Promise<ChatEngine>
  /** The unread total moved (the tab badge's chat source). */
  onUnread: (total: number) => void
  /** Logged in elsewhere: show the account notice; resolves when the reader confirmed. */
  onKickedOut: () => Promise<void>
  /** An incoming message in a conversation that is not muted (the new-message sound). */
  onIncoming?: (message: Message) => void
}

/** Most messages kept rendered; older ones leave the window and come back on scrolling up. */
export const MESSAGE_WINDOW = 90

export class ChatStore {
  ready = false
  netState: NetState = 'connected'
  conversations: Conversation[] = []
  conversationsLoaded = false
  currentConversationID = ''
  /** The open conversation's messages, oldest first (a window over what was loaded). */
  messages: Message[] = []
  nextReqMessageID = ''
  isCompleted = false
  loadingHistory = false
  /** Incoming messages that arrived while the reader was far from the bottom. */
  newMessageCount = 0
  /** False once scrolling up pushed the newest messages out of the window. */
  atLatest = true
  private engine: ChatEngine | null = null
  private userID = ''
  private starting: Promise<void> | null = null
  private readonly deps: ChatStoreDeps

  constructor(deps: ChatStoreDeps) {
    this.deps = deps
    makeAutoObservable<ChatStore, 'engine' | 'deps' | 'starting' | 'userID'>(
      this,
      {
        engine: false,
        deps: false,
        starting: false,
        userID: false,
        conversations: observableRef,
        messages: observableRef,
      },
      { autoBind: true },
    )
  }

  get totalUnread(): number {
    return this.conversations.reduce((sum, c) => sum + c.unreadCount, 0)
  }

  get me(): string {
    return this.userID
  }

  /** Chat login for the signed-in reader (at launch when authorization is stored, and at login). */
  start(userID: string, userSig: string): Promise<void> {
    if (this.starting && this.userID === userID) return this.starting
    this.userID = userID
    this.starting = this.login(userID, userSig).catch((error: unknown) => {
      this.starting = null
      throw error
    })
    return this.starting
  }

  private async login(userID: string, userSig: string): Promise<void> {
    const engine = await this.deps.loadEngine()
    if (this.engine !== engine) this.listen(engine)
    this.engine = engine
    await engine.login({ userID, userSig })
    runInAction(() => (this.ready = true))
    await this.refreshConversations()
  }

  /** The session ended: chat logs out and forgets everything of this reader. */
  async stop(): Promise<void> {
    const engine = this.engine
    this.starting = null
    this.userID = ''
    runInAction(() => {
      this.ready = false
      this.conversations = []
      this.conversationsLoaded = false
      this.leaveConversation()
    })
    this.deps.onUnread(0)
    await engine?.logout().catch(() => undefined)
  }

  private listen(engine: ChatEngine): void {
    engine.on('onMessageReceived', this.onReceived)
    engine.on('onMessageRevoked', this.onChanged)
    engine.on('onMessageModified', this.onChanged)
    engine.on('onConversationListUpdated', this.onConversations)
    engine.on('onTotalUnreadMessageCountUpdated', ({ data }) => this.deps.onUnread(data))
    engine.on('netStateChange', ({ data }) => runInAction(() => (this.netState = data.state)))
    engine.on('kickedOut', this.onKicked)
  }

  private onReceived: Listener<'onMessageReceived'> = ({ data }) => {
    const mine = data.filter((m) => m.conversationID === this.currentConversationID)
    if (mine.length > 0) {
      const known = new Set(this.messages.map((m) => m.ID))
      const fresh = mine.filter((m) => !known.has(m.ID))
      if (this.atLatest) this.messages = trimWindow([...this.messages, ...fresh])
      this.newMessageCount += fresh.filter((m) => m.flow === 'in').length
      if (fresh.some((m) => m.flow === 'in')) void this.markRead(this.currentConversationID, true)
    }
    for (const message of data) {
      if (message.flow !== 'in') continue
      const conversation = this.conversations.find(
        (c) => c.conversationID === message.conversationID,
      )
      if (!conversation?.isMuted) this.deps.onIncoming?.(message)
    }
  }

  private onChanged = ({ data }: { data: EventData['onMessageRevoked'] }) => {
    const byId = new Map(data.map((m) => [m.ID, m]))
    if (!this.messages.some((m) => byId.has(m.ID))) return
    this.messages = this.messages.map((m) => {
      const changed = byId.get(m.ID)
      return changed ? { ...m, ...changed, status: m.status, flow: m.flow } : m
    })
  }

  private onConversations: Listener<'onConversationListUpdated'> = ({ data }) => {
    this.conversations = data
    this.conversationsLoaded = true
  }

  private onKicked = () => {
    const userID = this.userID
    runInAction(() => (this.ready = false))
    void this.deps.onKickedOut().then(() => {
      this.starting = null
      if (userID) void this.start(userID, '').catch(() => undefined)
    })
  }

  // ---- conversation list --------------------------------------------------------------------

  async refreshConversations(): Promise<void> {
    const engine = this.engine
    if (!engine) return
    const res = await engine.getConversationList()
    runInAction(() => {
      this.conversations = res.data.conversationList
      this.conversationsLoaded = true
    })
    this.deps.onUnread(this.totalUnread)
  }

  conversation(conversationID: string): Conversation | undefined {
    return this.conversations.find((c) => c.conversationID === conversationID)
  }

  async pin(conversationID: string, isPinned: boolean): Promise<void> {
    await this.need().pinConversation({ conversationID, isPinned })
  }

  async mute(conversationID: string, isMuted: boolean): Promise<void> {
    await this.need().setMessageRemindType({
      conversationID,
      messageRemindType: isMuted ? 'AcceptNotNotify' : 'AcceptAndNotify',
    })
  }

  async remove(conversationID: string): Promise<void> {
    await this.need().deleteConversation(conversationID)
  }

  async setDraft(conversationID: string, draftText: string): Promise<void> {
    const known = this.conversation(conversationID)
    if (known && known.draftText === draftText) return
    await this.need()
      .setConversationDraft({ conversationID, draftText })
      .catch(() => undefined)
  }

  // ---- the open conversation ----------------------------------------------------------------

  /** Opens a conversation (creating a one-to-one one on first use) and loads its newest page. */
  async openConversation(conversationID: string): Promise<Conversation> {
    await this.starting
    const engine = this.need()
    runInAction(() => {
      this.currentConversationID = conversationID
      this.messages = []
      this.nextReqMessageID = ''
      this.isCompleted = false
      this.newMessageCount = 0
      this.atLatest = true
    })
    const profile = await engine.getConversationProfile(conversationID)
    await this.loadHistory()
    void this.markRead(conversationID)
    return profile.data.conversation
  }

  leaveConversation(): void {
    this.currentConversationID = ''
    this.messages = []
    this.nextReqMessageID = ''
    this.isCompleted = false
    this.newMessageCount = 0
    this.atLatest = true
  }

  /** The page before the oldest loaded one (pull up for history). */
  async loadHistory(): Promise<void> {
    if (this.loadingHistory || this.isCompleted || !this.currentConversationID) return
    const conversationID = this.currentConversationID
    this.loadingHistory = true
    try {
      const res = await this.need().getMessageList({
        conversationID,
        ...(this.nextReqMessageID ? { nextReqMessageID: this.nextReqMessageID } : {}),
      })
      runInAction(() => {
        if (conversationID !== this.currentConversationID) return
        const known = new Set(this.messages.map((m) => m.ID))
        const older = res.data.messageList.filter((m) => !known.has(m.ID))
        const merged = [...older, ...this.messages]
        if (merged.length > MESSAGE_WINDOW) this.atLatest = false
        this.messages = trimWindow(merged, 'newest')
        this.nextReqMessageID = res.data.nextReqMessageID
        this.isCompleted = res.data.isCompleted
      })
    } finally {
      runInAction(() => (this.loadingHistory = false))
    }
  }

  /** Back at the bottom: the newest window again, no new-message count. */
  async backToLatest(): Promise<void> {
    this.newMessageCount = 0
    if (this.atLatest) return
    const conversationID = this.currentConversationID
    this.atLatest = true
    this.nextReqMessageID = ''
    this.isCompleted = false
    this.messages = []
    if (conversationID) await this.loadHistory()
  }

  clearNewMessageCount(): void {
    this.newMessageCount = 0
  }

  /** Read up to the newest message; `fresh`: a message just arrived (the list may lag behind). */
  private async markRead(conversationID: string, fresh = false): Promise<void> {
    const engine = this.engine
    const known = this.conversation(conversationID)
    if (!engine || (!fresh && known && known.unreadCount === 0)) return
    await engine.setMessageRead({ conversationID }).catch(() => undefined)
  }

  /** Sends a message made by the engine: shown at once, then its state as it goes. */
  async send(message: Message): Promise<ChatFailure | null> {
    const engine = this.need()
    this.upsert(message)
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

  async resend(message: Message): Promise<ChatFailure | null> {
    return this.send(message)
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

  async deleteForMe(message: Message): Promise<ChatFailure | null> {
    try {
      if (message.status === 'success') await this.need().deleteMessage([message])
      this.messages = this.messages.filter((m) => m.ID !== message.ID)
      return null
    } catch (error) {
      return error as ChatFailure
    }
  }

  /** Engine-made messages for the open conversation. */
  get engineForMessages(): ChatEngine {
    return this.need()
  }

  private upsert(message: Message): void {
    if (message.conversationID !== this.currentConversationID) return
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
function trimWindow(list: Message[], keep: 'oldest' | 'newest' = 'oldest'): Message[] {
  if (list.length <= MESSAGE_WINDOW) return list
  return keep === 'oldest'
    ? list.slice(list.length - MESSAGE_WINDOW)
    : list.slice(0, MESSAGE_WINDOW)
}
