/** Book-friend rules shared by the app and the server (app-spec section 5). */
import { Limits } from './limits'

export const FriendLimits = {
  /** A remark is at most 96 bytes of UTF-8 (32 Chinese characters). */
  remarkMaxBytes: Limits.remarkMaxBytes,
  greetingMaxChars: Limits.friendGreetingMaxChars,
} as const

export const REMARK_TOO_LONG = `修改备注失败：备注长度不能超过${Limits.remarkMaxBytes}字节`
export const GREETING_TOO_LONG = `验证消息最多${Limits.friendGreetingMaxChars}个字`

/** UTF-8 byte length without Buffer or TextEncoder (the mini-program has neither everywhere). */
export function utf8Bytes(text: string): number {
  let bytes = 0
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
  }
  return bytes
}

/** The remark's error text, or null when it may be saved. */
export const remarkError = (remark: string): string | null =>
  utf8Bytes(remark) > FriendLimits.remarkMaxBytes ? REMARK_TOO_LONG : null

/** The name a friend is shown by: my remark for them, else their nickname. */
export const friendName = (f: { remark?: string; nickname: string }): string =>
  f.remark || f.nickname || '书友'

/**
 * A friend code out of what was scanned or typed: a link carrying `code=`, or the code itself
 * (letters and digits, upper-cased). '' when there is none.
 */
export function friendCodeOf(text: string): string {
  const trimmed = text.trim()
  const inLink = /[?&]code=([A-Za-z0-9]+)/.exec(trimmed)
  const raw = inLink ? inLink[1] : trimmed
  return /^[A-Za-z0-9]{4,16}$/.test(raw) ? raw.toUpperCase() : ''
}
