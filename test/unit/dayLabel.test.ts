import { dayLabel } from '@/features/books/dayLabel'

// An instant given as China time (UTC+8), whatever the machine's time zone.
const cst = (y: number, m: number, d: number, h = 12, min = 0): Date =>
  new Date(Date.UTC(y, m - 1, d, h - 8, min))

describe('dayLabel', () => {
  it('says 今天 for the China-time date, at any hour', () => {
    expect(dayLabel('2026-03-15', cst(2026, 3, 15, 0, 0))).toBe('今天')
    expect(dayLabel('2026-03-15', cst(2026, 3, 15, 23, 59))).toBe('今天')
  })

  it('follows China time, not the device zone: 00:30 in Beijing is still the 14th in UTC', () => {
    const now = cst(2026, 3, 15, 0, 30)
    expect(now.getUTCDate()).toBe(14)
    expect(dayLabel('2026-03-15', now)).toBe('今天')
    expect(dayLabel('2026-03-14', now)).toBe('昨天')
  })

  it('says 昨天 for the day before, also across a month and a year', () => {
    expect(dayLabel('2026-03-14', cst(2026, 3, 15, 0, 1))).toBe('昨天')
    expect(dayLabel('2026-02-28', cst(2026, 3, 1))).toBe('昨天')
    expect(dayLabel('2025-12-31', cst(2026, 1, 1, 0, 1))).toBe('昨天')
  })

  it('shows M月D日 within this year, without leading zeros', () => {
    expect(dayLabel('2026-03-13', cst(2026, 3, 15))).toBe('3月13日')
    expect(dayLabel('2026-01-05', cst(2026, 11, 22))).toBe('1月5日')
    expect(dayLabel('2026-11-22', cst(2026, 12, 30))).toBe('11月22日')
  })

  it('adds the year before this year', () => {
    expect(dayLabel('2025-12-30', cst(2026, 1, 1))).toBe('2025年12月30日')
    expect(dayLabel('2024-02-29', cst(2026, 3, 15))).toBe('2024年2月29日')
  })

  it('returns anything else unchanged', () => {
    expect(dayLabel('', cst(2026, 3, 15))).toBe('')
    expect(dayLabel('2026/03/15', cst(2026, 3, 15))).toBe('2026/03/15')
  })
})
