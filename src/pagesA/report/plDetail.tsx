import { Text, View } from '@tarojs/components'
import Taro, { usePullDownRefresh, useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useCallback, useEffect, useState } from 'react'
import Empty from '@/components/Empty'
import PagedList from '@/components/PagedList'
import { requireLogin } from '@/features/account/requireLogin'
import { addComment, deleteComment, fetchCommentDetail, fetchComments } from '@/features/feed/api'
import CommentBar from '@/features/feed/components/CommentBar'
import CommentItem from '@/features/feed/components/CommentItem'
import { markFeedChanged } from '@/features/feed/feedChanged'
import { postUrl } from '@/features/feed/links'
import { useStores } from '@/stores'
import type { Comment } from '@/types/api/feed'
import './detail.scss'

/** A comment with its replies (the thread), replying to it or to anyone in it. */
function CommentThreadPage() {
  const { params } = useRouter()
  const id = Number(params.id)
  const { session } = useStores()
  const [head, setHead] = useState<Comment | null>(null)
  const [error, setError] = useState('')
  const [replyTo, setReplyTo] = useState<Comment | null>(null)
  const [generation, setGeneration] = useState(0)

  const load = useCallback(async () => {
    if (!Number.isInteger(id) || id <= 0) return setError('评论不存在')
    try {
      setHead(await fetchCommentDetail(id))
      setError('')
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : '加载失败')
    }
  }, [id])

  useEffect(() => {
    void load()
  }, [load])

  usePullDownRefresh(() => {
    void load().finally(() => Taro.stopPullDownRefresh())
  })

  const remove = async (comment: Comment) => {
    const { confirm } = await Taro.showModal({ title: '删除评论', content: '删除后无法恢复' })
    if (!confirm) return
    try {
      await deleteComment(comment.id)
      markFeedChanged()
      if (comment.id === id) return void Taro.navigateBack()
      setGeneration((g) => g + 1)
      void load()
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
      addComment({ postId: head.postId, parentId: (replyTo ?? head).id, content })
        .then(() => {
          setReplyTo(null)
          markFeedChanged()
          setGeneration((g) => g + 1)
          void load()
          resolve(true)
        })
        .catch(() => resolve(false))
    })

  if (error && !head) return <Empty kind="error" text={error} />
  if (!head) return <View className="muted post-detail__loading">加载中…</View>

  return (
    <View className="page post-detail">
      <CommentItem
        comment={head}
        onReply={() => setReplyTo(null)}
        onDelete={() => void remove(head)}
      />
      <View className="post-detail__comments-head">
        <Text>回复 {head.replyCount}</Text>
        <Text className="link" onClick={() => void Taro.navigateTo({ url: postUrl(head.postId) })}>
          {' '}
          查看原动态
        </Text>
      </View>
      <PagedList
        key={generation}
        load={(page) => fetchComments({ parentId: id, page, pageSize: 20 })}
        keyOf={(c) => c.id}
        renderItem={(reply) => (
          <CommentItem
            comment={reply}
            onReply={() => setReplyTo(replyTo?.id === reply.id ? null : reply)}
            onDelete={() => void remove(reply)}
          />
        )}
        emptyText="还没有回复"
        emptyKind="comments"
      />
      <CommentBar placeholder={`回复 ${(replyTo ?? head).author.nickname}`} onSend={send} />
    </View>
  )
}

export default observer(CommentThreadPage)
