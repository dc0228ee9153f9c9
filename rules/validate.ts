/**
 * The helper validators of app-spec section 5. Pure: no Taro import, the server uses them too.
 */

const PHONE = /^1[3-9]\d{9}$/
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/
// The CJK unified ideographs (basic block and extension A).
const CHINESE_NAME = /^[\u3400-\u4dbf\u4e00-\u9fff]{2,4}$/
const DECIMAL_2 = /^(0|[1-9]\d*)(\.\d{1,2})?$/
const DIGITS = /^\d+$/

export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true
  const text = String(value).trim()
  return text === '' || text === 'null' || text === 'undefined'
}

export const isNotBlank = (value: unknown): boolean => !isBlank(value)

export const isPhone = (value: string): boolean => PHONE.test(value)

export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL.test(value)

export const isChineseName = (value: string): boolean => CHINESE_NAME.test(value)

const PASSWORD_MAX = 32

/** 6 to 32 characters, with at least one letter and at least one digit. */
export function isPassword(value: string): boolean {
  return (
    value.length >= 6 && value.length <= PASSWORD_MAX && /[A-Za-z]/.test(value) && /\d/.test(value)
  )
}

export const isDecimal2 = (value: string): boolean => DECIMAL_2.test(value)

export const isDigits = (value: string): boolean => DIGITS.test(value)

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CHECK = '10X98765432'

/** The GB 11643-1999 check character for the first 17 digits of an ID number. */
export function idCardCheckChar(first17: string): string {
  let sum = 0
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]
  return ID_CHECK[sum % 11]
}

/** An 18-character resident ID number: digits, a real birth date and the right check character. */
export function isIdCard(value: string): boolean {
  const id = value.toUpperCase()
  if (!/^[1-9]\d{16}[\dX]$/.test(id)) return false
  const year = Number(id.slice(6, 10))
  const month = Number(id.slice(10, 12))
  const day = Number(id.slice(12, 14))
  const birth = new Date(Date.UTC(year, month - 1, day))
  if (
    year < 1900 ||
    birth.getUTCFullYear() !== year ||
    birth.getUTCMonth() !== month - 1 ||
    birth.getUTCDate() !== day ||
    birth.getTime() > Date.now()
  ) {
    return false
  }
  return idCardCheckChar(id.slice(0, 17)) === id[17]
}

/**
 * Control characters text input may not carry: C0 controls, DEL and C1 controls, except tab and
 * newline; a carriage return only as the first half of CRLF (Windows line ends, form posts).
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/

export const CONTROL_CHARS_TEXT = '输入包含不允许的控制字符'

/**
 * A UTF-16 surrogate without its other half: no character at all, and invalid in UTF-8 (PostgreSQL,
 * JSON encoders and many clients fail on it). Written without lookbehind, which older mini-program
 * engines cannot parse.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** A control character (other than tab, newline and CRLF) or a lone surrogate. */
export const hasControlChars = (value: string): boolean =>
  CONTROL_CHAR.test(value) || LONE_SURROGATE.test(value)

/** The message for text carrying a control character, or null when it is fine. */
export const checkControlChars = (value: string): string | null =>
  hasControlChars(value) ? CONTROL_CHARS_TEXT : null

/** Characters as people count them: code points (an emoji is one), as app and server both do. */
export const textLength = (value: string): number => [...value].length

/** The text cut to at most `max` characters (code points), never splitting an emoji. */
export const clipText = (value: string, max: number): string =>
  textLength(value) <= max ? value : [...value].slice(0, max).join('')

export const isSmsCode = (value: string): boolean => /^\d{6}$/.test(value)

/** Length in UTF-8 bytes (the friend-remark limit counts bytes). */
export function utf8Length(value: string): number {
  let bytes = 0
  for (const ch of value) {
    const cp = ch.codePointAt(0) ?? 0
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4
  }
  return bytes
}

/** Messages shown for the account fields, in the app's language. */
export const ValidationText = {
  phoneRequired: '请输入手机号',
  phoneInvalid: '请输入正确的手机号',
  codeRequired: '请输入验证码',
  codeInvalid: '验证码为6位数字',
  passwordRequired: '请输入密码',
  passwordInvalid: '密码至少6位，且须同时包含字母和数字',
  passwordTooLong: '密码不能超过32位',
  passwordMismatch: '两次输入的密码不一致',
  nameInvalid: '请输入2-4个汉字的真实姓名',
  idCardInvalid: '请输入正确的身份证号',
  nicknameRequired: '请输入昵称',
  nicknameTooLong: '昵称不能超过16个字',
  signatureTooLong: '个性签名不能超过60个字',
  emailInvalid: '请输入正确的邮箱',
} as const

export const NICKNAME_MAX = 16
export const SIGNATURE_MAX = 60

/** Returns the first problem with a login/registration form, or null when it is fine. */
export function checkPhone(mobile: string): string | null {
  if (isBlank(mobile)) return ValidationText.phoneRequired
  return isPhone(mobile) ? null : ValidationText.phoneInvalid
}

export function checkSmsCode(code: string): string | null {
  if (isBlank(code)) return ValidationText.codeRequired
  return isSmsCode(code) ? null : ValidationText.codeInvalid
}

export function checkPassword(password: string): string | null {
  if (isBlank(password)) return ValidationText.passwordRequired
  if (password.length > PASSWORD_MAX) return ValidationText.passwordTooLong
  return isPassword(password) ? null : ValidationText.passwordInvalid
}

export function checkNickname(nickname: string): string | null {
  if (isBlank(nickname)) return ValidationText.nicknameRequired
  return [...nickname.trim()].length > NICKNAME_MAX ? ValidationText.nicknameTooLong : null
}

export function checkSignature(signature: string): string | null {
  return textLength(signature) > SIGNATURE_MAX ? ValidationText.signatureTooLong : null
}

export function checkRealName(name: string): string | null {
  return isChineseName(name.trim()) ? null : ValidationText.nameInvalid
}

export function checkIdCard(id: string): string | null {
  return isIdCard(id.trim()) ? null : ValidationText.idCardInvalid
}
