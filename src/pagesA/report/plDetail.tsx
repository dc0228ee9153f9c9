import { Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import PagedList from '@/components/PagedList'
import { fetchComments } from '@/features/feed/api'
import CommentBar from '@/features/feed/components/CommentBar'
import CommentItem from '@/features/feed/components/CommentItem'
import { postUrl } from '@/features/feed/links'
import { useCommentThread } from '@/features/feed/useCommentThread'
import './detail.scss'

/** A comment with its replies (the thread), replying to it or to anyone in it. */
function CommentThreadPage() {
  const { params } = useRouter()
  const id = Number(params.id)
  const thread = useCommentThread(id)
  const { head, reply } = thread

  if (thread.error && !head) return <Empty kind="error" text={thread.error} />
  if (!head) return <View className="muted post-detail__loading">加载中…</View>

  return (
    <View className="page post-detail">
      <CommentItem
        comment={head}
        onReply={() => reply.setReplyTo(null)}
        onDelete={() => void thread.remove(head)}
      />
      <View className="post-detail__comments-head">
        <Text>回复 {head.replyCount}</Text>
        <Text className="link" onClick={() => void Taro.navigateTo({ url: postUrl(head.postId) })}>
          {' '}
          查看原读后感
        </Text>
      </View>
      <PagedList
        key={thread.generation}
        load={(page) => fetchComments({ parentId: id, page, pageSize: 20 })}
        keyOf={(c) => c.id}
        renderItem={(item) => (
          <CommentItem
            comment={item}
            onReply={() => reply.toggle(item)}
            onDelete={() => void thread.remove(item)}
          />
        )}
        emptyText="还没有回复"
        emptyKind="comments"
      />
      <CommentBar
        placeholder={`回复 ${(reply.replyTo ?? head).author.nickname}`}
        onSend={thread.send}
      />
    </View>
  )
}

export default observer(CommentThreadPage)
