import ConversationsScreen from '@/features/chat/components/ConversationsScreen'

/** The kit's conversation list page (the same screen as the conversations tab). */
export default function TUIConversationPage() {
  return <ConversationsScreen />
}
