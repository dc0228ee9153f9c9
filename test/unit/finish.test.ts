import Taro from '@tarojs/taro'
import { FINISH_DELAY_MS, finishWith } from '@/core/finish'
import { Route } from '@/core/routes'

beforeEach(() => {
  jest.useFakeTimers()
  jest.spyOn(Taro, 'showToast').mockResolvedValue({} as never)
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'a' }] as never)
})
afterEach(() => jest.useRealTimers())

describe('finishWith', () => {
  it('shows the success toast, then goes back after the delay', () => {
    const back = jest.spyOn(Taro, 'navigateBack').mockRejectedValue(new Error('no page'))
    finishWith('提交成功', 'back')
    expect(Taro.showToast).toHaveBeenCalledWith({ title: '提交成功', icon: 'success' })
    jest.advanceTimersByTime(FINISH_DELAY_MS - 1)
    expect(back).not.toHaveBeenCalled()
    jest.advanceTimersByTime(1)
    expect(back).toHaveBeenCalledTimes(1)
  })

  it('switches tab or redirects', () => {
    const tab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({} as never)
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({} as never)
    finishWith('已保存', { switchTab: Route.mine })
    finishWith('提交成功', { redirect: Route.feedbackList })
    jest.advanceTimersByTime(FINISH_DELAY_MS)
    expect(tab).toHaveBeenCalledWith({ url: '/pages/mine/index' })
    expect(redirect).toHaveBeenCalledWith({ url: '/pagesA/mine/feedbackList' })
  })

  it('does nothing once the person has left the page', () => {
    const back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({} as never)
    finishWith('发表成功', 'back')
    jest.mocked(Taro.getCurrentPages).mockReturnValue([{ route: 'b' }] as never)
    jest.advanceTimersByTime(FINISH_DELAY_MS)
    expect(back).not.toHaveBeenCalled()
  })
})

describe('finishWith backOr', () => {
  it('goes back when there is a page to go back to, else to the tab', () => {
    const back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({} as never)
    const tab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({} as never)
    jest.mocked(Taro.getCurrentPages).mockReturnValue([{ route: 'a' }, { route: 'b' }] as never)
    finishWith('投诉已提交', { backOr: Route.home })
    jest.advanceTimersByTime(FINISH_DELAY_MS)
    expect(back).toHaveBeenCalledTimes(1)
    expect(tab).not.toHaveBeenCalled()
    jest.mocked(Taro.getCurrentPages).mockReturnValue([{ route: 'a' }] as never)
    finishWith('投诉已提交', { backOr: Route.home })
    jest.advanceTimersByTime(FINISH_DELAY_MS)
    expect(back).toHaveBeenCalledTimes(1)
    expect(tab).toHaveBeenCalledWith({ url: '/pages/index/index' })
  })
})
