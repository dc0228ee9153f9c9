import { createHash } from 'node:crypto'
import { badRequest } from '../../http/errors'
import type { WeChatApi, WeChatSession } from './types'

const PHONE_CODE = /^phone:(1[3-9]\d{9})$/

const digest = (code: string): string =>
  createHash('sha256').update(code).digest('base64url').slice(0, 24)

/**
 * Used for the mini-program when WECHAT_APPID is unset and for the official account when
 * WECHAT_MP_APPID is unset, outside production only (development, tests of the app itself; in
 * production an unconfigured app is a DisabledWeChat): the same login code always gives the same
 * openid (a different one on each side), and phone codes of the form `phone:<11 digits>` give that
 * number.
 */
export class LocalWeChat implements WeChatApi {
  readonly configured = false
  readonly appId = ''

  checkAvailable(): void {}

  async code2Session(code: string): Promise<WeChatSession> {
    return { openid: `local_${digest(code)}`, unionid: null }
  }

  async webOauth(code: string): Promise<WeChatSession> {
    return { openid: `local_mp_${digest(code)}`, unionid: null }
  }

  async getPhoneNumber(code: string): Promise<string> {
    const match = PHONE_CODE.exec(code)
    if (!match) throw badRequest('获取手机号失败，请重试')
    return match[1]
  }

  async getJsapiTicket(): Promise<string> {
    throw badRequest('未配置微信公众号')
  }
}
