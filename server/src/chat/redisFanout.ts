import { createHash, randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import type { Fanout } from './fanout'
import type { Delivery, Hub } from './hub'

/** One channel per database: processes of another deployment (or test run) on this Redis stay apart. */
export const channelFor = (database: string): string =>
  `chat:deliveries:${createHash('sha256').update(database).digest('hex').slice(0, 16)}`

interface Published {
  origin: string
  deliveries: Delivery[]
}

/**
 * Delivers locally at once and publishes to every other process through Redis pub/sub (one
 * subscriber connection per process). A process skips what it published itself: its own clients
 * already have it.
 */
export class RedisFanout implements Fanout {
  private readonly origin = randomBytes(8).toString('hex')
  private readonly pub: Redis
  private readonly sub: Redis
  private readonly subscribed: Promise<unknown>

  constructor(
    url: string,
    private readonly channel: string,
    private readonly hub: Hub,
    private readonly log: (msg: string, err?: unknown) => void,
  ) {
    this.pub = new Redis(url, { maxRetriesPerRequest: 3 })
    this.sub = new Redis(url)
    for (const client of [this.pub, this.sub]) {
      client.on('error', (err: unknown) => this.log('redis error', err))
    }
    this.subscribed = this.sub.subscribe(this.channel)
    this.subscribed.catch((err: unknown) => this.log('redis subscribe failed', err))
    this.sub.on('message', (_channel: string, text: string) => this.received(text))
  }

  /** Resolves once the subscription is live, or after 5 s (Redis down: delivery stays local). */
  async ready(): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.log('redis not subscribed after 5 s; live delivery to other processes waits for it')
        resolve()
      }, 5000)
    })
    await Promise.race([
      this.subscribed.then(
        () => undefined,
        () => undefined,
      ),
      timeout,
    ])
    clearTimeout(timer)
  }

  publish(deliveries: Delivery[]): void {
    if (deliveries.length === 0) return
    this.hub.deliver(deliveries)
    const message: Published = { origin: this.origin, deliveries }
    this.pub
      .publish(this.channel, JSON.stringify(message))
      .catch((err: unknown) => this.log('redis publish failed', err))
  }

  private received(text: string): void {
    let message: Published
    try {
      message = JSON.parse(text) as Published
    } catch {
      return
    }
    if (message.origin === this.origin || !Array.isArray(message.deliveries)) return
    this.hub.deliver(message.deliveries)
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.pub.quit(), this.sub.quit()])
  }
}
