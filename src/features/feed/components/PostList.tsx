import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import PagedList from '@/components/PagedList'
import { requireLogin } from '@/features/account/public'
import { useStores } from '@/stores'
import type { Post } from '@/types/api/feed'
import { fetchPosts } from '../api'
import { postUrl } from '../links'
import PostCard from './PostCard'

interface Props {
  /** One person's posts; everyone's when absent. */
  userId?: number
  emptyText: string
}

/** A post of the list, with the likes changed since it loaded (on any page). */
const ListedPost = observer(function ListedPost({ post }: { post: Post }) {
  const { session, feed } = useStores()
  return (
    <PostCard
      post={feed.view(post)}
      compact
      onOpen={() => void Taro.navigateTo({ url: postUrl(post.id) })}
      onLike={() => requireLogin(session, () => void feed.toggleLike(post))}
    />
  )
})

/** A page-level list of posts (pull-down refresh, paging) with likes that show at once. */
export default function PostList({ userId, emptyText }: Props) {
  const { feed } = useStores()
  return (
    <PagedList
      load={async (page) => {
        const res = await fetchPosts({ userId, page, pageSize: 10 })
        feed.absorb(res.list)
        return res
      }}
      keyOf={(post) => post.id}
      renderItem={(post) => <ListedPost post={post} />}
      emptyText={emptyText}
      emptyKind="posts"
    />
  )
}
