/** The app's MobX root store: one instance per app, handed to pages by StoreProvider. */
import * as accountApi from '@/features/account/api'
import { clearDrafts } from '@/core/drafts'
import { session as appSession, type Session } from '@/core/session'
import { SessionStore, type SessionApi } from './SessionStore'
import { taroTabBadge, type TabBadgeSink } from './tabBadge'
import { UnreadStore } from './UnreadStore'

export interface RootStoreDeps {
  session: Session
  api: SessionApi
  tabBadge: TabBadgeSink
  clearDrafts: () => void
}

export class RootStore {
  readonly session: SessionStore
  readonly unread: UnreadStore
  private readonly stopClearing: () => void

  constructor(deps: Partial<RootStoreDeps> = {}) {
    const session = deps.session ?? appSession
    this.session = new SessionStore({ session, api: deps.api ?? accountApi })
    this.unread = new UnreadStore(deps.tabBadge ?? taroTabBadge)
    // Another person's unread counts and unsent drafts must not survive a logout.
    this.stopClearing = session.onSessionCleared(() => {
      this.unread.reset()
      ;(deps.clearDrafts ?? clearDrafts)()
    })
  }

  dispose(): void {
    this.stopClearing()
    this.session.dispose()
    this.unread.dispose()
  }
}

export const createRootStore = (deps?: Partial<RootStoreDeps>): RootStore => new RootStore(deps)

/** The app's store (app.ts provides it; launch tasks use it). */
export const rootStore: RootStore = createRootStore()
