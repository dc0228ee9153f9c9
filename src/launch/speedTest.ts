/**
 * The start-up network speed test (app-spec sections 4 and 9): a probe with a 10 s timeout; when it
 * takes over 5 s or fails, the poor-network toast shows (at the 5 s mark if still waiting) and the
 * test runs again every 60 s until one is fast.
 */
import { Limits } from '@rules/limits'
import type { Scheduler } from './scheduler'

export interface SpeedTestOptions {
  /** Fetches the test file; rejects on timeout or network failure. */
  probe: (timeoutMs: number) => Promise<unknown>
  /** Shows the poor-network toast; called at most once per attempt. */
  onSlow: () => void
  scheduler: Scheduler
  /** Told of each finished attempt. */
  onResult?: (fast: boolean, elapsedMs: number) => void
  timeoutMs?: number
  slowMs?: number
  retryMs?: number
}

/** Starts testing; answers a function that stops any further attempt. */
export function startSpeedTest(options: SpeedTestOptions): () => void {
  const {
    probe,
    onSlow,
    scheduler,
    onResult,
    timeoutMs = Limits.speedTestTimeoutMs,
    slowMs = Limits.speedTestSlowMs,
    retryMs = Limits.speedTestRetryMs,
  } = options
  let stopped = false
  let cancelPending: () => void = () => undefined

  const attempt = (): void => {
    if (stopped) return
    const started = scheduler.now()
    let finished = false
    let warned = false
    const warn = (): void => {
      if (warned || stopped) return
      warned = true
      onSlow()
    }
    const cancelSlowMark = scheduler.setTimeout(() => {
      if (!finished) warn()
    }, slowMs)
    cancelPending = cancelSlowMark

    let run: Promise<unknown>
    try {
      run = probe(timeoutMs)
    } catch (error) {
      run = Promise.reject(error)
    }
    void run
      .then(
        () => false,
        () => true,
      )
      .then((failed) => {
        finished = true
        cancelSlowMark()
        if (stopped) return
        const elapsed = scheduler.now() - started
        const fast = !failed && elapsed <= slowMs
        onResult?.(fast, elapsed)
        if (fast) return
        warn()
        cancelPending = scheduler.setTimeout(attempt, retryMs)
      })
  }

  attempt()
  return () => {
    stopped = true
    cancelPending()
  }
}
