import type { Clock } from '../../clock'
import type { SmsScene } from '@api/common'
import type { SmsMessage, SmsSender } from './types'

export interface OutboxItem {
  mobile: string
  code: string
  scene: SmsScene
  at: number
}

const OUTBOX_MAX = 1000

/** A stand-in for a real SMS provider: keeps what it "sent" for GET /dev/sms. */
export class LocalSmsSender implements SmsSender {
  readonly name = 'local'
  private readonly outbox: OutboxItem[] = []

  constructor(private readonly clock: Clock) {}

  async send(message: SmsMessage): Promise<void> {
    this.outbox.push({ ...message, at: Math.floor(this.clock.now() / 1000) })
    if (this.outbox.length > OUTBOX_MAX) this.outbox.shift()
  }

  /** What was sent to one number, latest first. */
  sentTo(mobile: string): OutboxItem[] {
    return this.outbox.filter((item) => item.mobile === mobile).reverse()
  }
}
