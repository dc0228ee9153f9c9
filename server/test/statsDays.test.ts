import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { creditReport } from '../src/modules/stats/duration'
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
  test('the first report is only capped, and credits the time just before now', () => {
    assert.deepEqual(creditReport(120, t0, null), { credited: 120, creditedUntil: t0 })
    assert.deepEqual(creditReport(5000, t0, null), { credited: 300, creditedUntil: t0 })
  })
  test('later reports get at most the uncredited time of the last 300 s', () => {
    // 10 s after the mark: 10 s, whatever is claimed; the mark moves by what was credited.
    assert.deepEqual(creditReport(60, t0 + 10_000, t0), {
      credited: 10,
      creditedUntil: t0 + 10_000,
    })
    assert.deepEqual(creditReport(60, t0 + 10_999, t0), {
      credited: 10,
      creditedUntil: t0 + 10_000,
    })
    // Less claimed than passed: the rest stays available to the next report.
    assert.deepEqual(creditReport(30, t0 + 60_000, t0), {
      credited: 30,
      creditedUntil: t0 + 30_000,
    })
    // An hour later: only the last 300 s can be credited.
    const hour = t0 + 3_600_000
    assert.deepEqual(creditReport(1000, hour, t0), { credited: 300, creditedUntil: hour })
    assert.deepEqual(creditReport(100, hour, t0), { credited: 100, creditedUntil: hour - 200_000 })
    // No time since the mark: nothing.
    assert.deepEqual(creditReport(60, t0, t0), { credited: 0, creditedUntil: t0 })
    // A clock that went back credits nothing and leaves the mark.
    assert.deepEqual(creditReport(60, t0 - 60_000, t0), { credited: 0, creditedUntil: t0 })
  })
  test('whatever the reports, the total never exceeds the time since the first one + 300 s', () => {
    // A small deterministic generator (no flaky seeds).
    let seed = 12345
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    for (let run = 0; run < 200; run++) {
      let now = t0
      let mark: number | null = null
      let total = 0
      for (let i = 0; i < 60; i++) {
        // Mostly bursts (0..2 s apart), sometimes long pauses, claims of 1..100000 s.
        now += next(10) < 7 ? next(2_000) : next(900_000)
        const claim = 1 + next(next(2) === 0 ? 300 : 100_000)
        const credit = creditReport(claim, now, mark)
        assert.ok(credit.credited >= 0 && credit.credited <= Math.min(claim, 300))
        assert.ok(Number.isInteger(credit.credited))
        assert.ok(credit.creditedUntil <= now)
        mark = credit.creditedUntil
        total += credit.credited
        assert.ok(total * 1000 <= now - t0 + 300_000, `run ${run} step ${i}: ${total}`)
      }
    }
  })
  test('an honest reader is credited what passed; a late timer only shifts a second along', () => {
    let mark = creditReport(60, t0, null).creditedUntil
    const credits: number[] = []
    // The app's timer says 60 s each time; the requests arrive a little early or late.
    for (const at of [60_000, 119_800, 180_300, 240_000, 299_900, 360_100]) {
      const credit = creditReport(60, t0 + at, mark)
      mark = credit.creditedUntil
      credits.push(credit.credited)
    }
    // The 0.8 s missing at 119.8 s is not lost: the next reports have it available again.
    assert.deepEqual(credits, [60, 59, 60, 60, 60, 60])
    assert.equal(mark, t0 + 359_000)
  })
})
