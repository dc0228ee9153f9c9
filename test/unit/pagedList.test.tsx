import { act, renderHook, waitFor } from '@testing-library/react'
import { usePagedList, type PageResult } from '@/components/PagedList/usePagedList'

const PAGE = 10

/** A catalogue of `total` items served in pages of 10, like the server's list calls. */
function catalogue(total: number) {
  const calls: number[] = []
  const load = jest.fn(async (page: number): Promise<PageResult<number>> => {
    calls.push(page)
    const start = (page - 1) * PAGE
    const list = Array.from(
      { length: Math.max(0, Math.min(PAGE, total - start)) },
      (_, i) => start + i,
    )
    return { list, total }
  })
  return { load, calls }
}

describe('usePagedList', () => {
  it('refreshes to the first page and appends the next pages until the total is reached', async () => {
    const { load, calls } = catalogue(25)
    const { result } = renderHook(() => usePagedList(load))
    await act(() => result.current.refresh())
    expect(result.current.items).toHaveLength(10)
    expect(result.current.hasMore).toBe(true)
    await act(() => result.current.loadMore())
    await act(() => result.current.loadMore())
    expect(result.current.items).toHaveLength(25)
    expect(result.current.items[24]).toBe(24)
    expect(result.current.status).toBe('done')
    expect(result.current.hasMore).toBe(false)
    await act(() => result.current.loadMore())
    expect(calls).toEqual([1, 2, 3])
  })

  it('marks an empty list as loaded with nothing more to load', async () => {
    const { load } = catalogue(0)
    const { result } = renderHook(() => usePagedList(load))
    await act(() => result.current.refresh())
    expect(result.current.loaded).toBe(true)
    expect(result.current.items).toEqual([])
    expect(result.current.status).toBe('done')
  })

  it('keeps what was loaded and reports the error when a page fails', async () => {
    let fail = false
    const load = async (page: number): Promise<PageResult<number>> => {
      if (fail) throw new Error('请求失败')
      return { list: [page], total: 5 }
    }
    const { result } = renderHook(() => usePagedList(load))
    await act(() => result.current.refresh())
    fail = true
    await act(() => result.current.loadMore())
    expect(result.current.items).toEqual([1])
    expect(result.current.status).toBe('error')
    expect(result.current.error).toBe('请求失败')
    fail = false
    await act(() => result.current.loadMore())
    expect(result.current.items).toEqual([1, 2])
  })

  it('lets a newer refresh win over an older page that answers late', async () => {
    const resolvers: Array<(r: PageResult<string>) => void> = []
    const load = (page: number) =>
      new Promise<PageResult<string>>((resolve) => {
        resolvers.push((r) => resolve({ ...r, list: r.list.map((x) => `${x}@${page}`) }))
      })
    const { result } = renderHook(() => usePagedList(load))
    let first: Promise<void> = Promise.resolve()
    let second: Promise<void> = Promise.resolve()
    act(() => {
      first = result.current.refresh()
    })
    act(() => {
      second = result.current.refresh()
    })
    await act(async () => {
      resolvers[1]({ list: ['new'], total: 1 })
      await second
      resolvers[0]({ list: ['old'], total: 1 })
      await first
    })
    await waitFor(() => expect(result.current.items).toEqual(['new@1']))
  })
})

describe('usePagedList with an inline load function', () => {
  it('keeps refresh stable across renders, so the list does not restart itself', async () => {
    const { load } = catalogue(3)
    const { result, rerender } = renderHook(() => usePagedList((page) => load(page)))
    const first = result.current.refresh
    rerender()
    expect(result.current.refresh).toBe(first)
  })
})

describe('usePagedList row edits', () => {
  it('updates and removes the matching rows shown, keeping the others and the paging', async () => {
    const { load, calls } = catalogue(25)
    const { result } = renderHook(() => usePagedList(load))
    await act(() => result.current.refresh())
    act(() =>
      result.current.update(
        (n) => n % 2 === 0,
        (n) => n + 100,
      ),
    )
    expect(result.current.items.slice(0, 4)).toEqual([100, 1, 102, 3])
    act(() => result.current.remove((n) => n === 1))
    expect(result.current.items.slice(0, 3)).toEqual([100, 102, 3])
    expect(result.current.items).toHaveLength(9)
    await act(() => result.current.loadMore())
    expect(calls).toEqual([1, 2])
    expect(result.current.items).toHaveLength(19)
  })
})
