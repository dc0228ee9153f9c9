/**
 * Recent searches, kept on this device only: newest first, each once, at most RECENT_MAX.
 * Storage is Taro's (the device's), read and written whole; a storage that fails (full, private
 * mode) simply keeps nothing.
 */
import Taro from '@tarojs/taro'
import { useCallback, useState } from 'react'

export const RECENT_KEY = 'search_history'
export const RECENT_MAX = 10

/** Where the list is kept (Taro's storage; tests may pass another). */
export interface RecentStore {
  read(): unknown
  write(list: string[]): void
  clear(): void
}

/** A list kept in the device's storage under `key` (another search page keeps its own). */
export const deviceStoreAt = (key: string): RecentStore => ({
  read: () => {
    try {
      return Taro.getStorageSync(key)
    } catch {
      return undefined
    }
  },
  write: (list) => {
    try {
      Taro.setStorageSync(key, list)
    } catch {
      // storage full or unavailable: nothing kept
    }
  },
  clear: () => {
    try {
      Taro.removeStorageSync(key)
    } catch {
      // nothing stored or storage unavailable
    }
  },
})

export const deviceStore: RecentStore = deviceStoreAt(RECENT_KEY)

/** The stored list, newest first; anything malformed reads as none. */
export function readRecent(store: RecentStore = deviceStore): string[] {
  const value = store.read()
  if (!Array.isArray(value)) return []
  const words = value.filter((w): w is string => typeof w === 'string' && w.trim() !== '')
  return [...new Set(words.map((w) => w.trim()))].slice(0, RECENT_MAX)
}

/** Puts `keyword` (trimmed) first, once, and keeps the newest RECENT_MAX; answers the list. */
export function addRecent(keyword: string, store: RecentStore = deviceStore): string[] {
  const word = keyword.trim()
  if (!word) return readRecent(store)
  const list = [word, ...readRecent(store).filter((w) => w !== word)].slice(0, RECENT_MAX)
  store.write(list)
  return list
}

/** Forgets every recent search. */
export function clearRecent(store: RecentStore = deviceStore): void {
  store.clear()
}

/** The recent searches for a page: the list, `add` after a search, `clear` for 清空. */
export function useRecentSearches(store: RecentStore = deviceStore) {
  const [list, setList] = useState(() => readRecent(store))
  const add = useCallback((keyword: string) => setList(addRecent(keyword, store)), [store])
  const clear = useCallback(() => {
    clearRecent(store)
    setList([])
  }, [store])
  return { list, add, clear }
}
