/**
 * The chat input's state: text, quote and its draft (TUI_CHAT_STORAGE), restored then cleared when
 * the conversation opens, saved (and shown on the conversation row) when the page is left.
 */
import { useEffect, useRef, useState } from 'react'
import { useStores } from '@/stores'
import { replyData, type Quote } from './quote'
import { draftAbstract, saveChatDraft, takeChatDraft } from './drafts'
import type { ChatRoom } from './ChatRoom'
import { sendText } from './send'
import { toast } from '@/core/toast'

export function useChatInput(room: ChatRoom, valid: boolean) {
  const { conversationID } = room
  const { chat } = useStores()
  const [text, setText] = useState('')
  const [quote, setQuote] = useState<Quote | null>(null)
  const latest = useRef({ text: '', quote: null as Quote | null })
  latest.current = { text, quote }

  useEffect(() => {
    const draft = takeChatDraft(conversationID)
    if (draft) {
      setText(draft.text)
      setQuote(draft.quote ?? null)
    }
    if (draft || chat.conversation(conversationID)?.draftText)
      void chat.setDraft(conversationID, '')
    return () => {
      const { text: left, quote: quoted } = latest.current
      const kept = { text: left, ...(quoted ? { quote: quoted } : {}) }
      saveChatDraft(conversationID, kept)
      if (left.trim() || quoted) void chat.setDraft(conversationID, draftAbstract(kept))
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversationID])

  async function send(): Promise<void> {
    if (!valid) return
    const sending = text
    const quoted = quote
    const cloudCustomData = quoted ? replyData(quoted) : ''
    setText('')
    setQuote(null)
    const problem = await sendText(room, sending, cloudCustomData)
    if (problem) {
      toast(problem)
      // The text comes back to be fixed; the quote is cleared on a failure (chat-spec section 4).
      setText((current) => (current ? current : sending))
    }
  }

  return { text, setText, quote, setQuote, send, insert: (s: string) => setText((t) => t + s) }
}
