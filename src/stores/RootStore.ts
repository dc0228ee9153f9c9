/**
 * The app's MobX root store: one instance per app (src/appStore.ts makes it with the real calls),
 * handed to pages by StoreProvider. Stores take their calls as dependencies, so this layer imports
 * no feature.
 */
import { reaction } from 'mobx'
import { clearDrafts } from '@/core/drafts'
import { session as appSession, type Session } from '@/core/session'
import { ChatStore, FRIEND_REQUESTS_SOURCE, type ChatStoreDeps } from './ChatStore'
import { FeedStore, type FeedApi } from './FeedStore'
import { SessionStore, type SessionApi } from './SessionStore'
import { taroTabBadge, type TabBadgeSink } from './tabBadge'
import { UnreadStore } from './UnreadStore'

export interface RootStoreDeps {
  session: Session
  api: SessionApi
  feedApi: FeedApi
  tabBadge: TabBadgeSink
  clearDrafts: () => void
  /** The chat engine and its UI hooks; without them chat stays off (tests of other stores). */
  chat: Omit<ChatStoreDeps, 'onUnread' | 'onFriendRequests'>
}

const noCalls = (): Promise<never> => Promise.reject(new Error('no api given to this store'))

/** What a store made without calls (a test that does not need them) answers: a failure. */
const offline: SessionApi & FeedApi = { getMyProfile: noCalls, logout: noCalls, likePost: noCalls }

export class RootStore {
  readonly session: SessionStore
  readonly unread: UnreadStore
  readonly feed: FeedStore
  readonly chat: ChatStore
  private readonly stopClearing: () => void
  private readonly stopChat: () => void

  constructor(deps: Partial<RootStoreDeps> = {}) {
    const session = deps.session ?? appSession
    this.session = new SessionStore({ session, api: deps.api ?? offline })
    this.unread = new UnreadStore(deps.tabBadge ?? taroTabBadge)
    this.feed = new FeedStore(deps.feedApi ?? offline)
    this.chat = new ChatStore({
      hooks: deps.chat?.hooks ?? noCalls,
      onUnread: (total) => this.unread.setSource('chat', total),
      onFriendRequests: (total) => this.unread.setSource(FRIEND_REQUESTS_SOURCE, total),
    })
    // Chat logs in for the signed-in reader (stored at launch, or a new login) and out with them.
    this.stopChat = deps.chat
      ? reaction(
          () => (this.session.user ? String(this.session.user.user_id) : ''),
          (userID) => {
            if (userID) this.chat.start(userID, this.session.userSig).catch(() => undefined)
            else void this.chat.stop()
          },
          { fireImmediately: true },
        )
      : () => undefined
    // Another person's unread counts, likes and unsent drafts must not survive a logout.
    this.stopClearing = session.onSessionCleared(() => {
      this.unread.reset()
      this.feed.reset()
      ;(deps.clearDrafts ?? clearDrafts)()
    })
  }

  dispose(): void {
    this.stopClearing()
    this.stopChat()
    this.session.dispose()
    this.unread.dispose()
  }
}

export const createRootStore = (deps?: Partial<RootStoreDeps>): RootStore => new RootStore(deps)
