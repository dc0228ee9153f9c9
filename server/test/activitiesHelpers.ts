/** What the activity suites (activities.test.ts, activities-votes.test.ts) share: paths, assertions. */
import assert from 'node:assert/strict'
import { activitiesApi } from '@api/activities'
import { queryPath, restPath, type Reply } from './helpers'

export type ActivityCall = keyof typeof activitiesApi
export const q = (key: ActivityCall): string => queryPath(activitiesApi[key])
export const r = (key: ActivityCall): string => restPath(activitiesApi[key])

/** A reader with a session. */
export interface Reader {
  id: number
  token: string
}

export function ok(res: Reply, label = ''): void {
  assert.equal(res.body.ret ?? res.body.code, 200, `${label} ${JSON.stringify(res.body)}`)
}

export function fails(res: Reply, code: number, msg: string, label = ''): void {
  assert.deepEqual([res.body.ret ?? res.body.code, res.body.msg], [code, msg], label)
  assert.equal(res.status, code, label)
}

/** Milliseconds as whole unix seconds. */
export const secs = (ms: number): number => Math.floor(ms / 1000)
