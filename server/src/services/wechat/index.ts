import type { Clock } from '../../clock'
import type { Config } from '../../config'
import { WeChatClient } from './client'
import { LocalWeChat } from './local'
import type { WeChatApi, WeChatApps } from './types'

/** Each app is the real client when its appid is configured, else the local stand-in. */
export function createWeChat(config: Config, clock: Clock): WeChatApps {
  const { apiBase } = config.wechat
  const local = new LocalWeChat()
  return {
    miniProgram: config.wechat.appId ? new WeChatClient(config.wechat, clock) : local,
    officialAccount: config.wechatMp.appId
      ? new WeChatClient({ ...config.wechatMp, apiBase }, clock)
      : local,
  }
}

export type { WeChatApi, WeChatApps }
