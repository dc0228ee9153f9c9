// The search's device side: recent searches in Taro storage, the highlight of a passage's marks
// (as text spans, never HTML), the keyword check and the page's state.
import { act, fireEvent, render, renderHook, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { createElement } from 'react'
import * as api from '@/features/search/api'
import PassageItem from '@/features/search/components/PassageItem'
import { highlightParts } from '@/features/search/highlight'
import {
  addRecent,
  clearRecent,
  readRecent,
  RECENT_KEY,
  RECENT_MAX,
  useRecentSearches,
} from '@/features/search/recent'
import { useSearch } from '@/features/search/useSearch'
import type { Passage, SearchRes } from '@/types/api/search'
import { keywordError } from '@rules/search'
import { setUpTaroDom } from './helpers/taroDom'

beforeAll(setUpTaroDom)
beforeEach(() => Taro.clearStorageSync())

describe('recent searches', () => {
  it('keeps the newest first, each once, trimmed, at most ten', () => {
    expect(readRecent()).toEqual([])
    addRecent('李白')
    addRecent(' 静夜思 ')
    expect(addRecent('李白')).toEqual(['李白', '静夜思'])
    expect(Taro.getStorageSync(RECENT_KEY)).toEqual(['李白', '静夜思'])
    for (let i = 1; i <= 12; i++) addRecent(`词${i}`)
    const list = readRecent()
    expect(list).toHaveLength(RECENT_MAX)
    expect(list[0]).toBe('词12')
    expect(list[RECENT_MAX - 1]).toBe('词3')
  })

  it('ignores a blank keyword and anything malformed in storage', () => {
    expect(addRecent('   ')).toEqual([])
    expect(Taro.getStorageSync(RECENT_KEY)).toBe('')
    Taro.setStorageSync(RECENT_KEY, 'not a list')
    expect(readRecent()).toEqual([])
    Taro.setStorageSync(RECENT_KEY, ['论语', 3, '', '论语', null, ' 孟子 '])
    expect(readRecent()).toEqual(['论语', '孟子'])
  })

  it('clears all', () => {
    addRecent('李白')
    clearRecent()
    expect(readRecent()).toEqual([])
    expect(Taro.getStorageSync(RECENT_KEY)).toBe('')
  })

  it('a store that fails keeps nothing and throws nothing', () => {
    jest.spyOn(Taro, 'setStorageSync').mockImplementation(() => {
      throw new Error('full')
    })
    expect(() => addRecent('李白')).not.toThrow()
    expect(readRecent()).toEqual([])
  })

  it('the hook reads the device list, adds and clears', () => {
    addRecent('论语')
    const { result } = renderHook(() => useRecentSearches())
    expect(result.current.list).toEqual(['论语'])
    act(() => result.current.add('诗经'))
    expect(result.current.list).toEqual(['诗经', '论语'])
    act(() => result.current.clear())
    expect(result.current.list).toEqual([])
    expect(readRecent()).toEqual([])
  })
})

describe('the keyword check', () => {
  it("gives the server's texts for blank and too long, counting characters", () => {
    expect(keywordError(' \u3000 ')).toBe('请输入搜索词')
    expect(keywordError('静'.repeat(51))).toBe('搜索词不能超过50字')
    expect(keywordError(` ${'𠀀'.repeat(50)} `)).toBeNull()
    expect(keywordError('李白')).toBeNull()
  })
})

describe('highlight', () => {
  it('cuts the text at the marks, in characters', () => {
    expect(highlightParts('《靜夜思》\u3000李白', [{ start: 1, end: 4 }])).toEqual([
      { text: '《', mark: false },
      { text: '靜夜思', mark: true },
      { text: '》\u3000李白', mark: false },
    ])
    expect(
      highlightParts('𠀀学而𠀀学而', [
        { start: 1, end: 3 },
        { start: 4, end: 6 },
      ]),
    ).toEqual([
      { text: '𠀀', mark: false },
      { text: '学而', mark: true },
      { text: '𠀀', mark: false },
      { text: '学而', mark: true },
    ])
  })

  it('leaves out bad marks and never loses text', () => {
    const parts = highlightParts('床前明月光', [
      { start: 2, end: 4 },
      { start: 3, end: 5 },
      { start: 4, end: 9 },
      { start: 1, end: 1 },
    ])
    expect(parts.map((p) => p.text).join('')).toBe('床前明月光')
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(['明月'])
  })
})

const PASSAGE: Passage = {
  booksId: 3,
  title: false,
  booksName: '唐诗三百首',
  booksAuthor: '蘅塘退士',
  booksCoverSheet: '',
  serial: 1,
  chapterTitle: '五言絕句',
  paragraph: 31,
  text: '床前<b>明月光</b>',
  marks: [{ start: 0, end: 2 }],
}

describe('PassageItem', () => {
  it('shows the marks as text spans, markup as text, the place, and opens its url', () => {
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as never)
    const url = '/pagesA/read/read?id=3&serial=1&p=31'
    const { container, getByText } = render(createElement(PassageItem, { passage: PASSAGE, url }))
    expect(container.querySelector('.passage-item__mark')?.textContent).toBe('床前')
    expect(container.querySelector('b')).toBeNull()
    expect(getByText('<b>明月光</b>')).toBeTruthy()
    expect(getByText('唐诗三百首 · 五言絕句')).toBeTruthy()
    fireEvent.click(getByText('唐诗三百首 · 五言絕句'))
    expect(navigate).toHaveBeenCalledWith({ url })
  })
})

describe('useSearch', () => {
  const answer = (total: number): SearchRes => ({
    books: [],
    passages: { list: total ? [PASSAGE] : [], total, page: 1, pageSize: 10 },
  })

  it("searches a link's keyword at once and remembers it", async () => {
    const send = jest.spyOn(api, 'searchBooks').mockResolvedValue(answer(1))
    const { result } = renderHook(() => useSearch(' 静夜思 '))
    expect(result.current.keyword).toBe('静夜思')
    await waitFor(() => expect(readRecent()).toEqual(['静夜思']))
    let page: unknown
    await act(async () => {
      page = await result.current.load(1)
    })
    expect(send).toHaveBeenCalledWith({ keyword: '静夜思', page: 1, pageSize: 10 })
    expect(page).toEqual(answer(1).passages)
    expect(result.current.total).toBe(1)
  })

  it('checks before searching: blank and too long keep the page as it was', () => {
    const { result } = renderHook(() => useSearch(''))
    expect([result.current.keyword, result.current.error]).toEqual(['', ''])
    act(() => result.current.run('  '))
    expect([result.current.keyword, result.current.error]).toEqual(['', '请输入搜索词'])
    act(() => result.current.run('静'.repeat(51)))
    expect(result.current.error).toBe('搜索词不能超过50字')
    act(() => result.current.run(' 李白 '))
    expect([result.current.keyword, result.current.error, result.current.draft]).toEqual([
      '李白',
      '',
      '李白',
    ])
  })

  it('a link with a keyword too long shows the message and searches nothing', () => {
    const { result } = renderHook(() => useSearch('静'.repeat(51)))
    expect([result.current.keyword, result.current.error]).toEqual(['', '搜索词不能超过50字'])
    expect(readRecent()).toEqual([])
  })
})
