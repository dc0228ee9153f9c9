import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useCallback, useEffect, useRef, useState } from 'react'
import Empty from '@/components/Empty'
import PagedList from '@/components/PagedList'
import { requireLogin } from '@/features/account/requireLogin'
import {
  addComment,
  deleteComment,
  deletePost,
  fetchComments,
  fetchPost,
  likePost,
} from '@/features/feed/api'
import CommentBar from '@/features/feed/components/CommentBar'
import CommentItem from '@/features/feed/components/CommentItem'
import PostCard from '@/features/feed/components/PostCard'
import { markFeedChanged } from '@/features/feed/feedChanged'
import { postUrl, threadUrl } from '@/features/feed/links'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { useStores } from '@/stores'
import type { Comment, Post } from '@/types/api/feed'
import './detail.scss'

/** A reading report with its comments: like, comment, reply, delete own post or comment. */
function PostDetailPage() {
  const { params } = useRouter()
  const id = Number(params.id)
  const { session } = useStores()
  const [post, setPost] = useState<Post | null>(null)
  const [error, setError] = useState('')
  const [replyTo, setReplyTo] = useState<Comment | null>(null)
  const [generation, setGeneration] = useState(0)

  const load = useCallback(async () => {
    if (!Number.isInteger(id) || id <= 0) return setError('动态不存在')
    try {
      setPost(await fetchPost(id))
      setError('')
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : '加载失败')
    }
  }, [id])

  // Again on every show (a thread changed in plDetail) and after a login (liked, mine, canDelete).
  const shownOnce = useRef(false)
  useDidShow(() => {
    if (!shownOnce.current) return void (shownOnce.current = true)
    void load()
    setGeneration((g) => g + 1)
  })
  useEffect(() => {
    void load()
  }, [load])
  const wasLoggedIn = useRef(session.isLoggedIn)
  useEffect(() => {
    if (wasLoggedIn.current === session.isLoggedIn) return
    wasLoggedIn.current = session.isLoggedIn
    void load()
    setGeneration((g) => g + 1)
  }, [load, session.isLoggedIn])

  // The comments list refreshes itself; the post above it (its counts) does here.
  usePullDownRefresh(() => {
    void load().finally(() => Taro.stopPullDownRefresh())
  })

  const liking = useRef(false)
  const report = (targetType: 'post' | 'comment', targetId: number) =>
    requireLogin(session, () => {
      void Taro.navigateTo({
        url: `/pagesA/friend/feedback?targetType=${targetType}&targetId=${targetId}`,
      })
    })

  const share = useShareCard({
    title: post ? `${post.author.nickname}的读后感` : '书友读后感',
    desc: post?.content,
    image: post?.images[0] ?? post?.author.avatar,
    path: postUrl(id),
  })

  const toggleLike = () =>
    requireLogin(session, async () => {
      if (!post || liking.current) return
      liking.current = true
      const next = !post.liked
      setPost({ ...post, liked: next, likeCount: Math.max(0, post.likeCount + (next ? 1 : -1)) })
      try {
        const res = await likePost(post.id, next)
        setPost((p) => (p ? { ...p, liked: res.liked, likeCount: res.likeCount } : p))
        markFeedChanged()
      } catch {
        setPost((p) => (p ? { ...p, liked: post.liked, likeCount: post.likeCount } : p))
      } finally {
        liking.current = false
      }
    })

  const removePost = async () => {
    const { confirm } = await Taro.showModal({ title: '删除动态', content: '删除后无法恢复' })
    if (!confirm || !post) return
    try {
      await deletePost(post.id)
      markFeedChanged()
      void Taro.showToast({ title: '已删除', icon: 'none' })
      setTimeout(() => void Taro.navigateBack().catch(() => undefined), 600)
    } catch {
      // shown by the request layer
    }
  }

  const removeComment = async (comment: Comment) => {
    const { confirm } = await Taro.showModal({ title: '删除评论', content: '删除后无法恢复' })
    if (!confirm) return
    try {
      await deleteComment(comment.id)
      markFeedChanged()
      setGeneration((g) => g + 1)
      void load()
    } catch {
      // shown by the request layer
    }
  }

  const send = (content: string): Promise<boolean> =>
    new Promise((resolve) => {
      requireLogin(session, async () => {
        try {
          await addComment({ postId: id, parentId: replyTo?.id, content })
          setReplyTo(null)
          markFeedChanged()
          setGeneration((g) => g + 1)
          void load()
          resolve(true)
        } catch (err) {
          // The comment replied to is gone: back to commenting on the post.
          if (err instanceof Error && err.message === '评论不存在') setReplyTo(null)
          resolve(false)
        }
      })
      if (!session.isLoggedIn) resolve(false)
    })

  if (error && !post) return <Empty kind="error" text={error} />
  if (!post) return <View className="muted post-detail__loading">加载中…</View>

  return (
    <View className="page post-detail">
      <PostCard post={post} onLike={toggleLike} onDelete={() => void removePost()} />
      <View className="post-detail__tools">
        <ShareButton onShare={share} />
        {!post.mine && (
          <Text
            className="post-detail__report"
            data-testid="post-report"
            onClick={() => report('post', post.id)}
          >
            投诉
          </Text>
        )}
      </View>
      <View className="post-detail__comments-head">
        <Text>评论 {post.commentCount}</Text>
      </View>
      <PagedList
        key={generation}
        load={(page) => fetchComments({ postId: id, page, pageSize: 20 })}
        keyOf={(c) => c.id}
        renderItem={(comment) => (
          <CommentItem
            comment={comment}
            onReply={() => setReplyTo(replyTo?.id === comment.id ? null : comment)}
            onDelete={() => void removeComment(comment)}
            onReport={
              comment.author.userId === session.user?.user_id
                ? undefined
                : () => report('comment', comment.id)
            }
            onOpenThread={() => void Taro.navigateTo({ url: threadUrl(comment.id) })}
          />
        )}
        emptyText="还没有评论，说点什么吧"
        emptyKind="comments"
      />
      <CommentBar
        placeholder={replyTo ? `回复 ${replyTo.author.nickname}` : '写评论…'}
        onCancelReply={replyTo ? () => setReplyTo(null) : undefined}
        onSend={send}
      />
    </View>
  )
}

export default observer(PostDetailPage)
