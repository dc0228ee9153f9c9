/**
 * A day of my reading time lists magazines and newspapers beside books (each marked with its kind),
 * and each opens its own page.
 */
import { fireEvent, render } from '@testing-library/react'
import Taro from '@tarojs/taro'
import ReadingDayRow from '@/features/stats/components/ReadingDayRow'
import type { ReadingDay } from '@/types/api/stats'
import { setUpTaroDom } from './helpers/taroDom'

beforeAll(setUpTaroDom)

it('lists books, magazines and newspapers read that day; each opens its page', () => {
  const navigated: string[] = []
  jest.spyOn(Taro, 'navigateTo').mockImplementation(((options: { url: string }) => {
    navigated.push(options.url)
    return Promise.resolve({ errMsg: 'navigateTo:ok' })
  }) as never)
  const day: ReadingDay = {
    day: '2025-03-09',
    seconds: 1500,
    books: [
      { booksId: 1, booksName: '古文月刊', seconds: 900, source: 'magazine' },
      { booksId: 1, booksName: '论语', seconds: 420, source: 'book' },
      { booksId: 1, booksName: '经典晨报', seconds: 180, source: 'newspaper' },
    ],
  }
  const view = render(<ReadingDayRow day={day} now={new Date('2025-03-09T12:00:00+08:00')} />)
  const rows = [...view.container.querySelectorAll('.read-day__book')]
  expect(rows.map((row) => row.querySelector('.read-day__name')?.textContent)).toEqual([
    '杂志古文月刊',
    '论语',
    '报纸经典晨报',
  ])
  rows.forEach((row) => fireEvent.click(row))
  expect(navigated).toEqual([
    '/pagesA/maga/detail?id=1',
    '/pagesA/read/detail?id=1',
    '/pagesA/paper/detail?id=1',
  ])
})
