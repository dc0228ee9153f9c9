/** What the crowd benchmarks (bench:shop, bench:agent) share: timed bursts of calls and their figures. */

export interface Reader {
  id: number
  token: string
}

export interface Envelope<T> {
  code: number
  msg: string
  data: T
}

/** One round trip, timed until its body was read. */
export interface Timed<T> {
  ms: number
  status: number
  body: Envelope<T>
}

export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

export const ms = (n: number) => `${n.toFixed(1)} ms`

/** Timed round trips: all started at once, each timed until its body is read. */
export async function burst<T>(calls: Array<() => Promise<Timed<T>>>): Promise<{
  wall: number
  results: Array<Timed<T>>
  sorted: number[]
}> {
  const t0 = performance.now()
  const results = await Promise.all(calls.map((c) => c()))
  const wall = performance.now() - t0
  return { wall, results, sorted: results.map((r) => r.ms).sort((a, b) => a - b) }
}

/** A burst's wall time with its median and 95th percentile. */
export const timing = (b: { wall: number; sorted: number[] }) =>
  `${ms(b.wall)}, p50 ${ms(percentile(b.sorted, 50))}, p95 ${ms(percentile(b.sorted, 95))}`
