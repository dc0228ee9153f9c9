/** Query-route style (`/user.php?s=...`, `/index.php?s=...`): `{ ret, data, msg }`. */
export interface RetEnvelope<T> {
  ret: number
  data: T
  msg: string
}

/** REST style (`/api/...`, `/util/...`): `{ code, data, msg }`. */
export interface CodeEnvelope<T> {
  code: number
  data: T
  msg: string
}

/** The response codes both styles share (app-spec sections 4 and 8). */
export const ResponseCode = {
  OK: 200,
  /** The access token has expired: refresh and retry. */
  TOKEN_EXPIRED: 301,
  /** Query style: no valid login. */
  LOGIN_REQUIRED: 302,
  /** REST style: no valid login. */
  UNAUTHORIZED: 401,
  BAD_REQUEST: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOO_MANY: 429,
  SERVER_ERROR: 500,
} as const

export interface Page<T> {
  list: T[]
  total: number
  page: number
  pageSize: number
}
