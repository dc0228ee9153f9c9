import { chinaDayText, chinaMinuteText } from '@rules/chinaTime'
import { formatShopTime } from '@/features/shop/time'
import {
  AgentLimits,
  commissionFen,
  formatRate,
  isBankCard,
  maskCard,
  yuanToFen,
} from '@rules/agent'

describe('yuanToFen', () => {
  it('turns yuan with at most two decimals into fen exactly', () => {
    expect(yuanToFen('1')).toBe(100)
    expect(yuanToFen('1.5')).toBe(150)
    expect(yuanToFen('0.01')).toBe(1)
    expect(yuanToFen(' 29.90 ')).toBe(2990)
    // 0.1 + 0.2 style float errors cannot happen: the digits are read, not multiplied.
    expect(yuanToFen('1.13')).toBe(113)
    expect(yuanToFen('4.35')).toBe(435)
    expect(yuanToFen('0')).toBe(0)
  })

  it('refuses what is not such a number', () => {
    for (const bad of [
      '',
      '1.234',
      '-1',
      '01',
      '1.',
      '.5',
      '1e3',
      'abc',
      '１',
      '1,000',
      '9999999999',
    ]) {
      expect(yuanToFen(bad)).toBeNull()
    }
  })
})

describe('commissionFen', () => {
  it('is the amount times the rate, rounded down to the fen', () => {
    expect(commissionFen(2990, 1000)).toBe(299)
    expect(commissionFen(2990, 1250)).toBe(373)
    expect(commissionFen(9, 1000)).toBe(0)
    expect(commissionFen(100_000_000, AgentLimits.rateMaxBp)).toBe(50_000_000)
    expect(commissionFen(2990, 0)).toBe(0)
  })
})

describe('formatRate', () => {
  it('shows basis points as a percentage', () => {
    expect(formatRate(1000)).toBe('10%')
    expect(formatRate(1250)).toBe('12.5%')
    expect(formatRate(5)).toBe('0.05%')
  })
})

describe('bank cards', () => {
  it('checks the Luhn digit and the length, spaces ignored', () => {
    expect(isBankCard('6222 0202 0011 2233 442')).toBe(false)
    expect(isBankCard('4111111111111111')).toBe(true)
    expect(isBankCard('4111 1111 1111 1111')).toBe(true)
    expect(isBankCard('4111111111111112')).toBe(false)
    expect(isBankCard('79927398713')).toBe(false) // valid Luhn, but 11 digits
    expect(isBankCard('4111-1111-1111-1111')).toBe(false)
    expect(isBankCard('41111111111111111111')).toBe(false) // 20 digits
  })

  it('masks all but the first and last four digits', () => {
    expect(maskCard('4111111111111111')).toBe('4111 **** **** 1111')
    expect(maskCard('123')).toBe('****')
  })
})

describe('China time texts', () => {
  it('writes a unix time as China sees it (UTC+8)', () => {
    // 2026-11-23 16:30 UTC is 2026-11-24 00:30 in China.
    const t = Date.UTC(2026, 10, 23, 16, 30) / 1000
    expect(chinaDayText(t)).toBe('2026-11-24')
    expect(chinaMinuteText(t)).toBe('2026-11-24 00:30')
    expect(formatShopTime(t)).toBe('2026-11-24 00:30')
  })
})
