import { badgeText } from '@/core/badge'

describe('badgeText (tab 1 unread badge)', () => {
  it.each([
    [0, null],
    [1, '1'],
    [42, '42'],
    [99, '99'],
    [100, '99+'],
    [12345, '99+'],
    [-1, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ])('%p → %p', (count, text) => {
    expect(badgeText(count)).toBe(text)
  })
})
