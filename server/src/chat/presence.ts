/**
 * Who has chat open (the 在线 / 离线 of one-to-one rows). In one process the hub knows. With
 * several processes (REDIS_URL) each process keeps, for every user connected to it, a field
 * `<process>` = expiry (ms) in the hash `<prefix>:<user>`, written when the user's first socket
 * here opens, refreshed every PRESENCE_REFRESH_MS and removed when the last one closes; a user
 * is online while any field has not expired (a process that died stops refreshing, so its users
 * go offline within PRESENCE_TTL_MS).
 */
import { createHash, randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import type { Hub } from './hub'

export const PRESENCE_REFRESH_MS = 20_000
export const PRESENCE_TTL_MS = 60_000

export interface Presence {
  /** Which of these users have a chat socket open now (on any process). */
  online(userIds: readonly number[]): Promise<Set<number>>
  close(): Promise<void>
}

export class LocalPresence implements Presence {
  constructor(private readonly hub: Hub) {}

  async online(userIds: readonly number[]): Promise<Set<number>> {
    return new Set(userIds.filter((id) => this.hub.has(id)))
  }

  async close(): Promise<void> {}
}

/** One key space per database, as the fan-out's channel. */
export const presencePrefix = (database: string): string =>
  `chat:presence:${createHash('sha256').update(database).digest('hex').slice(0, 16)}`

export class RedisPresence implements Presence {
  private readonly origin = randomBytes(8).toString('hex')
  private readonly redis: Redis
  private readonly timer: NodeJS.Timeout

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly hub: Hub,
    private readonly log: (msg: string, err?: unknown) => void,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 3 })
    this.redis.on('error', (err: unknown) => this.log('redis error', err))
    hub.onPresence = (userId, online) => this.write([userId], online)
    this.timer = setInterval(() => this.write([...hub.users()], true), PRESENCE_REFRESH_MS)
    this.timer.unref()
  }

  private key(userId: number): string {
    return `${this.prefix}:${userId}`
  }

  private write(userIds: number[], online: boolean): void {
    if (userIds.length === 0) return
    const expiry = String(Date.now() + PRESENCE_TTL_MS)
    const batch = this.redis.pipeline()
    for (const id of userIds) {
      if (online) {
        batch.hset(this.key(id), this.origin, expiry).pexpire(this.key(id), PRESENCE_TTL_MS)
      } else {
        batch.hdel(this.key(id), this.origin)
      }
    }
    batch.exec().catch((err: unknown) => this.log('redis presence write failed', err))
  }

  async online(userIds: readonly number[]): Promise<Set<number>> {
    const found = new Set(userIds.filter((id) => this.hub.has(id)))
    const others = userIds.filter((id) => !found.has(id))
    if (others.length === 0) return found
    const batch = this.redis.pipeline()
    for (const id of others) batch.hvals(this.key(id))
    const now = Date.now()
    const answers = (await batch.exec().catch(() => null)) ?? []
    answers.forEach(([err, expiries], i) => {
      if (err || !Array.isArray(expiries)) return
      if (expiries.some((at) => Number(at) > now)) found.add(others[i])
    })
    return found
  }

  async close(): Promise<void> {
    clearInterval(this.timer)
    this.hub.onPresence = null
    const users = [...this.hub.users()]
    if (users.length > 0) {
      const batch = this.redis.pipeline()
      for (const id of users) batch.hdel(this.key(id), this.origin)
      await batch.exec().catch(() => undefined)
    }
    await this.redis.quit().catch(() => undefined)
  }
}
