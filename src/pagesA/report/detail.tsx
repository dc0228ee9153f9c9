import { Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import PagedList from '@/components/PagedList'
import { pageUrl, Route } from '@/core/routes'
import { requireLogin } from '@/features/account/requireLogin'
import { fetchComments } from '@/features/feed/api'
import CommentBar from '@/features/feed/components/CommentBar'
import CommentItem from '@/features/feed/components/CommentItem'
import PostCard from '@/features/feed/components/PostCard'
import { postUrl, threadUrl } from '@/features/feed/links'
import { usePostDetail } from '@/features/feed/usePostDetail'
import { complaintQuery } from '@/features/social/feedback'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { useStores } from '@/stores'
import './detail.scss'

/** A reading report with its comments: like, comment, reply, delete own post or comment. */
function PostDetailPage() {
  const { params } = useRouter()
  const id = Number(params.id)
  const { session } = useStores()
  const detail = usePostDetail(id)
  const { post, reply } = detail

  // The complaint page names the post or comment by its first words, never by its id.
  const report = (targetType: 'post' | 'comment', targetId: number, text: string) =>
    requireLogin(session, () => {
      const query = complaintQuery(targetType, targetId, text)
      void Taro.navigateTo({ url: pageUrl(Route.friendFeedback, query) })
    })

  const share = useShareCard({
    title: post ? `${post.author.nickname}的读后感` : '书友读后感',
    desc: post?.content,
    image: post?.images[0] ?? post?.author.avatar,
    path: postUrl(id),
  })

  if (detail.error && !post) return <Empty kind="error" text={detail.error} />
  if (!post) return <View className="muted post-detail__loading">加载中…</View>

  return (
    <View className="page post-detail">
      <PostCard post={post} onLike={detail.toggleLike} onDelete={() => void detail.removePost()} />
      <View className="post-detail__tools">
        <ShareButton onShare={share} />
        {!post.mine && (
          <Text
            className="post-detail__report"
            data-testid="post-report"
            onClick={() => report('post', post.id, post.content)}
          >
            投诉
          </Text>
        )}
      </View>
      <View className="post-detail__comments-head">
        <Text>评论 {post.commentCount}</Text>
      </View>
      <PagedList
        key={detail.generation}
        load={(page) => fetchComments({ postId: id, page, pageSize: 20 })}
        keyOf={(c) => c.id}
        renderItem={(comment) => (
          <CommentItem
            comment={comment}
            onReply={() => reply.toggle(comment)}
            onDelete={() => void detail.removeComment(comment)}
            onReport={
              comment.author.userId === session.user?.user_id
                ? undefined
                : () => report('comment', comment.id, comment.content)
            }
            onOpenThread={() => void Taro.navigateTo({ url: threadUrl(comment.id) })}
          />
        )}
        emptyText="还没有评论，说点什么吧"
        emptyKind="comments"
      />
      <CommentBar
        placeholder={reply.replyTo ? `回复 ${reply.replyTo.author.nickname}` : '写评论…'}
        onCancelReply={reply.replyTo ? () => reply.setReplyTo(null) : undefined}
        onSend={detail.send}
      />
    </View>
  )
}

export default observer(PostDetailPage)
