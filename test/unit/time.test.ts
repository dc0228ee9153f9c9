import { formatMessageTime, toDate } from '@/core/time'

// Local-time constructors keep these independent of the machine's time zone.
const at = (y: number, m: number, d: number, h = 12, min = 0): Date => new Date(y, m - 1, d, h, min)

describe('formatMessageTime', () => {
  it('shows HH:mm for today', () => {
    const now = at(2026, 3, 15, 18, 30)
    expect(formatMessageTime(at(2026, 3, 15, 9, 5), now)).toBe('09:05')
    expect(formatMessageTime(at(2026, 3, 15, 0, 0), now)).toBe('00:00')
  })

  it('says 昨天 across midnight: 23:59 seen at 00:01', () => {
    expect(formatMessageTime(at(2026, 3, 14, 23, 59), at(2026, 3, 15, 0, 1))).toBe('昨天')
  })

  it('keeps 00:01 seen at 23:59 the same day as HH:mm', () => {
    expect(formatMessageTime(at(2026, 3, 15, 0, 1), at(2026, 3, 15, 23, 59))).toBe('00:01')
  })

  it('says 昨天 over new year: 12/31 seen on 1/1', () => {
    expect(formatMessageTime(at(2025, 12, 31, 23, 59), at(2026, 1, 1, 0, 1))).toBe('昨天')
  })

  it('shows the weekday within 6 days, even across the year', () => {
    // 2025-12-28 was a Sunday; seen on 2026-01-03 (6 days later).
    expect(formatMessageTime(at(2025, 12, 28), at(2026, 1, 3))).toBe('星期日')
    // 2025-12-30 was a Tuesday; seen on 2026-01-01 (2 days later).
    expect(formatMessageTime(at(2025, 12, 30), at(2026, 1, 1))).toBe('星期二')
  })

  it('shows Y/M/D for last year when older than 6 days', () => {
    expect(formatMessageTime(at(2025, 12, 31), at(2026, 1, 10))).toBe('2025/12/31')
    expect(formatMessageTime(at(2025, 12, 27), at(2026, 1, 3))).toBe('2025/12/27')
  })

  it('shows M/D for this year when older than 6 days', () => {
    expect(formatMessageTime(at(2026, 3, 1), at(2026, 3, 15))).toBe('3/1')
    expect(formatMessageTime(at(2026, 3, 8), at(2026, 3, 15))).toBe('3/8')
  })

  it('accepts unix seconds and milliseconds alike', () => {
    const now = at(2026, 3, 15, 18, 0)
    const then = at(2026, 3, 15, 8, 7)
    expect(formatMessageTime(Math.floor(then.getTime() / 1000), now)).toBe('08:07')
    expect(formatMessageTime(then.getTime(), now)).toBe('08:07')
    expect(toDate(then)).toBe(then)
  })
})
