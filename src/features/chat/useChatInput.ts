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
import { atUserListOf, insertMention, justTypedAt, type Mention } from './mentions'

/** `isGroup`: typing "@" opens the member list (`atOpen`), picks become the message's @ list. */
export function useChatInput(room: ChatRoom, valid: boolean, isGroup = false) {
  const { conversationID } = room
  const { chat } = useStores()
  const [text, setTextState] = useState('')
  const [quote, setQuote] = useState<Quote | null>(null)
  const [mentions, setMentions] = useState<Mention[]>([])
  const [atOpen, setAtOpen] = useState(false)

  const setText = (value: string) => {
    if (isGroup && justTypedAt(text, value)) setAtOpen(true)
    setTextState(value)
  }

  const mention = (m: Mention) => {
    setAtOpen(false)
    setMentions((list) => [...list, m])
    setTextState((current) => insertMention(current, m.nick))
  }
  const latest = useRef({ text: '', quote: null as Quote | null })
  latest.current = { text, quote }

  useEffect(() => {
    const draft = takeChatDraft(conversationID)
    if (draft) {
      setTextState(draft.text)
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
    const atUserList = atUserListOf(sending, mentions)
    setTextState('')
    setQuote(null)
    setMentions([])
    const problem = await sendText(room, sending, cloudCustomData, atUserList)
    if (problem) {
      toast(problem)
      // The text comes back to be fixed; the quote is cleared on a failure (chat-spec section 4).
      setTextState((current) => (current ? current : sending))
    }
  }

  return {
    text,
    setText,
    quote,
    setQuote,
    send,
    insert: (s: string) => setTextState((t) => t + s),
    atOpen,
    closeAt: () => setAtOpen(false),
    mention,
  }
}
