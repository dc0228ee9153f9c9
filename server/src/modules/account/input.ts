import { checkPassword, checkPhone, checkSmsCode, ValidationText } from '@rules/validate'
import type { OauthReq, SmsScene } from '../../../../types/api/account'
import { badRequest } from '../../http/errors'
import type { Params } from '../../http/params'

/** Field readers for the account calls, using the shared validators of rules/validate. */

function ensure(problem: string | null): void {
  if (problem) throw badRequest(problem)
}

export function readMobile(params: Params, name = 'mobile'): string {
  const value = params.trimmed(name, 32)
  ensure(checkPhone(value))
  return value
}

export function readSmsCode(params: Params, name = 'code'): string {
  const value = params.trimmed(name, 16)
  ensure(checkSmsCode(value))
  return value
}

/** A new password: the shared strength rule applies. */
export function readNewPassword(params: Params, name = 'password'): string {
  const value = params.text(name, 64)
  ensure(checkPassword(value))
  return value
}

/** A password being checked (login, old password): only present and of sane length. */
export function readGivenPassword(params: Params, name = 'password'): string {
  const value = params.text(name, 64)
  if (value === '') throw badRequest(ValidationText.passwordRequired)
  return value
}

const SCENES: readonly SmsScene[] = [
  'register',
  'login',
  'reset',
  'change_phone',
  'delete_account',
  'bind',
]

export function readScene(params: Params): SmsScene {
  const value = params.trimmed('scene', 32)
  const scene = SCENES.find((item) => item === value)
  if (!scene) throw badRequest('验证码用途不正确')
  return scene
}

export type WeChatSource = NonNullable<OauthReq['source']>

/** Which WeChat app the oauth code is from: the mini-program (default) or H5 in WeChat. */
export function readOauthSource(params: Params): WeChatSource {
  const value = params.trimmed('source', 16)
  if (value === '' || value === 'weapp') return 'weapp'
  if (value === 'h5') return 'h5'
  throw badRequest('登录来源不正确')
}
