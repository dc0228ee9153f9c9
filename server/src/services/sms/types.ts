import type { SmsScene } from '@api/common'

export interface SmsMessage {
  mobile: string
  code: string
  scene: SmsScene
}

/** Sends a verification code by text message. */
export interface SmsSender {
  readonly name: string
  send(message: SmsMessage): Promise<void>
}
