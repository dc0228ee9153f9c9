import MessageList from '@/features/social/components/MessageList'

/** Likes of my posts (marked read on open). */
export default function LikeMessagesPage() {
  return <MessageList kind="like" />
}
