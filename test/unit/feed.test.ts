import { BLOCKED_TEXT_MESSAGE } from '@rules/moderation'
import { checkPost } from '@/features/feed/checkPost'
import { FeedStore, type FeedApi } from '@/stores'
import type { Post } from '@/types/api/feed'

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

const offline: FeedApi = { likePost: () => Promise.reject(new Error('offline')) }

describe('FeedStore: feed changed', () => {
  it('is read once', () => {
    const feed = new FeedStore(offline)
    expect(feed.consumeChanged()).toBe(false)
    feed.markChanged()
    expect(feed.consumeChanged()).toBe(true)
    expect(feed.consumeChanged()).toBe(false)
  })
})

const post = (id: number, liked: boolean, likeCount: number): Post =>
  ({ id, liked, likeCount }) as Post

/** A like call the test answers. */
function pendingApi() {
  const answers: {
    resolve: (r: { liked: boolean; likeCount: number }) => void
    reject: () => void
  }[] = []
  const api: FeedApi = {
    likePost: jest.fn(
      () =>
        new Promise((resolve, reject) => {
          answers.push({ resolve, reject: () => reject(new Error('refused')) })
        }),
    ),
  }
  return { api, answers }
}

describe('FeedStore: likes', () => {
  it('shows a tap at once, then the server answer, to every page showing the post', async () => {
    const { api, answers } = pendingApi()
    const feed = new FeedStore(api)
    const p = post(1, false, 3)
    const done = feed.toggleLike(p)
    expect(feed.view(p)).toMatchObject({ liked: true, likeCount: 4 })
    expect(api.likePost).toHaveBeenCalledWith(1, true)
    answers[0].resolve({ liked: true, likeCount: 9 })
    await done
    expect(feed.view(p)).toMatchObject({ liked: true, likeCount: 9 })
    // A second tap starts from what is shown.
    const undo = feed.toggleLike(p)
    expect(feed.view(p)).toMatchObject({ liked: false, likeCount: 8 })
    answers[1].resolve({ liked: false, likeCount: 8 })
    await undo
  })

  it('puts the tap back when the server refuses, and ignores taps while one is under way', async () => {
    const { api, answers } = pendingApi()
    const feed = new FeedStore(api)
    const p = post(2, true, 1)
    const done = feed.toggleLike(p)
    void feed.toggleLike(p)
    expect(api.likePost).toHaveBeenCalledTimes(1)
    expect(feed.view(p)).toMatchObject({ liked: false, likeCount: 0 })
    answers[0].reject()
    await done
    expect(feed.view(p)).toMatchObject({ liked: true, likeCount: 1 })
  })

  it("fresh data for a post is shown again as loaded; a session's end forgets every like", async () => {
    const { api, answers } = pendingApi()
    const feed = new FeedStore(api)
    const a = post(3, false, 0)
    const b = post(4, false, 0)
    const first = feed.toggleLike(a)
    answers[0].resolve({ liked: true, likeCount: 1 })
    await first
    void feed.toggleLike(b)
    feed.absorb([post(3, false, 5), post(4, false, 0)])
    expect(feed.view(post(3, false, 5))).toMatchObject({ liked: false, likeCount: 5 })
    // A tap still on its way is kept.
    expect(feed.view(b)).toMatchObject({ liked: true, likeCount: 1 })
    feed.reset()
    expect(feed.view(b)).toBe(b)
  })
})
