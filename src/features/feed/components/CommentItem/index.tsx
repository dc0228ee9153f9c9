import { Text, View } from '@tarojs/components'
import { formatMessageTime } from '@/core/time'
import type { Comment } from '@/types/api/feed'
import AuthorAvatar, { AuthorName } from '../AuthorAvatar'
import './index.scss'

interface Props {
  comment: Comment
  onReply: () => void
  onDelete: () => void
  /** Someone else's comment: a complaint about it. */
  onReport?: () => void
  /** Opens the thread (top-level comments with replies). */
  onOpenThread?: () => void
}

/**
 * A comment or reply, as text; "A 回复 B" for a reply to someone in the thread. Avatar and names
 * open the person's profile; a tap elsewhere replies.
 */
export default function CommentItem({ comment, onReply, onDelete, onReport, onOpenThread }: Props) {
  return (
    <View className="comment" data-testid={`comment-${comment.id}`}>
      <AuthorAvatar author={comment.author} size={64} />
      <View className="comment__body" onClick={onReply}>
        <View className="comment__head">
          <AuthorName author={comment.author} className="comment__name" />
          {comment.replyTo && (
            <Text className="muted">
              {' '}
              回复 <AuthorName author={comment.replyTo} className="comment__name" />
            </Text>
          )}
        </View>
        <Text className="comment__text">{comment.content}</Text>
        <View className="comment__foot">
          <Text className="muted">{formatMessageTime(comment.createdAt)}</Text>
          <Text className="comment__reply">回复</Text>
          {onReport && (
            <Text
              className="comment__delete"
              onClick={(e) => {
                e.stopPropagation()
                onReport()
              }}
            >
              投诉
            </Text>
          )}
          {comment.canDelete && (
            <Text
              className="comment__delete"
              data-testid={`comment-delete-${comment.id}`}
              onClick={(e) => {
                e.stopPropagation()
                onDelete()
              }}
            >
              删除
            </Text>
          )}
        </View>
        {onOpenThread && comment.replyCount > 0 && (
          <Text
            className="link comment__thread"
            data-testid={`comment-thread-${comment.id}`}
            onClick={(e) => {
              e.stopPropagation()
              onOpenThread()
            }}
          >
            共{comment.replyCount}条回复 〉
          </Text>
        )}
      </View>
    </View>
  )
}
