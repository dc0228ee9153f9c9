import { dayLabel } from '@/features/books/dayLabel'

// Local-time constructors keep these independent of the machine's time zone.
const at = (y: number, m: number, d: number, h = 12, min = 0): Date => new Date(y, m - 1, d, h, min)

describe('dayLabel', () => {
  it('says 今天 for the device date, at any hour', () => {
    expect(dayLabel('2026-03-15', at(2026, 3, 15, 0, 0))).toBe('今天')
    expect(dayLabel('2026-03-15', at(2026, 3, 15, 23, 59))).toBe('今天')
  })

  it('says 昨天 for the day before, also across a month and a year', () => {
    expect(dayLabel('2026-03-14', at(2026, 3, 15, 0, 1))).toBe('昨天')
    expect(dayLabel('2026-02-28', at(2026, 3, 1))).toBe('昨天')
    expect(dayLabel('2025-12-31', at(2026, 1, 1, 0, 1))).toBe('昨天')
  })

  it('shows M月D日 within this year, without leading zeros', () => {
    expect(dayLabel('2026-03-13', at(2026, 3, 15))).toBe('3月13日')
    expect(dayLabel('2026-01-05', at(2026, 11, 22))).toBe('1月5日')
    expect(dayLabel('2026-11-22', at(2026, 12, 30))).toBe('11月22日')
  })

  it('adds the year before this year', () => {
    expect(dayLabel('2025-12-30', at(2026, 1, 1))).toBe('2025年12月30日')
    expect(dayLabel('2024-02-29', at(2026, 3, 15))).toBe('2024年2月29日')
  })

  it('labels a day ahead of the device date (another time zone) by its date', () => {
    expect(dayLabel('2026-03-16', at(2026, 3, 15, 23))).toBe('3月16日')
  })

  it('counts calendar days across a daylight-saving change', () => {
    // Whatever the machine's zone, 2026-03-29 / 2026-11-01 fall near European / US DST changes.
    expect(dayLabel('2026-03-28', at(2026, 3, 29, 12))).toBe('昨天')
    expect(dayLabel('2026-10-31', at(2026, 11, 1, 12))).toBe('昨天')
  })

  it('returns anything else unchanged', () => {
    expect(dayLabel('', at(2026, 3, 15))).toBe('')
    expect(dayLabel('2026/03/15', at(2026, 3, 15))).toBe('2026/03/15')
  })

  it('defaults to the device clock', () => {
    const today = new Date()
    const pad = (n: number) => String(n).padStart(2, '0')
    const ymd = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`
    expect(dayLabel(ymd)).toBe('今天')
  })
})
