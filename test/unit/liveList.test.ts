import { fetchShifted } from '@/components/PagedList/useLiveList'

/** A server list of ids 1..n, paged by `size`, from which ids can be deleted. */
function server(n: number, size: number) {
  let rows = Array.from({ length: n }, (_, i) => i + 1)
  const calls: number[] = []
  return {
    calls,
    remove: (id: number) => (rows = rows.filter((r) => r !== id)),
    fetchPage: async (page: number) => {
      calls.push(page)
      return { list: rows.slice((page - 1) * size, page * size), total: rows.length }
    },
  }
}

describe('fetchShifted', () => {
  it('asks for the page itself when nothing was removed', async () => {
    const s = server(25, 10)
    expect(await fetchShifted(s.fetchPage, 2, 10, 0)).toEqual({
      list: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
      total: 25,
    })
    expect(s.calls).toEqual([2])
  })

  it('continues after the rows shown when some of them were removed', async () => {
    const s = server(25, 10)
    s.remove(3)
    s.remove(7)
    const res = await fetchShifted(s.fetchPage, 2, 10, 2)
    expect(res.list).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
    // 23 left on the server, plus the 2 still among the loaded rows.
    expect(res.total).toBe(25)
    expect(s.calls).toEqual([1, 2])
  })

  it('ends with the last rows without asking past the end', async () => {
    const s = server(25, 10)
    for (const id of [1, 2, 15]) s.remove(id)
    const res = await fetchShifted(s.fetchPage, 3, 10, 3)
    expect(res.list).toEqual([21, 22, 23, 24, 25])
    expect(res.total).toBe(25)
  })

  it('handles a whole page or more removed', async () => {
    const s = server(30, 10)
    for (let id = 1; id <= 12; id += 1) s.remove(id)
    const res = await fetchShifted(s.fetchPage, 3, 10, 12)
    expect(res.list).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30])
    expect(res.total).toBe(30)
  })

  it('leaves the first page alone', async () => {
    const s = server(5, 10)
    s.remove(2)
    expect(await fetchShifted(s.fetchPage, 1, 10, 1)).toEqual({ list: [1, 3, 4, 5], total: 4 })
  })
})
