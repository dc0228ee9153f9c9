/**
 * The one error table (app-spec section 8): response codes to the texts the user sees. Pure.
 */
import { ResponseCode } from '@/types/api/envelope'
import { Route } from './routes'

/** The code an ApiError carries when no answer arrived (network failure, timeout). */
export const NETWORK_ERROR_CODE = -1

export const ErrorText = {
  /** Network failure: no answer. */
  requestFailed: '请求失败',
  /** The server failed without a message. */
  systemError: '系统错误',
  /** Code 301. */
  retry: '网络错误，请重试',
  /** The start-up speed test took over 5 s. */
  poorNetwork: '当前网络信号较差，请切换网络',
} as const

/** The one-time modal of codes 302 and 401. */
export const LoginModalText = {
  title: '温馨提示',
  content: '去登录体验更多功能',
  confirmText: '去登录',
} as const

export const LOGIN_PAGE = Route.login

export class ApiError extends Error {
  readonly code: number
  /** The whole response body when there was one. */
  readonly body: unknown

  constructor(code: number, message: string, body?: unknown) {
    super(message)
    Object.setPrototypeOf(this, new.target.prototype)
    this.name = 'ApiError'
    this.code = code
    this.body = body
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError

/** Codes that end the session (query style 302, REST style 401). */
export const isAuthFailure = (code: number): boolean =>
  code === ResponseCode.LOGIN_REQUIRED || code === ResponseCode.UNAUTHORIZED

/** The text shown for a failed call. */
export function messageFor(code: number, serverMsg?: string | null): string {
  if (code === NETWORK_ERROR_CODE) return ErrorText.requestFailed
  if (code === ResponseCode.TOKEN_EXPIRED) return ErrorText.retry
  if (isAuthFailure(code)) return LoginModalText.content
  const text = typeof serverMsg === 'string' ? serverMsg.trim() : ''
  return text === '' ? ErrorText.systemError : text
}
