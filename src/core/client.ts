/**
 * The HTTP client (app-spec sections 4, 7 and 8), built on an injectable transport and UI. Before a
 * call: a fresh token is made sure of and attached (unless `skipAuth`); answers are judged by
 * `ret ?? code`: 200 resolves with the whole body, 301 refreshes and goes back, 302/401 end the
 * session and ask for a login, anything else shows the server's message.
 */
import type { CodeEnvelope, RetEnvelope } from '@/types/api/envelope'
import { ResponseCode } from '@/types/api/envelope'
import type { UploadRes } from '@/types/api/common'
import * as accountCalls from '@/types/api/calls/account.gen'
import * as commonCalls from '@/types/api/calls/common.gen'
import type { CallDecl, CallInput, CallOutput, CallRef } from '@/types/api/contract'
import { apiUrl } from './apiBase'
import { appendQuery, encodeForm, formFields, queryPath, type Params } from './encode'
import {
  ApiError,
  ErrorText,
  isAuthFailure,
  LOGIN_PAGE,
  LoginModalText,
  messageFor,
  NETWORK_ERROR_CODE,
} from './errors'
import { Limits } from '@rules/limits'
import type { Session, TokenPair } from './session'
import type { ClientUI, Header, HttpMethod, Transport, TransportResponse } from './transport'

export type { Params } from './encode'

export interface CallOptions {
  /** POST by default. GET and DELETE send `data` as query parameters. */
  method?: HttpMethod
  /** Send a JSON body instead of a form. */
  json?: boolean
  /** No toast, modal or navigation; session effects (refresh, logout) still happen. */
  silent?: boolean
  /** Neither refresh nor attach a token: the call goes as a guest. */
  skipAuth?: boolean
  timeout?: number
  header?: Header
}

export interface RequestOptions extends CallOptions {
  /** A path under the API base (`/api/...`, `/index.php?s=...`) or an absolute URL. */
  url: string
  data?: Params
}

/** Either envelope style; exactly one of ret and code is set by the server. */
export interface AnyEnvelope<T> {
  ret?: number
  code?: number
  data: T
  msg: string
}

export interface UploadOptions {
  /** Default: App.Common_File.Upload. */
  url?: string
  filePath: string
  /** The multipart field name; default `file`. */
  name?: string
  formData?: Params
  /** Called with 0..1. */
  onProgress?: (progress: number) => void
  /** Called with what stops the upload (取消): the call then rejects, with no toast. */
  onAbortable?: (abort: () => void) => void
  silent?: boolean
  skipAuth?: boolean
}

export interface RawOptions {
  timeout?: number
  responseType?: 'text' | 'arraybuffer'
}

export interface Client {
  /** Resolves with the whole body on 200. */
  request<T = unknown>(options: RequestOptions): Promise<AnyEnvelope<T>>
  /** Query-route style, whole body. */
  query<T = unknown>(name: string, data?: Params, options?: CallOptions): Promise<RetEnvelope<T>>
  /** REST style, whole body. */
  rest<T = unknown>(path: string, data?: Params, options?: CallOptions): Promise<CodeEnvelope<T>>
  /** Query-route style (`/user.php?s=User.*`, `/index.php?s=App.*`), resolves with `data`. */
  callQuery<T = unknown>(name: string, data?: Params, options?: CallOptions): Promise<T>
  /** REST style (`/api/...`), resolves with `data`. */
  callRest<T = unknown>(path: string, data?: Params, options?: CallOptions): Promise<T>
  /** A declared call through its generated ref (types/api/calls/<domain>.gen.ts): path, method and types from its declaration. */
  call<D extends CallDecl>(
    ref: CallRef<D>,
    input: CallInput<D>,
    options?: CallOptions,
  ): Promise<CallOutput<D>>
  uploadFile<T = UploadRes>(options: UploadOptions): Promise<T>
  /** A bare GET with no token and no envelope rules (the speed test). Rejects on network failure. */
  fetchRaw(url: string, options?: RawOptions): Promise<TransportResponse>
  /** The one-time login modal (also for a guest who taps a login-only action). */
  promptLogin(): void
}

export interface ClientOptions {
  transport: Transport
  ui: ClientUI
  session: Session
  /** Default: API_BASE. */
  baseUrl?: string
  /** Delayed work (the 1 s go-back after a 301); default setTimeout. */
  schedule?: (task: () => void, ms: number) => void
}

export const DEFAULT_UPLOAD_URL = queryPath(commonCalls.upload.query.path)
export const REFRESH_TOKEN_NAME = accountCalls.refreshToken.query.path
const BACK_AFTER_RETRY_MS = 1000

const FORM_TYPE = 'application/x-www-form-urlencoded'
const JSON_TYPE = 'application/json'

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data
  const text = data.trim()
  if (text === '') return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return data
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `ret ?? code` of the body; the HTTP status when the body is no envelope. */
function responseCode(body: unknown, statusCode: number): number {
  if (isRecord(body)) {
    const raw = body.ret ?? body.code
    const code = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw
    if (typeof code === 'number' && Number.isFinite(code)) return code
  }
  return statusCode
}

const serverMessage = (body: unknown): string =>
  isRecord(body) && typeof body.msg === 'string' ? body.msg : ''

function isTokenPair(value: unknown): value is TokenPair {
  return (
    isRecord(value) &&
    typeof value.access_token === 'string' &&
    typeof value.refresh_token === 'string' &&
    Number.isFinite(Number(value.expire_at)) &&
    Number.isFinite(Number(value.refresh_expire_at))
  )
}

const clamp01 = (value: number): number => (value <= 0 ? 0 : value >= 1 ? 1 : value)

export function createClient(options: ClientOptions): Client {
  const { transport, ui, session } = options
  const url = (path: string): string => apiUrl(path, options.baseUrl)
  const schedule = options.schedule ?? ((task: () => void, ms: number) => void setTimeout(task, ms))
  let loginPromptOpen = false

  async function send(req: Parameters<Transport['request']>[0]): Promise<TransportResponse> {
    try {
      return await transport.request(req)
    } catch (error) {
      throw new ApiError(NETWORK_ERROR_CODE, ErrorText.requestFailed, error)
    }
  }

  // The refresh call goes straight to the transport: no token, no UI, no recursion into the rules.
  session.setRefresher(async (refreshToken) => {
    const res = await send({
      url: url(queryPath(REFRESH_TOKEN_NAME)),
      method: 'POST',
      header: { 'content-type': FORM_TYPE },
      data: encodeForm({ refresh_token: refreshToken }),
      timeout: Limits.requestTimeoutMs,
    })
    const body = parseBody(res.data)
    const code = responseCode(body, res.statusCode)
    const data = isRecord(body) ? body.data : undefined
    if (code !== ResponseCode.OK || !isTokenPair(data)) {
      throw new ApiError(code, messageFor(code, serverMessage(body)), body)
    }
    return data
  })

  async function authHeader(skipAuth: boolean | undefined): Promise<Header> {
    if (skipAuth) return {}
    const valid = await session.ensureFreshToken().catch(() => false)
    const value = valid ? session.authorization() : null
    return value ? { Authorization: value } : {}
  }

  function promptLogin(): void {
    if (loginPromptOpen) return
    loginPromptOpen = true
    ui.confirm({ ...LoginModalText })
      .then((confirmed) => {
        if (confirmed) ui.navigateTo(LOGIN_PAGE)
      })
      .catch(() => undefined)
      .finally(() => {
        loginPromptOpen = false
      })
  }

  function failNetwork(error: unknown, silent: boolean | undefined): never {
    if (!silent) ui.toast(ErrorText.requestFailed)
    throw error instanceof ApiError
      ? error
      : new ApiError(NETWORK_ERROR_CODE, ErrorText.requestFailed, error)
  }

  /** True once per second: concurrent 301s toast and go back once, not once each. */
  let lastRetryNotice = Number.NEGATIVE_INFINITY
  function claimRetryNotice(): boolean {
    const now = Date.now()
    if (now - lastRetryNotice < BACK_AFTER_RETRY_MS) return false
    lastRetryNotice = now
    return true
  }

  /** A newer session replaced the token this call carried (a refresh or login finished since). */
  function superseded(sentAuth: string | undefined): boolean {
    const stored = session.authorization()
    return sentAuth !== undefined && stored !== null && stored !== sentAuth
  }

  /** Applies the response-code rules; resolves with the whole body on 200. */
  async function settle<B>(
    res: TransportResponse,
    silent: boolean | undefined,
    sentAuth: string | undefined,
  ): Promise<B> {
    const body = parseBody(res.data)
    const code = responseCode(body, res.statusCode)
    if (code === ResponseCode.OK) return body as B

    if (code === ResponseCode.TOKEN_EXPIRED) {
      if (!silent && claimRetryNotice()) {
        ui.toast(ErrorText.retry)
        schedule(() => ui.navigateBack(), BACK_AFTER_RETRY_MS)
      }
      if (!superseded(sentAuth)) await session.ensureFreshToken({ force: true }).catch(() => false)
      throw new ApiError(code, ErrorText.retry, body)
    }

    if (isAuthFailure(code)) {
      // An answer to a token that a refresh already replaced must not end the new session.
      if (!superseded(sentAuth)) {
        session.clearSession()
        if (!silent) promptLogin()
      }
      throw new ApiError(code, serverMessage(body) || LoginModalText.content, body)
    }

    const text = messageFor(code, serverMessage(body))
    if (!silent) ui.toast(text)
    throw new ApiError(code, text, body)
  }

  async function request<T = unknown>(opts: RequestOptions): Promise<AnyEnvelope<T>> {
    const method = opts.method ?? 'POST'
    const header: Header = { ...(await authHeader(opts.skipAuth)), ...opts.header }
    const inQuery = method === 'GET' || method === 'DELETE'
    let data: string | undefined
    if (!inQuery) {
      data = opts.json ? JSON.stringify(opts.data ?? {}) : encodeForm(opts.data)
      header['content-type'] = opts.json ? JSON_TYPE : FORM_TYPE
    }
    let res: TransportResponse
    try {
      res = await send({
        url: inQuery ? appendQuery(url(opts.url), opts.data) : url(opts.url),
        method,
        header,
        data,
        timeout: opts.timeout ?? Limits.requestTimeoutMs,
      })
    } catch (error) {
      return failNetwork(error, opts.silent)
    }
    return settle<AnyEnvelope<T>>(res, opts.silent, header.Authorization)
  }

  const query = <T = unknown>(name: string, data?: Params, opts: CallOptions = {}) =>
    request<T>({ ...opts, url: queryPath(name), data }) as Promise<RetEnvelope<T>>

  const rest = <T = unknown>(path: string, data?: Params, opts: CallOptions = {}) =>
    request<T>({ ...opts, url: path, data }) as Promise<CodeEnvelope<T>>

  async function callQuery<T = unknown>(name: string, data?: Params, opts?: CallOptions) {
    return (await query<T>(name, data, opts)).data
  }

  async function callRest<T = unknown>(path: string, data?: Params, opts?: CallOptions) {
    return (await rest<T>(path, data, opts)).data
  }

  function call<D extends CallDecl>(
    ref: CallRef<D>,
    input: CallInput<D>,
    opts?: CallOptions,
  ): Promise<CallOutput<D>> {
    const options: CallOptions = {
      method: ref.method,
      ...(ref.json ? { json: true } : {}),
      ...opts,
    }
    const data = { ...(input as Params) }
    return ref.style === 'code'
      ? callRest<CallOutput<D>>(ref.path, data, options)
      : callQuery<CallOutput<D>>(ref.path, data, options)
  }

  async function uploadFile<T = UploadRes>(opts: UploadOptions): Promise<T> {
    const header = await authHeader(opts.skipAuth)
    let reported = -1
    let aborted = false
    const report = (progress: number): void => {
      reported = clamp01(progress)
      opts.onProgress?.(reported)
    }
    let res: TransportResponse
    try {
      res = await transport.upload({
        url: url(opts.url ?? DEFAULT_UPLOAD_URL),
        filePath: opts.filePath,
        name: opts.name ?? 'file',
        formData: formFields(opts.formData),
        header,
        timeout: Limits.uploadTimeoutMs,
        onProgress: (percent) => report(Number(percent) / 100),
        onAbortable: (abort) =>
          opts.onAbortable?.(() => {
            aborted = true
            abort()
          }),
      })
    } catch (error) {
      return failNetwork(error, opts.silent || aborted)
    }
    const body = await settle<AnyEnvelope<T>>(res, opts.silent, header.Authorization)
    if (reported < 1) report(1)
    return body.data
  }

  return {
    request,
    query,
    rest,
    callQuery,
    callRest,
    call,
    uploadFile,
    promptLogin,
    fetchRaw: (target, opts = {}) =>
      send({
        url: url(target),
        method: 'GET',
        header: {},
        timeout: opts.timeout ?? Limits.requestTimeoutMs,
        responseType: opts.responseType,
      }),
  }
}
