/**
 * The stored session (app-spec sections 3 and 4): tokens, the signed-in user and the chat signature.
 * A valid access token is used as is; an expired one with a valid refresh token is refreshed once for
 * every caller waiting on it; otherwise calls go as a guest. The refresh call itself is registered by
 * the request client (`setRefresher`), so this module needs no HTTP and no Taro beyond storage.
 */
import type { LoginResult, UserProfile } from '@/types/api/account'
import { isApiError, NETWORK_ERROR_CODE } from './errors'
import { StorageKey, taroStorage, type KeyValueStorage, type StoredUserInfo } from './storage'

/** What a login or a token refresh hands over (unix seconds). */
export interface TokenPair {
  access_token: string
  expire_at: number
  refresh_token: string
  refresh_expire_at: number
}

/** Calls App.Common_Token.RefreshToken; rejects with an ApiError. */
export type RefreshCall = (refreshToken: string) => Promise<TokenPair>

export type SessionListener = () => void

export interface Session {
  saveLogin(result: LoginResult): void
  saveTokens(pair: TokenPair): void
  saveUser(user: UserProfile): void
  readUser(): UserProfile | null
  readUserSig(): string
  saveUserSig(userSig: string): void
  /** The stored `Authorization` value (`Bearer <token>`), or null. */
  authorization(): string | null
  refreshToken(): string | null
  hasValidAccess(nowSec?: number): boolean
  hasValidRefresh(nowSec?: number): boolean
  /** Removes tokens, user info and userSig (spid stays) and tells the listeners. */
  clearSession(): void
  /** Subscribes to clearSession; answers the unsubscribe function. */
  onSessionCleared(listener: SessionListener): () => void
  setRefresher(refresh: RefreshCall | null): void
  /**
   * Resolves true when a valid access token is stored afterwards. Refreshes when the access token
   * has expired (or `force`, after a 301) and the refresh token is valid; concurrent callers share
   * one refresh. A refused refresh clears the session; a network failure keeps it.
   */
  ensureFreshToken(options?: { force?: boolean }): Promise<boolean>
}

export interface SessionOptions {
  storage?: KeyValueStorage
  /** Unix seconds. */
  now?: () => number
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000)

const TOKEN_KEYS = [
  StorageKey.authorization,
  StorageKey.accessToken,
  StorageKey.accessTime,
  StorageKey.refreshToken,
  StorageKey.refreshTime,
] as const

const USER_KEYS = [StorageKey.userInfo, StorageKey.userBrief, StorageKey.userSig] as const

export const bearer = (accessToken: string): string => `Bearer ${accessToken}`

function toStoredUser(user: UserProfile): StoredUserInfo {
  return { ...user, userId: user.user_id }
}

function fromStoredUser(stored: StoredUserInfo | undefined): UserProfile | null {
  if (!stored || typeof stored !== 'object') return null
  const { userId, ...profile } = stored
  const user_id = Number(profile.user_id ?? userId)
  return Number.isFinite(user_id) && user_id > 0 ? { ...profile, user_id } : null
}

export function createSession(options: SessionOptions = {}): Session {
  const storage = options.storage ?? taroStorage
  const now = options.now ?? nowSeconds
  const listeners = new Set<SessionListener>()
  let refresher: RefreshCall | null = null
  let inflight: Promise<boolean> | null = null
  // Bumped by every login and logout, so a refresh that lands afterwards is thrown away.
  let generation = 0

  const nonEmpty = (value: string | undefined): string | null =>
    typeof value === 'string' && value !== '' ? value : null

  const notExpired = (expiry: number | undefined, nowSec: number): boolean => {
    const at = Number(expiry)
    return Number.isFinite(at) && at > nowSec
  }

  const session: Session = {
    saveLogin(result) {
      generation += 1
      session.saveTokens(result)
      session.saveUser(result.user)
      session.saveUserSig(result.userSig)
    },

    saveTokens(pair) {
      storage.set(StorageKey.authorization, bearer(pair.access_token))
      storage.set(StorageKey.accessToken, pair.access_token)
      storage.set(StorageKey.accessTime, Number(pair.expire_at))
      storage.set(StorageKey.refreshToken, pair.refresh_token)
      storage.set(StorageKey.refreshTime, Number(pair.refresh_expire_at))
    },

    saveUser(user) {
      storage.set(StorageKey.userInfo, toStoredUser(user))
      storage.set(StorageKey.userBrief, { user_id: user.user_id, user_nickname: user.nickname })
    },

    readUser: () => fromStoredUser(storage.get(StorageKey.userInfo)),

    readUserSig: () => nonEmpty(storage.get(StorageKey.userSig)) ?? '',

    saveUserSig(userSig) {
      if (userSig) storage.set(StorageKey.userSig, userSig)
      else storage.remove(StorageKey.userSig)
    },

    authorization() {
      const stored = nonEmpty(storage.get(StorageKey.authorization))
      if (stored) return stored
      const token = nonEmpty(storage.get(StorageKey.accessToken))
      return token ? bearer(token) : null
    },

    refreshToken: () => nonEmpty(storage.get(StorageKey.refreshToken)),

    hasValidAccess(nowSec = now()) {
      return (
        nonEmpty(storage.get(StorageKey.accessToken)) !== null &&
        notExpired(storage.get(StorageKey.accessTime), nowSec)
      )
    },

    hasValidRefresh(nowSec = now()) {
      return (
        session.refreshToken() !== null && notExpired(storage.get(StorageKey.refreshTime), nowSec)
      )
    },

    clearSession() {
      generation += 1
      for (const key of TOKEN_KEYS) storage.remove(key)
      for (const key of USER_KEYS) storage.remove(key)
      for (const listener of [...listeners]) {
        try {
          listener()
        } catch {
          // One failing listener must not keep the others from hearing of the logout.
        }
      }
    },

    onSessionCleared(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },

    setRefresher(refresh) {
      refresher = refresh
    },

    ensureFreshToken(opts = {}) {
      if (inflight) return inflight
      const nowSec = now()
      if (!opts.force && session.hasValidAccess(nowSec)) return Promise.resolve(true)
      const refreshToken = session.refreshToken()
      if (!refresher || !refreshToken || !session.hasValidRefresh(nowSec)) {
        return Promise.resolve(session.hasValidAccess(nowSec))
      }
      const startedIn = generation
      const attempt = refresher(refreshToken).then(
        (pair) => {
          if (generation !== startedIn) return session.hasValidAccess()
          session.saveTokens(pair)
          return session.hasValidAccess()
        },
        (error: unknown) => {
          const networkFailure = isApiError(error) && error.code === NETWORK_ERROR_CODE
          if (generation === startedIn && !networkFailure) session.clearSession()
          return false
        },
      )
      inflight = attempt.finally(() => {
        inflight = null
      })
      return inflight
    },
  }
  return session
}

/** The app's session, on device storage. */
export const session: Session = createSession()
