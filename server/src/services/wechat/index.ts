import type { Clock } from '../../clock'
import type { Config } from '../../config'
import { WeChatClient } from './client'
import { LocalWeChat } from './local'
import type { WeChatApi } from './types'

export function createWeChat(config: Config, clock: Clock): WeChatApi {
  return config.wechat.appId ? new WeChatClient(config.wechat, clock) : new LocalWeChat()
}

export type { WeChatApi }
