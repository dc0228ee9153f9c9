/**
 * Reads kept for a short while (`ttlMs`) by key, dropped at once when the data behind them changes
 * through this server (`changed()`), and shared while running (single flight). For lists that many
 * people read at once and that may lag a second behind writes made elsewhere.
 */
import { SingleFlight } from './singleFlight'

interface Kept<V> {
  value: V
  at: number
  version: number
}

const MAX_KEYS = 10_000

export class KeptReads<V> {
  private version = 0
  private readonly kept = new Map<string, Kept<V>>()
  private readonly reads = new SingleFlight<V>()

  constructor(private readonly ttlMs: number) {}

  async get(key: string, now: number, read: () => Promise<V>): Promise<V> {
    const hit = this.kept.get(key)
    if (hit && hit.version === this.version && now - hit.at < this.ttlMs) return hit.value
    const version = this.version
    const value = await this.reads.run(`${version}|${key}`, read)
    if (version === this.version) {
      if (this.kept.size >= MAX_KEYS) this.kept.clear()
      this.kept.set(key, { value, at: now, version })
    }
    return value
  }

  changed(): void {
    this.version++
    this.kept.clear()
  }
}

/** One set of kept reads per database (tests run several apps, each on its own, in one process). */
export function keptPerDb<V>(ttlMs: number): (db: object) => KeptReads<V> {
  const byDb = new WeakMap<object, KeptReads<V>>()
  return (db) => {
    let reads = byDb.get(db)
    if (!reads) {
      reads = new KeptReads<V>(ttlMs)
      byDb.set(db, reads)
    }
    return reads
  }
}
