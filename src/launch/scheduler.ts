/** Timers behind an interface, so the launch timing is driven by fake clocks in tests. */
export interface Scheduler {
  /** Runs `task` after `ms`; answers a cancel function. */
  setTimeout(task: () => void, ms: number): () => void
  /** Milliseconds. */
  now(): number
}

export const realScheduler: Scheduler = {
  setTimeout(task, ms) {
    const handle = setTimeout(task, ms)
    return () => clearTimeout(handle)
  },
  now: () => Date.now(),
}
