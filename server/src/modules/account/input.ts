import { checkPassword, checkPhone, checkSmsCode } from '@rules/validate'
import type { OauthReq } from '@api/account'
import { badRequest } from '../../http/errors'

/**
 * The shared rules of rules/validate on the account fields the schemas let through: their messages
 * tell a malformed phone number, code or weak password apart.
 */

function ensure(problem: string | null): void {
  if (problem) throw badRequest(problem)
}

export function checkedMobile(value: string): string {
  ensure(checkPhone(value))
  return value
}

export function checkedSmsCode(value: string): string {
  ensure(checkSmsCode(value))
  return value
}

/** A new password: the strength rule applies (a given one is only checked against the stored). */
export function checkedNewPassword(value: string): string {
  ensure(checkPassword(value))
  return value
}

export type WeChatSource = NonNullable<OauthReq['source']>
