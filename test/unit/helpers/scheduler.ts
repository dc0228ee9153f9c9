/** A manual clock for the launch timing: tasks run only when the test advances time. */
import type { Scheduler } from '@/launch/scheduler'
import { flush } from './fakes'

interface Task {
  at: number
  seq: number
  run: () => void
  cancelled: boolean
}

export interface FakeScheduler extends Scheduler {
  advance(ms: number): Promise<void>
  pending(): number[]
}

export function fakeScheduler(): FakeScheduler {
  let now = 0
  let seq = 0
  const tasks: Task[] = []
  return {
    now: () => now,
    setTimeout(run, ms) {
      const task: Task = { at: now + ms, seq: seq++, run, cancelled: false }
      tasks.push(task)
      return () => {
        task.cancelled = true
      }
    },
    async advance(ms) {
      const end = now + ms
      await flush()
      for (;;) {
        const due = tasks
          .filter((t) => !t.cancelled && t.at <= end)
          .sort((a, b) => a.at - b.at || a.seq - b.seq)[0]
        if (!due) break
        tasks.splice(tasks.indexOf(due), 1)
        now = due.at
        due.run()
        await flush(10)
      }
      now = end
    },
    pending: () => tasks.filter((t) => !t.cancelled).map((t) => t.at - now),
  }
}
