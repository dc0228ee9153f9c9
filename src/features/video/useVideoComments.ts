/**
 * A video's comments on the play page: the list of top-level comments (newest first, each with its
 * first replies), 更多回复 (the thread's replies page by page, oldest first), replying to anyone in
 * a thread, liking a comment or a reply, and the comment field's sending. Checked as the server
 * checks (rules/video.ts) before anything is sent; a guest is asked to log in first.
 */
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { usePagedListHandle } from '@/components/PagedList/usePagedListHandle'
import { requireLogin } from '@/features/account/public'
import { useStores } from '@/stores'
import type { VideoComment, VideoCommentThread } from '@/types/api/video'
import { videoCommentError } from '@rules/video'
import {
  addVideoComment,
  addVideoReply,
  fetchComments,
  fetchReplies,
  toggleCommentLike,
  VIDEO_PAGE_SIZE,
} from './api'

/** A thread as shown: the replies loaded so far and how many pages of them. */
export interface ThreadRow extends VideoCommentThread {
  /** Pages of replies loaded with 更多回复 (0: only the first replies that came with it). */
  replyPages: number
  loadingReplies: boolean
}

/** Whom the field answers: a comment or a reply, in thread `threadId`. */
export interface ReplyTarget {
  comment: VideoComment
  threadId: number
}

/** Pure: replies without repeats, oldest first (as the server orders them). */
export function mergeReplies(shown: VideoComment[], more: VideoComment[]): VideoComment[] {
  const byId = new Map<number, VideoComment>()
  for (const reply of [...shown, ...more]) byId.set(reply.id, reply)
  return [...byId.values()].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id)
}

/** Pure: the thread with `edit` applied to the comment or reply `id` in it. */
export function editInThread(
  row: ThreadRow,
  id: number,
  edit: (comment: VideoComment) => VideoComment,
): ThreadRow {
  if (row.id === id) return { ...row, ...edit(row) }
  return { ...row, replies: row.replies.map((reply) => (reply.id === id ? edit(reply) : reply)) }
}

const toRow = (thread: VideoCommentThread): ThreadRow => ({
  ...thread,
  replyPages: 0,
  loadingReplies: false,
})

export function useVideoComments(videoId: number, onCommented: () => void) {
  const { session } = useStores()
  const list = usePagedListHandle<ThreadRow>()
  /** Changes when the list must load again from the top (a new comment is first). */
  const [generation, setGeneration] = useState(0)
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null)

  const load = async (page: number) => {
    const res = await fetchComments(videoId, page, VIDEO_PAGE_SIZE)
    return { list: res.list.map(toRow), total: res.total }
  }

  const inThread = (threadId: number, edit: (row: ThreadRow) => ThreadRow) =>
    list.update((row) => row.id === threadId, edit)

  /** A tap on a comment or reply: answer it (a second tap goes back to commenting). */
  const toggleReply = (comment: VideoComment, threadId: number) =>
    setReplyTo((current) => (current?.comment.id === comment.id ? null : { comment, threadId }))

  const moreReplies = async (row: ThreadRow) => {
    if (row.loadingReplies) return
    inThread(row.id, (r) => ({ ...r, loadingReplies: true }))
    try {
      const res = await fetchReplies(row.id, row.replyPages + 1, VIDEO_PAGE_SIZE)
      inThread(row.id, (r) => ({
        ...r,
        replies: mergeReplies(r.replies, res.list),
        replyPages: r.replyPages + 1,
        replyCount: Math.max(r.replyCount, res.total),
        loadingReplies: false,
      }))
    } catch {
      inThread(row.id, (r) => ({ ...r, loadingReplies: false }))
    }
  }

  const toggleLike = (comment: VideoComment, threadId: number) =>
    requireLogin(session, () => {
      toggleCommentLike(comment.id)
        .then((res) =>
          inThread(threadId, (row) =>
            editInThread(row, comment.id, (c) => ({
              ...c,
              liked: res.liked,
              likeCount: res.likeCount,
            })),
          ),
        )
        .catch(() => undefined)
    })

  /** The field's text sent as a comment, or as a reply to `replyTo`; true when accepted. */
  const send = async (content: string): Promise<boolean> => {
    if (!session.isLoggedIn) {
      requireLogin(session, () => undefined)
      return false
    }
    const problem = videoCommentError(content)
    if (problem) {
      void Taro.showToast({ title: problem, icon: 'none' })
      return false
    }
    const text = content.trim()
    try {
      if (replyTo) {
        const { comment, threadId } = replyTo
        const reply = await addVideoReply(comment.id, text, comment.author.id)
        inThread(threadId, (row) => ({
          ...row,
          replies: mergeReplies(row.replies, [reply]),
          replyCount: row.replyCount + 1,
        }))
        setReplyTo(null)
        // The video's comment count counts replies too.
        onCommented()
      } else {
        await addVideoComment(videoId, text)
        onCommented()
        setGeneration((g) => g + 1)
      }
      return true
    } catch {
      return false // the request layer has shown why
    }
  }

  return {
    handle: list.ref,
    generation,
    load,
    replyTo,
    cancelReply: () => setReplyTo(null),
    toggleReply,
    moreReplies,
    toggleLike,
    send,
  }
}
