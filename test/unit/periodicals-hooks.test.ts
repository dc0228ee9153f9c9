/**
 * The readers' background work: the place saved a few seconds after it last moved and at once when
 * the page hides (only a changed place, never for a guest), and the reading clock crediting a
 * magazine or a newspaper (or a book) with the time read.
 */
import { act, renderHook } from '@testing-library/react'
import { usePlaceSaver } from '@/features/periodicals/public'
import { useReadingClock, type ReadingTarget } from '@/features/stats/public'
import * as statsApi from '@/features/stats/api'

const hidden: Array<() => void> = []

jest.mock('@tarojs/plugin-framework-react/dist/runtime', () => {
  const actual = jest.requireActual('@tarojs/plugin-framework-react/dist/runtime')
  return {
    ...actual,
    useDidShow: () => undefined,
    useDidHide: (fn: () => void) => hidden.push(fn),
    useUnload: () => undefined,
  }
})

beforeEach(() => {
  hidden.length = 0
  jest.useFakeTimers()
})
afterEach(() => jest.useRealTimers())

const hide = () => act(() => hidden.forEach((fn) => fn()))

describe('usePlaceSaver', () => {
  it('sends the last place 3 s after it stopped moving, once', async () => {
    const send = jest.fn().mockResolvedValue(undefined)
    const { result } = renderHook(() => usePlaceSaver(send, true))
    act(() => {
      result.current({ issueId: 1, articleId: 2, paragraph: 0 })
      jest.advanceTimersByTime(1000)
      result.current({ issueId: 1, articleId: 2, paragraph: 4 })
      jest.advanceTimersByTime(2999)
    })
    expect(send).not.toHaveBeenCalled()
    act(() => jest.advanceTimersByTime(1))
    expect(send).toHaveBeenCalledTimes(1)
    expect(send).toHaveBeenCalledWith({ issueId: 1, articleId: 2, paragraph: 4 })
    // The same place again is not sent again.
    act(() => {
      result.current({ issueId: 1, articleId: 2, paragraph: 4 })
      jest.advanceTimersByTime(3000)
    })
    expect(send).toHaveBeenCalledTimes(1)
  })

  it('sends at once when the page hides, and never for a guest', () => {
    const send = jest.fn().mockResolvedValue(undefined)
    const { result } = renderHook(() => usePlaceSaver(send, true))
    act(() => result.current({ editionId: 7, articleId: 30, paragraph: 2 }))
    hide()
    expect(send).toHaveBeenCalledWith({ editionId: 7, articleId: 30, paragraph: 2 })

    const guest = jest.fn().mockResolvedValue(undefined)
    const other = renderHook(() => usePlaceSaver(guest, false))
    act(() => other.result.current({ editionId: 7, articleId: 30, paragraph: 2 }, true))
    act(() => jest.advanceTimersByTime(5000))
    expect(guest).not.toHaveBeenCalled()
  })

  it('tries a place again after a failed send', async () => {
    const send = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined)
    const { result } = renderHook(() => usePlaceSaver(send, true))
    const place = { issueId: 1, articleId: 2, paragraph: 3 }
    await act(async () => {
      result.current(place, true)
      await Promise.resolve()
    })
    act(() => result.current(place, true))
    expect(send).toHaveBeenCalledTimes(2)
  })
})

describe('useReadingClock', () => {
  const report = () => jest.spyOn(statsApi, 'reportDuration').mockResolvedValue({} as never)

  const readFor = (target: ReadingTarget, loggedIn: boolean, ms: number) => {
    const { result } = renderHook(() => useReadingClock(target, loggedIn))
    act(() => {
      for (let t = 0; t < ms; t += 10_000) {
        jest.advanceTimersByTime(10_000)
        result.current()
      }
    })
    hide()
  }

  it('credits the magazine or the newspaper read, like a book', () => {
    const spy = report()
    readFor({ magazineId: 3 }, true, 30_000)
    expect(spy).toHaveBeenCalledWith({ magazineId: 3 }, 30)
    spy.mockClear()
    readFor({ newspaperId: 1 }, true, 70_000)
    // A report each minute, the rest when the page hides.
    expect(spy.mock.calls).toEqual([
      [{ newspaperId: 1 }, 60],
      [{ newspaperId: 1 }, 10],
    ])
    spy.mockClear()
    readFor({ booksId: 5 }, true, 20_000)
    expect(spy).toHaveBeenCalledWith({ booksId: 5 }, 20)
  })

  it('does not credit a guest, nor time before the magazine is known', () => {
    const spy = report()
    readFor({ magazineId: 3 }, false, 30_000)
    readFor({ magazineId: 0 }, true, 30_000)
    expect(spy).not.toHaveBeenCalled()
  })
})
