/**
 * Chat above the engine (src/TUIKit/engine): the conversation list, the open conversation's
 * messages and its history cursor, the network state and the unread total. Components render what
 * is here and call these actions; none of them talks to the engine.
 */
import { makeAutoObservable, observableRef, runInAction } from 'mobx'
import type { UserStatus } from '@/types/api/chat'
import type {
  ChatEngine,
  ChatFailure,
  Conversation,
  Listener,
  Message,
  NetState,
} from '@/TUIKit/engine/types'

/** The unread store's source of the book-friend requests not seen yet (on the 会话 tab badge). */
export const FRIEND_REQUESTS_SOURCE = 'friendRequests'

/** What chat needs from the app once a reader signs in (loaded then: guests never load it). */
export interface ChatHooks {
  loadEngine: () => Promise<ChatEngine>
  /** Logged in elsewhere: show the account notice; resolves when the reader confirmed. */
  onKickedOut: () => Promise<void>
  /** An incoming message, with its conversation as known and the reader (the new-message sound). */
  onIncoming?: (message: Message, conversation: Conversation | undefined, me: string) => void
  /** The server's count of book-friend requests to the reader not seen yet. */
  friendRequestUnread?: () => Promise<number>
  /** A fresh userSig from the server (after 重新登录: the one chat started with may have expired). */
  freshUserSig: () => Promise<string>
}

export interface ChatStoreDeps {
  hooks: () => Promise<ChatHooks>
  /** The unread total moved (the tab badge's chat source). */
  onUnread: (total: number) => void
  /** The unread book-friend requests, read again after a request arrived (the badge's source). */
  onFriendRequests?: (unread: number) => void
}

export class ChatStore {
  netState: NetState = 'connected'
  conversations: Conversation[] = []
  conversationsLoaded = false
  private engine: ChatEngine | null = null
  private hooks: ChatHooks | null = null
  private userID = ''
  private starting: Promise<void> | null = null
  private readonly deps: ChatStoreDeps

  constructor(deps: ChatStoreDeps) {
    this.deps = deps
    makeAutoObservable<ChatStore, 'engine' | 'hooks' | 'deps' | 'starting' | 'userID'>(
      this,
      {
        engine: false,
        hooks: false,
        deps: false,
        starting: false,
        userID: false,
        conversations: observableRef,
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
    const hooks = this.hooks ?? (await this.deps.hooks())
    this.hooks = hooks
    const engine = await hooks.loadEngine()
    if (this.engine !== engine) this.listen(engine)
    this.engine = engine
    await engine.login({ userID, userSig })
    await this.refreshConversations()
    this.refreshFriendRequests()
  }

  /** The session ended: chat logs out and forgets everything of this reader. */
  async stop(): Promise<void> {
    const engine = this.engine
    this.starting = null
    this.userID = ''
    runInAction(() => {
      this.conversations = []
      this.conversationsLoaded = false
    })
    this.deps.onUnread(0)
    await engine?.logout().catch(() => undefined)
  }

  private listen(engine: ChatEngine): void {
    engine.on('onMessageReceived', this.onReceived)
    engine.on('onConversationListUpdated', this.onConversations)
    engine.on('onTotalUnreadMessageCountUpdated', ({ data }) => this.deps.onUnread(data))
    engine.on('netStateChange', ({ data }) => {
      const back = data.state === 'connected' && this.netState !== 'connected'
      runInAction(() => (this.netState = data.state))
      // A request may have come while the socket was down.
      if (back) this.refreshFriendRequests()
    })
    engine.on('kickedOut', this.onKicked)
    engine.on('onFriendApplicationListUpdated', this.onFriendApplications)
  }

  /** A book-friend request arrived: the badge counts it now, whichever tab is open. */
  private onFriendApplications: Listener<'onFriendApplicationListUpdated'> = () => {
    this.refreshFriendRequests()
  }

  /** The unread book-friend requests, read again for the badge (a failure keeps the last). */
  private refreshFriendRequests(): void {
    const read = this.hooks?.friendRequestUnread
    const tell = this.deps.onFriendRequests
    if (!read || !tell) return
    read().then(tell, () => undefined)
  }

  private onReceived: Listener<'onMessageReceived'> = ({ data }) => {
    for (const message of data) {
      if (message.flow !== 'in') continue
      this.hooks?.onIncoming?.(message, this.conversation(message.conversationID), this.userID)
    }
  }

  private onConversations: Listener<'onConversationListUpdated'> = ({ data }) => {
    this.conversations = data
    this.conversationsLoaded = true
  }

  /** Logged in elsewhere: after the notice's 重新登录, chat logs in again with a fresh userSig. */
  private onKicked = () => {
    const userID = this.userID
    const hooks = this.hooks
    if (!hooks) return
    void hooks
      .onKickedOut()
      .then(() => (userID && userID === this.userID ? hooks.freshUserSig() : null))
      .then((userSig) => {
        if (userSig === null || userID !== this.userID) return
        this.starting = null
        return this.start(userID, userSig)
      })
      .catch(() => undefined)
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

  /** Online (1) / offline (2) of one-to-one peers; rejects when the server has it off. */
  async userStatus(userIDList: string[]): Promise<UserStatus[]> {
    const res = await this.need().getUserStatus({ userIDList })
    return res.data.successUserList
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

  // ---- for the open conversation (features/chat/ChatRoom) -----------------------------------

  /** Resolves once chat has logged in (rejects when it could not). */
  async whenStarted(): Promise<ChatEngine> {
    await this.starting
    return this.need()
  }

  private need(): ChatEngine {
    if (!this.engine) throw { code: 2800, message: '网络异常，请重试' } satisfies ChatFailure
    return this.engine
  }
}
