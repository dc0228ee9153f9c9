import { useCallback, useRef, useState } from 'react'
import type { Post } from '@/types/api/feed'
import { likePost } from './api'

type LikeState = Pick<Post, 'liked' | 'likeCount'>

/**
 * Likes on posts shown by a list the page does not own (PagedList keeps its rows): the page keeps
 * what changed since loading and shows the post through it. A tap shows at once and is put back if
 * the server refuses.
 */
export function usePostLikes() {
  const [changed, setChanged] = useState<ReadonlyMap<number, LikeState>>(() => new Map())
  const pending = useRef(new Set<number>())

  const view = useCallback((post: Post): Post => ({ ...post, ...changed.get(post.id) }), [changed])

  const set = (id: number, state: LikeState) => setChanged((prev) => new Map(prev).set(id, state))

  const toggle = useCallback(
    async (post: Post) => {
      if (pending.current.has(post.id)) return
      pending.current.add(post.id)
      const shown = { ...post, ...changed.get(post.id) }
      const next = !shown.liked
      set(post.id, { liked: next, likeCount: Math.max(0, shown.likeCount + (next ? 1 : -1)) })
      try {
        const res = await likePost(post.id, next)
        set(post.id, { liked: res.liked, likeCount: res.likeCount })
      } catch {
        set(post.id, { liked: shown.liked, likeCount: shown.likeCount })
      } finally {
        pending.current.delete(post.id)
      }
    },
    [changed],
  )

  /** Forget local changes (a refresh shows the server's counts). */
  const reset = useCallback(() => setChanged(new Map()), [])

  return { view, toggle, reset }
}
