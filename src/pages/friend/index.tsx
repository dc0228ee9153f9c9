import ConversationsScreen from '@/features/chat/components/ConversationsScreen'

/** Tab 1, 会话: the messages centre entry and the conversation list. */
export default function ConversationsPage() {
  return <ConversationsScreen />
}
