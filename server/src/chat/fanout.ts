import type { Delivery, Hub } from './hub'

/**
 * Live delivery to connected clients. In one process it is the hub itself; with several processes
 * (REDIS_URL) every delivery is also published so the other processes reach their own clients.
 * Best effort: a client that missed a push catches up with `sync` (the database is the truth).
 */
export interface Fanout {
  publish(deliveries: Delivery[]): void
  close(): Promise<void>
}

export class LocalFanout implements Fanout {
  constructor(private readonly hub: Hub) {}

  publish(deliveries: Delivery[]): void {
    if (deliveries.length > 0) this.hub.deliver(deliveries)
  }

  async close(): Promise<void> {}
}
