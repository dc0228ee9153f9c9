/** A chat just created opens over a relaunched conversation list: 返回 leads to the list. */
import Taro from '@tarojs/taro'
import { openCreatedChat } from '@/features/chat/openChat'

describe('openCreatedChat', () => {
  afterEach(() => jest.restoreAllMocks())

  it('relaunches the 会话 tab, then opens the chat over it', async () => {
    const steps: string[] = []
    jest.spyOn(Taro, 'reLaunch').mockImplementation(async (options) => {
      steps.push(`reLaunch ${options.url}`)
      return { errMsg: 'reLaunch:ok' }
    })
    jest.spyOn(Taro, 'navigateTo').mockImplementation(async (options) => {
      steps.push(`navigateTo ${options.url}`)
      return { errMsg: 'navigateTo:ok', eventChannel: undefined as never }
    })
    await openCreatedChat('GROUP12')
    expect(steps).toEqual([
      'reLaunch /pages/friend/index',
      'navigateTo /TUIKit/components/TUIChat/index?conversationID=GROUP12',
    ])
  })
})
