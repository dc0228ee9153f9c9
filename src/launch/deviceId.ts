/**
 * This install's device id for User.User.BindUUid: a random UUID made once and kept in storage
 * under a key of its own (not one of the spec's keys, so not in core/storage's schema).
 */
import Taro from '@tarojs/taro'

export const DEVICE_UUID_KEY = 'device_uuid'

/** What the server accepts (8-64 of letters, digits, '-', '_'). */
const VALID = /^[A-Za-z0-9_-]{8,64}$/

export interface RawStorage {
  get(key: string): unknown
  set(key: string, value: string): void
}

export const taroRawStorage: RawStorage = {
  get(key) {
    try {
      return Taro.getStorageSync(key) as unknown
    } catch {
      return undefined
    }
  },
  set(key, value) {
    try {
      Taro.setStorageSync(key, value)
    } catch {
      // Storage unavailable: a new id next launch, the server keeps both.
    }
  },
}

/** 16 random bytes: the platform's crypto where there is one (H5), else Math.random (weapp). */
function randomBytes(): Uint8Array {
  const bytes = new Uint8Array(16)
  const crypto = (globalThis as { crypto?: { getRandomValues?: (a: Uint8Array) => Uint8Array } })
    .crypto
  if (crypto?.getRandomValues) return crypto.getRandomValues(bytes)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256)
  return bytes
}

/** A version 4 UUID (xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx). */
export function newDeviceUuid(bytes: Uint8Array = randomBytes()): string {
  const b = Array.from(bytes.slice(0, 16))
  b[6] = (b[6] & 0x0f) | 0x40
  b[8] = (b[8] & 0x3f) | 0x80
  const hex = b.map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The stored id, made and stored on first use (or when what is stored is not one). */
export function deviceUuid(storage: RawStorage = taroRawStorage): string {
  const stored = storage.get(DEVICE_UUID_KEY)
  if (typeof stored === 'string' && VALID.test(stored)) return stored
  const made = newDeviceUuid()
  storage.set(DEVICE_UUID_KEY, made)
  return made
}
