import { Text, View, type ITouchEvent } from '@tarojs/components'
import Avatar from '@/components/Avatar'
import { useOpenProfile } from '@/features/social/public'
import type { FeedAuthor } from '@/types/api/feed'
import './index.scss'

/** A tap on an author inside a tappable post or comment: their profile, not the post. */
function useOpenAuthor(author: FeedAuthor) {
  const openProfile = useOpenProfile()
  return (e: ITouchEvent) => {
    e.stopPropagation()
    openProfile(author.userId)
  }
}

interface Props {
  author: FeedAuthor
  size: number
}

/** An author's avatar inside a tappable post or comment: a tap opens the profile, not the post. */
export default function AuthorAvatar({ author, size }: Props) {
  const open = useOpenAuthor(author)
  return (
    <View className="author-avatar" onClick={open}>
      <Avatar src={author.avatar} name={author.nickname} size={size} />
    </View>
  )
}

/** An author's name, opening the profile as the avatar does. */
export function AuthorName({ author, className }: { author: FeedAuthor; className: string }) {
  const open = useOpenAuthor(author)
  return (
    <Text className={className} onClick={open}>
      {author.nickname}
    </Text>
  )
}
