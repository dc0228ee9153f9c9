import type { Clock } from './clock'

/** Sweep keys whose hits have all aged out once this many keys are kept. */
const SWEEP_AT = 10_000

/**
 * At most `max` events per key within any `windowMs` (in memory, per process): e.g. the SMS sends
 * of one client address per hour.
 */
export class SlidingWindow {
  private readonly hits = new Map<string, number[]>()

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /**
   * Takes a slot for `key`: null when the window is full, else a function that gives the slot
   * back (the event did not happen after all).
   */
  take(key: string): (() => void) | null {
    const now = this.clock.now()
    if (this.hits.size >= SWEEP_AT) this.sweep(now)
    const recent = this.recent(key, now)
    if (recent.length >= this.max) return null
    recent.push(now)
    this.hits.set(key, recent)
    return () => {
      const list = this.hits.get(key)
      const index = list ? list.lastIndexOf(now) : -1
      if (list && index >= 0) list.splice(index, 1)
    }
  }

  private recent(key: string, now: number): number[] {
    const since = now - this.windowMs
    return (this.hits.get(key) ?? []).filter((at) => at > since)
  }

  private sweep(now: number): void {
    for (const key of [...this.hits.keys()]) {
      if (this.recent(key, now).length === 0) this.hits.delete(key)
    }
  }
}
