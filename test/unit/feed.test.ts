import { BLOCKED_TEXT_MESSAGE } from '@rules/moderation'
import { checkPost } from '@/features/feed/checkPost'
import { consumeFeedChanged, markFeedChanged } from '@/features/feed/feedChanged'

describe('checkPost', () => {
  it('needs text or a picture', () => {
    expect(checkPost('   ', 0)).toBe('请输入内容或添加图片')
    expect(checkPost('', 1)).toBeNull()
    expect(checkPost(' 学而时习之 ', 0)).toBeNull()
  })

  it('applies the length and picture limits', () => {
    expect(checkPost('字'.repeat(2000), 0)).toBeNull()
    expect(checkPost('字'.repeat(2001), 0)).toBe('内容不能超过2000字')
    expect(checkPost('好', 10)).toBe('最多上传9张图片')
  })

  it('refuses blocked words', () => {
    expect(checkPost('推荐六合彩', 0)).toBe(BLOCKED_TEXT_MESSAGE)
  })
})

describe('feedChanged', () => {
  it('is read once', () => {
    expect(consumeFeedChanged()).toBe(false)
    markFeedChanged()
    expect(consumeFeedChanged()).toBe(true)
    expect(consumeFeedChanged()).toBe(false)
  })
})
