import MessageList from '@/features/social/components/MessageList'

/** Notices from the operators, newest first (marked read on open). */
export default function NoticePage() {
  return <MessageList kind="notice" />
}
