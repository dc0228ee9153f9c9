import { badRequest } from '../../http/errors'
import type { WeChatApi, WeChatSession } from './types'

/**
 * A WeChat app without an appid in production: the local stand-in would trust any code (and give
 * tokens for any number), so every call is refused with `message` instead.
 */
export class DisabledWeChat implements WeChatApi {
  readonly configured = false
  readonly appId = ''

  constructor(private readonly message: string) {}

  checkAvailable(): void {
    throw badRequest(this.message)
  }

  async code2Session(): Promise<WeChatSession> {
    throw badRequest(this.message)
  }

  async getPhoneNumber(): Promise<string> {
    throw badRequest(this.message)
  }

  async webOauth(): Promise<WeChatSession> {
    throw badRequest(this.message)
  }

  async getJsapiTicket(): Promise<string> {
    throw badRequest(this.message)
  }
}
