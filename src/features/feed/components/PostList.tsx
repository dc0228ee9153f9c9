import Taro, { usePullDownRefresh } from '@tarojs/taro'
import PagedList from '@/components/PagedList'
import { requireLogin } from '@/features/account/requireLogin'
import { useStores } from '@/stores'
import { fetchPosts } from '../api'
import { postUrl } from '../links'
import { usePostLikes } from '../usePostLikes'
import PostCard from './PostCard'

interface Props {
  /** One person's posts; everyone's when absent. */
  userId?: number
  emptyText: string
}

/** A page-level list of posts (pull-down refresh, paging) with likes that show at once. */
export default function PostList({ userId, emptyText }: Props) {
  const { session } = useStores()
  const likes = usePostLikes()
  usePullDownRefresh(likes.reset)
  return (
    <PagedList
      load={(page) => fetchPosts({ userId, page, pageSize: 10 })}
      keyOf={(post) => post.id}
      renderItem={(item) => {
        const post = likes.view(item)
        return (
          <PostCard
            post={post}
            compact
            onOpen={() => void Taro.navigateTo({ url: postUrl(post.id) })}
            onLike={() => requireLogin(session, () => void likes.toggle(post))}
          />
        )
      }}
      emptyText={emptyText}
      emptyKind="posts"
    />
  )
}
