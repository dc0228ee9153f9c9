import { useRouter } from '@tarojs/taro'
import UserPosts from '@/features/feed/components/UserPosts'

/** A book friend's reading reports (from their friend page). */
export default function FriendPostsPage() {
  const { params } = useRouter()
  return <UserPosts userId={Number(params.id)} />
}
