import { performance } from 'node:perf_hooks'

/**
 * A token bucket on the process's monotonic clock: `burst` at once, then `perSecond`. It guards the
 * process's own work (CPU, database), so it runs on real time, not on the app's clock.
 */
export class TokenBucket {
  private tokens: number
  private at = performance.now()

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
  ) {
    this.tokens = burst
  }

  private refill(): void {
    const now = performance.now()
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond)
    this.at = now
  }

  /** Takes `n` tokens if there are that many (then true); otherwise takes none. */
  take(n = 1): boolean {
    this.refill()
    if (this.tokens < n) return false
    this.tokens -= n
    return true
  }

  /** True when the bucket has filled up again (nothing to remember about its owner). */
  get full(): boolean {
    this.refill()
    return this.tokens >= this.burst
  }
}

/** One bucket per key (a reader), forgetting keys whose bucket has filled up again. */
export class BucketsByKey<K> {
  private readonly buckets = new Map<K, TokenBucket>()

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    /** Past this many keys, full buckets are dropped. */
    private readonly sweepAbove = 1000,
  ) {}

  take(key: K, n = 1): boolean {
    let bucket = this.buckets.get(key)
    if (!bucket) {
      if (this.buckets.size >= this.sweepAbove) this.sweep()
      bucket = new TokenBucket(this.burst, this.perSecond)
      this.buckets.set(key, bucket)
    }
    return bucket.take(n)
  }

  private sweep(): void {
    for (const [key, bucket] of this.buckets) if (bucket.full) this.buckets.delete(key)
  }
}
