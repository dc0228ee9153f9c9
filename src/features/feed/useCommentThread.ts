/**
 * The comment thread page's state and actions: the head comment (again on pull-down), replying to
 * it or to anyone in it, and deleting (the head itself: back to where the person came from).
 * `generation` changes when the replies must load again.
 */
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { usePageData } from '@/core/usePageData'
import { requireLogin } from '@/features/account/public'
import { useStores } from '@/stores'
import type { Comment } from '@/types/api/feed'
import { addComment, deleteComment, fetchCommentDetail } from './api'
import { confirmDelete } from './confirmDelete'
import { useReplyTo } from './useReplyTo'

export function useCommentThread(id: number) {
  const { session, feed } = useStores()
  const [generation, setGeneration] = useState(0)
  const reply = useReplyTo()
  const page = usePageData(
    () => {
      if (!Number.isInteger(id) || id <= 0) throw new Error('评论不存在')
      return fetchCommentDetail(id)
    },
    [id],
    { pullDown: true },
  )
  const head = page.data
  const reloadAll = () => {
    void page.reload()
    setGeneration((g) => g + 1)
  }

  const remove = async (comment: Comment) => {
    if (!(await confirmDelete('删除评论'))) return
    try {
      await deleteComment(comment.id)
      feed.markChanged()
      if (comment.id === id) return void Taro.navigateBack()
      reloadAll()
    } catch {
      // shown by the request layer
    }
  }

  const send = (content: string): Promise<boolean> =>
    new Promise((resolve) => {
      if (!session.isLoggedIn || !head) {
        requireLogin(session, () => undefined)
        return resolve(false)
      }
      addComment({ postId: head.postId, parentId: (reply.replyTo ?? head).id, content })
        .then(() => {
          reply.setReplyTo(null)
          feed.markChanged()
          reloadAll()
          resolve(true)
        })
        .catch(() => resolve(false))
    })

  return { head, error: page.error, generation, reply, remove, send }
}
