/**
 * Typed device storage (app-spec section 3). The keys are exactly the spec's names; every read and
 * write of them goes through here.
 */
import Taro from '@tarojs/taro'
import type { UserProfile } from '@/types/api/account'

export const StorageKey = {
  /** The auth header value: `Bearer <access token>`. */
  authorization: 'Apiauthorization',
  accessToken: 'access_token',
  /** Access token expiry (expire_at), unix seconds. */
  accessTime: 'access_time',
  refreshToken: 'refresh_token',
  /** Refresh token expiry (refresh_expire_at), unix seconds. */
  refreshTime: 'refresh_time',
  userInfo: 'userInfo',
  userBrief: 'user_info',
  /** Chat signature. */
  userSig: 'userSig',
  /** Referrer id from a share link, bound after login. */
  spid: 'spid',
  /** The reader's font size and night mode (kept on the device). */
  readerPrefs: 'reader_prefs',
  /** Chat drafts by conversation ID (chat-spec section 3). */
  chatDrafts: 'TUI_CHAT_STORAGE',
  /** The reader's read-receipt setting (设置 → 消息已读回执; chat-spec "User settings"). */
  displayReceipt: 'displayMessageReadReceipt',
} as const

/** One conversation's unsent input: its text and the quoted message, if any. */
export interface StoredChatDraft {
  text: string
  quote?: { messageID: string; abstract: string; sender: string; messageType?: number }
}

export interface ReaderPrefs {
  /** Text size in design px (750 width). */
  fontSize: number
  night: boolean
  /** Line height, a multiple of the font size (one of LINE_HEIGHTS). */
  lineHeight: number
  /** 0.3..1: how bright the page is (1: as the screen is; less dims it). */
  brightness: number
}

/** `userInfo`: the profile plus `userId`. */
export interface StoredUserInfo extends UserProfile {
  userId: number
}

/** `user_info`: the short form. */
export interface StoredUserBrief {
  user_id: number
  user_nickname: string
}

export interface StorageSchema {
  Apiauthorization: string
  access_token: string
  access_time: number
  refresh_token: string
  refresh_time: number
  userInfo: StoredUserInfo
  user_info: StoredUserBrief
  userSig: string
  spid: string
  reader_prefs: ReaderPrefs
  TUI_CHAT_STORAGE: Record<string, StoredChatDraft>
  displayMessageReadReceipt: boolean
}

export type StorageKeyName = keyof StorageSchema

/** What session, request and launch need from storage; tests pass an in-memory one. */
export interface KeyValueStorage {
  get<K extends StorageKeyName>(key: K): StorageSchema[K] | undefined
  set<K extends StorageKeyName>(key: K, value: StorageSchema[K]): void
  remove(key: StorageKeyName): void
}

/** Taro answers '' for a missing key; that reads as undefined here. */
function readSync<K extends StorageKeyName>(key: K): StorageSchema[K] | undefined {
  try {
    const value: unknown = Taro.getStorageSync(key)
    if (value === '' || value === null || value === undefined) return undefined
    return value as StorageSchema[K]
  } catch {
    return undefined
  }
}

export const taroStorage: KeyValueStorage = {
  get: readSync,
  set(key, value) {
    try {
      Taro.setStorageSync(key, value)
    } catch {
      // Storage full or unavailable (private mode): the app works on, without persistence.
    }
  },
  remove(key) {
    try {
      Taro.removeStorageSync(key)
    } catch {
      // Nothing stored or storage unavailable.
    }
  },
}

/** An in-memory storage with the same contract (tests, and a fallback where needed). */
export function createMemoryStorage(): KeyValueStorage {
  const values = new Map<StorageKeyName, unknown>()
  return {
    get: <K extends StorageKeyName>(key: K) => values.get(key) as StorageSchema[K] | undefined,
    set: (key, value) => {
      values.set(key, value)
    },
    remove: (key) => {
      values.delete(key)
    },
  }
}
