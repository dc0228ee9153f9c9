/**
 * The post detail page's state and actions: the post (again on every show after the first, after a
 * login or logout, and on pull-down), its like through the feed store, deleting it, and writing,
 * replying to and deleting comments. `generation` changes when the comment list must load again.
 */
import Taro, { useDidShow } from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import { usePageData } from '@/core/usePageData'
import { requireLogin } from '@/features/account/public'
import { useStores } from '@/stores'
import type { Comment } from '@/types/api/feed'
import { addComment, deleteComment, deletePost, fetchPost } from './api'
import { confirmDelete } from './confirmDelete'
import { useReplyTo } from './useReplyTo'

const DELETED_BACK_MS = 600

export function usePostDetail(id: number) {
  const { session, feed } = useStores()
  const [generation, setGeneration] = useState(0)
  const reply = useReplyTo()
  const page = usePageData(
    async () => {
      if (!Number.isInteger(id) || id <= 0) throw new Error('读后感不存在')
      const post = await fetchPost(id)
      feed.absorb([post])
      return post
    },
    [id],
    { pullDown: true },
  )
  const { reload } = page
  const reloadAll = () => {
    void reload()
    setGeneration((g) => g + 1)
  }

  // Again on every show (a thread changed in plDetail) and after a login (liked, mine, canDelete).
  const shownOnce = useRef(false)
  useDidShow(() => {
    if (!shownOnce.current) return void (shownOnce.current = true)
    reloadAll()
  })
  const wasLoggedIn = useRef(session.isLoggedIn)
  useEffect(() => {
    if (wasLoggedIn.current === session.isLoggedIn) return
    wasLoggedIn.current = session.isLoggedIn
    reloadAll()
  }, [session.isLoggedIn]) // eslint-disable-line react-hooks/exhaustive-deps

  const post = page.data ? feed.view(page.data) : undefined

  const toggleLike = () =>
    requireLogin(session, () => {
      if (page.data) void feed.toggleLike(page.data)
    })

  const removePost = async () => {
    if (!(await confirmDelete('删除读后感')) || !post) return
    try {
      await deletePost(post.id)
      feed.markChanged()
      void Taro.showToast({ title: '已删除', icon: 'none' })
      setTimeout(() => void Taro.navigateBack().catch(() => undefined), DELETED_BACK_MS)
    } catch {
      // shown by the request layer
    }
  }

  const removeComment = async (comment: Comment) => {
    if (!(await confirmDelete('删除评论'))) return
    try {
      await deleteComment(comment.id)
      feed.markChanged()
      reloadAll()
    } catch {
      // shown by the request layer
    }
  }

  const send = (content: string): Promise<boolean> =>
    new Promise((resolve) => {
      requireLogin(session, async () => {
        try {
          await addComment({ postId: id, parentId: reply.replyTo?.id, content })
          reply.setReplyTo(null)
          feed.markChanged()
          reloadAll()
          resolve(true)
        } catch (err) {
          // The comment replied to is gone: back to commenting on the post.
          if (err instanceof Error && err.message === '评论不存在') reply.setReplyTo(null)
          resolve(false)
        }
      })
      if (!session.isLoggedIn) resolve(false)
    })

  return {
    post,
    error: page.error,
    generation,
    reply,
    toggleLike,
    removePost,
    removeComment,
    send,
  }
}
