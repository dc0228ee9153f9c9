import { useRouter } from '@tarojs/taro'
import UserPosts from '@/features/feed/components/UserPosts'

/** One person's reading reports. */
export default function UserPostsPage() {
  const { params } = useRouter()
  return <UserPosts userId={Number(params.id)} />
}
