import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { creditedSeconds } from '../src/modules/stats/duration'
import {
  dayKey,
  isRankPeriod,
  monthStartKey,
  periodRange,
  weekStartKey,
} from '../src/modules/stats/days'

const utc = (iso: string): number => Date.parse(`${iso}Z`)

describe('reading days (China time)', () => {
  test('the day changes at 16:00 UTC, China midnight', () => {
    assert.equal(dayKey(utc('2030-03-31T15:59:59.999')), '2030-03-31')
    assert.equal(dayKey(utc('2030-03-31T16:00:00.000')), '2030-04-01')
    assert.equal(dayKey(utc('2030-03-31T00:00:00.000')), '2030-03-31')
    // The new year comes at 16:00 UTC on 31 December.
    assert.equal(dayKey(utc('2029-12-31T15:59:59')), '2029-12-31')
    assert.equal(dayKey(utc('2029-12-31T16:00:00')), '2030-01-01')
    assert.equal(dayKey(utc('2024-02-28T16:30:00')), '2024-02-29')
  })

  test('weeks start on Monday', () => {
    // Monday 2030-04-01 .. Sunday 2030-04-07 (China dates).
    for (let d = 1; d <= 7; d++) {
      const noon = utc(`2030-04-0${d}T04:00:00`)
      assert.equal(weekStartKey(noon), '2030-04-01', `day ${d}`)
    }
    // Sunday 23:59:59 China is still the old week; Monday 00:00 China starts a new one.
    assert.equal(weekStartKey(utc('2030-03-31T15:59:59')), '2030-03-25')
    assert.equal(weekStartKey(utc('2030-03-31T16:00:00')), '2030-04-01')
    // A week across the year's end.
    assert.equal(weekStartKey(utc('2030-01-04T10:00:00')), '2029-12-31')
  })

  test('months start on the 1st, China time', () => {
    assert.equal(monthStartKey(utc('2030-03-31T15:59:59')), '2030-03-01')
    assert.equal(monthStartKey(utc('2030-03-31T16:00:00')), '2030-04-01')
    assert.equal(monthStartKey(utc('2030-02-15T12:00:00')), '2030-02-01')
  })

  test('ranking periods are ranges of day keys', () => {
    const at = utc('2030-04-03T02:00:00') // Wednesday 10:00 China
    assert.deepEqual(periodRange('day', at), { from: '2030-04-03', to: '2030-04-03' })
    assert.deepEqual(periodRange('week', at), { from: '2030-04-01', to: '2030-04-03' })
    assert.deepEqual(periodRange('month', at), { from: '2030-04-01', to: '2030-04-03' })
    assert.deepEqual(periodRange('total', at), { from: null, to: '2030-04-03' })
    assert.ok(isRankPeriod('week'))
    assert.ok(!isRankPeriod('year'))
    assert.ok(!isRankPeriod(''))
  })
})

describe('credited seconds', () => {
  const t0 = utc('2030-04-03T02:00:00')
  test('the first report is only capped', () => {
    assert.equal(creditedSeconds(120, t0, null), 120)
    assert.equal(creditedSeconds(5000, t0, null), 300)
  })
  test('later reports get at most the time since the previous one, plus 5 s', () => {
    assert.equal(creditedSeconds(60, t0 + 10_000, t0), 15)
    assert.equal(creditedSeconds(60, t0 + 10_999, t0), 15)
    assert.equal(creditedSeconds(60, t0 + 60_000, t0), 60)
    assert.equal(creditedSeconds(1000, t0 + 3_600_000, t0), 300)
    assert.equal(creditedSeconds(60, t0, t0), 5)
    // A clock that went back credits nothing.
    assert.equal(creditedSeconds(60, t0 - 60_000, t0), 0)
  })
})
