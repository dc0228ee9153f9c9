/**
 * The signed-in person, observable. Hydrated from storage at creation; follows the stored session
 * when the request layer ends it (302/401, a refused refresh) through `onSessionCleared`.
 */
import { makeAutoObservable } from 'mobx'
import type { LoginByTokenRes, LoginResult, UserProfile } from '@/types/api/account'
import type { Session } from '@/core/session'

/** The calls the store makes; the account api in the app, fakes in tests. */
export interface SessionApi {
  getMyProfile(): Promise<UserProfile>
  logout(refreshToken?: string): Promise<unknown>
}

export interface SessionStoreDeps {
  session: Session
  api: SessionApi
}

export class SessionStore {
  user: UserProfile | null = null
  /** The chat signature of the signed-in person ('' when none). */
  userSig = ''

  private readonly session: Session
  private readonly api: SessionApi
  private readonly unsubscribe: () => void

  constructor({ session, api }: SessionStoreDeps) {
    this.session = session
    this.api = api
    if (this.hasTokens()) {
      this.user = session.readUser()
      this.userSig = session.readUserSig()
    }
    makeAutoObservable<SessionStore, 'session' | 'api' | 'unsubscribe'>(
      this,
      { session: false, api: false, unsubscribe: false },
      { autoBind: true },
    )
    this.unsubscribe = session.onSessionCleared(() => this.reset())
  }

  get isLoggedIn(): boolean {
    return this.user !== null
  }

  /** Keeps a login's tokens, profile and chat signature. */
  applyLogin(result: LoginResult): void {
    this.session.saveLogin(result)
    this.user = result.user
    this.userSig = result.userSig
  }

  /** A new profile (after an edit): observable and stored as userInfo / user_info. */
  setUser(user: UserProfile): void {
    this.session.saveUser(user)
    this.user = user
  }

  /** The launch token check's answer (LoginByToken). */
  confirmSession(res: LoginByTokenRes): void {
    this.setUser(res.user)
    this.session.saveUserSig(res.userSig)
    this.userSig = res.userSig
  }

  /** GetMyProfile into the store; ignored when the session ended meanwhile. */
  async refreshProfile(): Promise<UserProfile> {
    const user = await this.api.getMyProfile()
    if (this.hasTokens()) this.setUser(user)
    return user
  }

  /** Revokes the tokens on the server (silently) and clears the session whatever the answer. */
  async logout(): Promise<void> {
    const refreshToken = this.session.refreshToken() ?? undefined
    try {
      await this.api.logout(refreshToken)
    } catch {
      // Logging out locally is what the person asked for; the server's answer does not change it.
    }
    this.clear()
  }

  /** Clears the stored session; the listener resets this store. */
  clear(): void {
    this.session.clearSession()
    this.reset()
  }

  dispose(): void {
    this.unsubscribe()
  }

  private reset(): void {
    this.user = null
    this.userSig = ''
  }

  private hasTokens(): boolean {
    return this.session.hasValidAccess() || this.session.hasValidRefresh()
  }
}
