import MessageList from '@/features/social/components/MessageList'

/** Comments on my posts and replies to my comments (marked read on open). */
export default function CommentMessagesPage() {
  return <MessageList kind="comment" />
}
