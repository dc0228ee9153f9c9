import { act, renderHook } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { clearDrafts } from '@/core/drafts'
import { readDraftValue, useDraft } from '@/core/useDraft'

interface Draft {
  type: string
  content: string
}
const EMPTY: Draft = { type: 'suggestion', content: '' }

beforeEach(() => Taro.clearStorageSync())

describe('useDraft', () => {
  it('starts from the initial value when nothing is stored', () => {
    const { result } = renderHook(() => useDraft('feedback_draft', EMPTY))
    expect(result.current[0]).toEqual(EMPTY)
  })

  it('stores each change and reads it back on the next mount', () => {
    const first = renderHook(() => useDraft('feedback_draft', EMPTY))
    act(() => first.result.current[1]({ type: 'complaint', content: '太慢了' }))
    expect(first.result.current[0]).toEqual({ type: 'complaint', content: '太慢了' })
    expect(Taro.getStorageSync('feedback_draft')).toEqual({ type: 'complaint', content: '太慢了' })
    first.unmount()
    const again = renderHook(() => useDraft('feedback_draft', EMPTY))
    expect(again.result.current[0]).toEqual({ type: 'complaint', content: '太慢了' })
  })

  it('keeps no draft equal to the initial value', () => {
    const { result } = renderHook(() => useDraft('feedback_draft', EMPTY))
    act(() => result.current[1]({ ...EMPTY, content: 'x' }))
    act(() => result.current[1]({ ...EMPTY }))
    expect(Taro.getStorageSync('feedback_draft')).toBe('')
  })

  it('clear forgets the stored draft and leaves the shown value', () => {
    const { result } = renderHook(() => useDraft('thought_draft_3', ''))
    act(() => result.current[1]('读后'))
    act(() => result.current[2]())
    expect(Taro.getStorageSync('thought_draft_3')).toBe('')
    expect(result.current[0]).toBe('读后')
  })

  it('is cleared with the other drafts when the session ends', () => {
    const { result } = renderHook(() => useDraft('report_draft', ''))
    act(() => result.current[1]('草稿'))
    clearDrafts()
    expect(Taro.getStorageSync('report_draft')).toBe('')
  })

  it('refuses a key the session end would not clear', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => renderHook(() => useDraft('feedback', ''))).toThrow(/not a draft key/)
  })
})

describe('readDraftValue', () => {
  it('takes only stored fields of the initial value’s types', () => {
    expect(readDraftValue({ type: 3, content: 'a', extra: true }, EMPTY)).toEqual({
      type: 'suggestion',
      content: 'a',
    })
    expect(readDraftValue({ images: 'x' }, { images: [] as string[] })).toEqual({ images: [] })
    expect(readDraftValue({ since: 5 }, { since: null as number | null })).toEqual({ since: 5 })
  })

  it('reads a missing or mistyped value as the initial value', () => {
    expect(readDraftValue('', EMPTY)).toBe(EMPTY)
    expect(readDraftValue('text', EMPTY)).toBe(EMPTY)
    expect(readDraftValue(4, 'x')).toBe('x')
    expect(readDraftValue('y', 'x')).toBe('y')
  })
})
