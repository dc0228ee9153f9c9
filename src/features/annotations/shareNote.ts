/**
 * Sharing a highlight and its note to the feed as a 读后感, from the reader or the notes list:
 * asked first (unless it was shared before), the feed told to reload, then an offer to open the
 * post. Answers the post, or null when not shared (declined, or the request layer showed why).
 */
import Taro from '@tarojs/taro'
import { BRAND_COLOR } from '@/core/theme'
import { postUrl } from '@/features/feed/public'
import type { FeedStore } from '@/stores'
import type { Post } from '@/types/api/feed'
import { shareHighlight } from './api'

export async function shareNote(
  highlight: { id: number; postId: number | null },
  feed: Pick<FeedStore, 'markChanged'>,
): Promise<Post | null> {
  if (highlight.postId === null) {
    const { confirm } = await Taro.showModal({
      title: '分享到读后感',
      content: '这段划线和想法将公开发表到读后感，书友们都能看到。',
      confirmText: '分享',
      confirmColor: BRAND_COLOR,
    })
    if (!confirm) return null
  }
  let post: Post
  try {
    post = await shareHighlight({ id: highlight.id })
  } catch {
    return null
  }
  feed.markChanged()
  const { confirm } = await Taro.showModal({
    title: '已分享到读后感',
    content: '去看看这条读后感？',
    confirmText: '去看看',
    cancelText: '留在这里',
    confirmColor: BRAND_COLOR,
  })
  if (confirm) void Taro.navigateTo({ url: postUrl(post.id) })
  return post
}
