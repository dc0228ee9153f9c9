import { View } from '@tarojs/components'
import Avatar from '@/components/Avatar'
import { useOpenProfile } from '@/features/social/public'
import type { FeedAuthor } from '@/types/api/feed'
import './index.scss'

interface Props {
  author: FeedAuthor
  size: number
}

/** An author's avatar inside a tappable post or comment: a tap opens the profile, not the post. */
export default function AuthorAvatar({ author, size }: Props) {
  const openProfile = useOpenProfile()
  return (
    <View
      className="author-avatar"
      onClick={(e) => {
        e.stopPropagation()
        openProfile(author.userId)
      }}
    >
      <Avatar src={author.avatar} name={author.nickname} size={size} />
    </View>
  )
}
