import { act, renderHook, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { usePageData } from '@/core/usePageData'

type Handler = () => void

// The pull-down hook needs a Taro page; here its latest handler is kept for the test to call.
jest.mock('@tarojs/plugin-framework-react/dist/runtime', () => {
  const actual = jest.requireActual('@tarojs/plugin-framework-react/dist/runtime')
  return {
    ...actual,
    usePullDownRefresh: (fn: Handler) => {
      ;(globalThis as { pullDown?: Handler }).pullDown = fn
    },
  }
})

const pullDown = () => (globalThis as { pullDown?: Handler }).pullDown?.()

/** A load whose answers the test releases one by one. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (err: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('usePageData', () => {
  it('loads on mount and again when a dependency changes', async () => {
    const load = jest.fn(async (id: number) => `item ${id}`)
    const { result, rerender } = renderHook(({ id }) => usePageData(() => load(id), [id]), {
      initialProps: { id: 1 },
    })
    expect(result.current.loading).toBe(true)
    await waitFor(() => expect(result.current.data).toBe('item 1'))
    expect(result.current.loading).toBe(false)
    expect(result.current.error).toBeNull()
    rerender({ id: 2 })
    await waitFor(() => expect(result.current.data).toBe('item 2'))
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('keeps the data shown when a reload fails, with the error text', async () => {
    let fail = false
    const { result } = renderHook(() =>
      usePageData(async () => {
        if (fail) throw new Error('动态不存在')
        return 7
      }, []),
    )
    await waitFor(() => expect(result.current.data).toBe(7))
    fail = true
    await act(() => result.current.reload())
    expect(result.current.data).toBe(7)
    expect(result.current.error).toBe('动态不存在')
    fail = false
    await act(() => result.current.reload())
    expect(result.current.error).toBeNull()
  })

  it('says 加载失败 when the failure has no message', async () => {
    const { result } = renderHook(() => usePageData(() => Promise.reject(new Error('')), []))
    await waitFor(() => expect(result.current.error).toBe('加载失败'))
    expect(result.current.data).toBeUndefined()
    expect(result.current.loading).toBe(false)
  })

  it('drops an answer that arrives after a newer load started', async () => {
    const first = deferred<string>()
    const second = deferred<string>()
    const answers = [first, second]
    const { result, rerender } = renderHook(
      ({ id }) => usePageData(() => answers[id].promise, [id]),
      { initialProps: { id: 0 } },
    )
    rerender({ id: 1 })
    await act(async () => second.resolve('new'))
    await act(async () => first.resolve('old'))
    expect(result.current.data).toBe('new')
    await act(async () => undefined)
    expect(result.current.data).toBe('new')
  })

  it('ignores an answer that arrives after unmount', async () => {
    const answer = deferred<string>()
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const { result, unmount } = renderHook(() => usePageData(() => answer.promise, []))
    unmount()
    await act(async () => answer.resolve('late'))
    expect(result.current.data).toBeUndefined()
    expect(spy).not.toHaveBeenCalled()
  })

  it('reloads on pull-down and stops the spinner only when asked to', async () => {
    const stop = jest.spyOn(Taro, 'stopPullDownRefresh').mockResolvedValue({} as never)
    let n = 0
    const { result, unmount } = renderHook(() =>
      usePageData(async () => ++n, [], { pullDown: true }),
    )
    await waitFor(() => expect(result.current.data).toBe(1))
    await act(async () => pullDown())
    await waitFor(() => expect(stop).toHaveBeenCalledTimes(1))
    expect(result.current.data).toBe(2)
    unmount()

    const plain = renderHook(() => usePageData(async () => ++n, []))
    await waitFor(() => expect(plain.result.current.data).toBe(3))
    await act(async () => pullDown())
    expect(plain.result.current.data).toBe(3)
    expect(stop).toHaveBeenCalledTimes(1)
  })
})

describe('usePageData setData', () => {
  it('replaces the data and wins over a load still under way', async () => {
    const answer = deferred<string>()
    const { result } = renderHook(() => usePageData(() => answer.promise, []))
    act(() => result.current.setData('edited'))
    expect(result.current.data).toBe('edited')
    expect(result.current.loading).toBe(false)
    await act(async () => answer.resolve('stale'))
    expect(result.current.data).toBe('edited')
  })
})
