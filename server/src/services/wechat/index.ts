import type { Clock } from '../../clock'
import { isProduction, type Config } from '../../config'
import { WeChatClient } from './client'
import { DisabledWeChat } from './disabled'
import { LocalWeChat } from './local'
import type { WeChatApi, WeChatApps } from './types'

export const WECHAT_OFF_TEXT = '未配置微信登录'
export const WECHAT_MP_OFF_TEXT = '未配置微信公众号'

/**
 * Each app is the real client when its appid is configured; otherwise the local stand-in, except
 * in production, where an unconfigured app refuses every call.
 */
export function createWeChat(config: Config, clock: Clock): WeChatApps {
  const { apiBase } = config.wechat
  const production = isProduction(config)
  const local = new LocalWeChat()
  const fallback = (message: string): WeChatApi =>
    production ? new DisabledWeChat(message) : local
  return {
    miniProgram: config.wechat.appId
      ? new WeChatClient(config.wechat, clock)
      : fallback(WECHAT_OFF_TEXT),
    officialAccount: config.wechatMp.appId
      ? new WeChatClient({ ...config.wechatMp, apiBase }, clock)
      : fallback(WECHAT_MP_OFF_TEXT),
  }
}

export type { WeChatApi, WeChatApps }
