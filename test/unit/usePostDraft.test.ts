import { act, renderHook } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { POST_DRAFT_KEY } from '@/features/feed/postDraft'
import { usePostDraft } from '@/features/feed/usePostDraft'

const HOUR = 60 * 60 * 1000

beforeEach(() => {
  Taro.clearStorageSync()
  jest.spyOn(Taro, 'showToast').mockResolvedValue({} as never)
})

describe('usePostDraft', () => {
  it('opens the stored draft and keeps each change, pictures with the time they were first added', () => {
    Taro.setStorageSync(POST_DRAFT_KEY, { content: '读论语', images: [], imagesSince: null })
    const { result } = renderHook(() => usePostDraft())
    expect(result.current.initial).toMatchObject({ content: '读论语', images: [] })
    act(() => result.current.keep('读论语，有感', ['/uploads/a.png']))
    const saved = Taro.getStorageSync(POST_DRAFT_KEY)
    expect(saved).toMatchObject({ content: '读论语，有感', images: ['/uploads/a.png'] })
    expect(typeof saved.imagesSince).toBe('number')
    expect(Taro.showToast).not.toHaveBeenCalled()
  })

  it('drops pictures too old to be on the server any more, with a toast', () => {
    const old = Date.now() - 21 * HOUR
    Taro.setStorageSync(POST_DRAFT_KEY, { content: 'x', images: ['/u/a.png'], imagesSince: old })
    const { result } = renderHook(() => usePostDraft())
    expect(result.current.initial).toMatchObject({ content: 'x', images: [], imagesExpired: true })
    expect(Taro.showToast).toHaveBeenCalledWith({
      title: '草稿中的图片已过期，请重新添加',
      icon: 'none',
    })
  })

  it('clear forgets the stored draft once posted', () => {
    const { result } = renderHook(() => usePostDraft())
    act(() => result.current.keep('读后感', []))
    act(() => result.current.clear())
    expect(Taro.getStorageSync(POST_DRAFT_KEY)).toBe('')
  })
})
