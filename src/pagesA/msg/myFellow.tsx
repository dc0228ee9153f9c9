import MessageList from '@/features/social/components/MessageList'

/** My new followers, with a follow-back button (marked read on open). */
export default function NewFollowersPage() {
  return <MessageList kind="follow" />
}
