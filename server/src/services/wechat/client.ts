import type { Clock } from '../../clock'
import { AppError, upstreamFailed } from '../../http/errors'
import type { WeChatApi, WeChatSession } from './types'

export interface WeChatClientOptions {
  appId: string
  secret: string
  apiBase: string
}

interface WeChatReply {
  errcode?: number
  errmsg?: string
  [key: string]: unknown
}

interface Cached {
  value: string
  expiresAt: number
}

const TIMEOUT_MS = 10_000
/** Refresh cached credentials this long before WeChat says they expire. */
const EARLY_MS = 5 * 60 * 1000
/** access_token invalid or expired: drop the cache and retry once. */
const STALE_TOKEN_CODES = new Set([40001, 40014, 42001])

/**
 * The real client for api.weixin.qq.com (or a double at WECHAT_API_BASE), for one WeChat app: each
 * app has its own cached access token and jsapi ticket.
 */
export class WeChatClient implements WeChatApi {
  readonly configured = true
  private accessToken: Cached | null = null
  private jsapiTicket: Cached | null = null

  constructor(
    private readonly options: WeChatClientOptions,
    private readonly clock: Clock,
  ) {}

  get appId(): string {
    return this.options.appId
  }

  checkAvailable(): void {}

  async code2Session(code: string): Promise<WeChatSession> {
    const reply = await this.call('/sns/jscode2session', {
      query: {
        appid: this.options.appId,
        secret: this.options.secret,
        js_code: code,
        grant_type: 'authorization_code',
      },
    })
    if (reply.errcode) throw this.refused('微信登录失败，请重试', '/sns/jscode2session', reply)
    const openid = typeof reply.openid === 'string' ? reply.openid : ''
    if (!openid) throw this.refused('微信登录失败，请重试', '/sns/jscode2session', reply)
    return { openid, unionid: typeof reply.unionid === 'string' ? reply.unionid : null }
  }

  async webOauth(code: string): Promise<WeChatSession> {
    const path = '/sns/oauth2/access_token'
    const reply = await this.call(path, {
      query: {
        appid: this.options.appId,
        secret: this.options.secret,
        code,
        grant_type: 'authorization_code',
      },
    })
    if (reply.errcode) {
      throw this.refused('微信登录失败，请重试', path, reply, '微信授权已失效，请重试')
    }
    // Opened from a Moments snapshot page: the openid is a placeholder, not the person.
    if (reply.is_snapshotuser === 1) {
      throw new AppError(400, '请打开完整页面后再使用微信登录', `${path}: snapshot user`)
    }
    const openid = typeof reply.openid === 'string' ? reply.openid : ''
    if (!openid) throw this.refused('微信登录失败，请重试', path, reply)
    return { openid, unionid: typeof reply.unionid === 'string' ? reply.unionid : null }
  }

  async getPhoneNumber(code: string): Promise<string> {
    const reply = await this.withToken((token) =>
      this.call('/wxa/business/getuserphonenumber', {
        query: { access_token: token },
        body: { code },
      }),
    )
    const info = reply.phone_info as
      { purePhoneNumber?: unknown; countryCode?: unknown } | undefined
    if (reply.errcode || !info || typeof info.purePhoneNumber !== 'string') {
      throw this.refused('获取手机号失败，请重试', '/wxa/business/getuserphonenumber', reply)
    }
    if (info.countryCode !== undefined && String(info.countryCode) !== '86') {
      throw new AppError(400, '暂不支持境外手机号')
    }
    return info.purePhoneNumber
  }

  async getJsapiTicket(): Promise<string> {
    if (this.jsapiTicket && this.jsapiTicket.expiresAt > this.clock.now()) {
      return this.jsapiTicket.value
    }
    const reply = await this.withToken((token) =>
      this.call('/cgi-bin/ticket/getticket', { query: { access_token: token, type: 'jsapi' } }),
    )
    if (reply.errcode || typeof reply.ticket !== 'string') {
      throw this.refused('微信签名失败，请稍后再试', '/cgi-bin/ticket/getticket', reply)
    }
    this.jsapiTicket = { value: reply.ticket, expiresAt: this.expiry(reply.expires_in) }
    return reply.ticket
  }

  private async getAccessToken(): Promise<string> {
    if (this.accessToken && this.accessToken.expiresAt > this.clock.now()) {
      return this.accessToken.value
    }
    const reply = await this.call('/cgi-bin/token', {
      query: {
        grant_type: 'client_credential',
        appid: this.options.appId,
        secret: this.options.secret,
      },
    })
    if (reply.errcode || typeof reply.access_token !== 'string') {
      throw this.refused('微信服务暂不可用，请稍后再试', '/cgi-bin/token', reply)
    }
    this.accessToken = { value: reply.access_token, expiresAt: this.expiry(reply.expires_in) }
    return reply.access_token
  }

  /** Calls with the cached access token; a stale token is refreshed once. */
  private async withToken(fn: (token: string) => Promise<WeChatReply>): Promise<WeChatReply> {
    const reply = await fn(await this.getAccessToken())
    if (reply.errcode && STALE_TOKEN_CODES.has(reply.errcode)) {
      this.accessToken = null
      return fn(await this.getAccessToken())
    }
    return reply
  }

  private expiry(expiresIn: unknown): number {
    const seconds = typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : 7200
    return this.clock.now() + Math.max(seconds * 1000 - EARLY_MS, 60_000)
  }

  private async call(
    path: string,
    opts: { query: Record<string, string>; body?: unknown },
  ): Promise<WeChatReply> {
    const url = `${this.options.apiBase}${path}?${new URLSearchParams(opts.query)}`
    try {
      const res = await fetch(url, {
        method: opts.body === undefined ? 'GET' : 'POST',
        headers: opts.body === undefined ? undefined : { 'content-type': 'application/json' },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      return (await res.json()) as WeChatReply
    } catch (err) {
      throw upstreamFailed('微信服务暂不可用，请稍后再试', `${path}: ${(err as Error).message}`)
    }
  }

  /** `badCodeMessage` is what the user sees when the code was invalid or already used. */
  private refused(
    message: string,
    path: string,
    reply: WeChatReply,
    badCodeMessage = message,
  ): AppError {
    const detail = `${path} answered errcode ${reply.errcode}: ${reply.errmsg}`
    // A bad or used code is the caller's problem, anything else is WeChat's.
    if (reply.errcode === 40029 || reply.errcode === 40163) {
      return new AppError(400, badCodeMessage, detail)
    }
    return reply.errcode === 45011
      ? new AppError(400, message, detail)
      : upstreamFailed(message, detail)
  }
}
