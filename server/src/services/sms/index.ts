import type { Clock } from '../../clock'
import type { Config } from '../../config'
import { AliyunSmsSender } from './aliyun'
import { LocalSmsSender } from './local'
import type { SmsSender } from './types'

export function createSmsSender(config: Config, clock: Clock): SmsSender {
  return config.sms.provider === 'aliyun'
    ? new AliyunSmsSender(config.sms.aliyun, clock)
    : new LocalSmsSender(clock)
}

export { AliyunSmsSender, LocalSmsSender }
export type { SmsSender }
