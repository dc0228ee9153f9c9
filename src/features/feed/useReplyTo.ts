import { useState } from 'react'
import type { Comment } from '@/types/api/feed'

/** The comment a reply goes to (null: the post or the thread's head); a second tap undoes it. */
export function useReplyTo() {
  const [replyTo, setReplyTo] = useState<Comment | null>(null)
  const toggle = (comment: Comment) =>
    setReplyTo((current) => (current?.id === comment.id ? null : comment))
  return { replyTo, setReplyTo, toggle }
}
