/** The time source; tests pass a clock they can move. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }

export const unixSeconds = (ms: number): number => Math.floor(ms / 1000)
