/** An expected failure with the envelope code and the message the user sees. */
export class AppError extends Error {
  readonly code: number
  /** Server-side detail for the log; never sent to the client. */
  readonly detail?: string
  /** The envelope's `data` (null when unset): e.g. SendCaptcha's {needCaptcha: true}. */
  readonly data?: unknown

  constructor(code: number, message: string, detail?: string, data?: unknown) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.detail = detail
    this.data = data
  }
}

export const badRequest = (message: string): AppError => new AppError(400, message)

export const forbidden = (message: string): AppError => new AppError(403, message)

export const notFound = (message: string): AppError => new AppError(404, message)

export const tooMany = (message: string): AppError => new AppError(429, message)

/** A provider (SMS, WeChat) failed: the detail is logged, the user gets a retry hint. */
export const upstreamFailed = (message: string, detail: string): AppError =>
  new AppError(502, message, detail)

export const LOGIN_REQUIRED_TEXT = '请先登录'

/** 302 in the query style; the REST layer turns it into 401. */
export const loginRequired = (message = LOGIN_REQUIRED_TEXT): AppError => new AppError(302, message)

export const tokenExpired = (): AppError => new AppError(301, '登录已过期')
