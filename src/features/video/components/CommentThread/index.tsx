import { Text, View, type ITouchEvent } from '@tarojs/components'
import Avatar from '@/components/Avatar'
import { formatMessageTime } from '@/core/time'
import { useOpenProfile } from '@/features/social/public'
import type { VideoAuthor, VideoComment } from '@/types/api/video'
import { formatCount } from '../../format'
import type { ThreadRow } from '../../useVideoComments'
import './index.scss'

interface Props {
  thread: ThreadRow
  /** The comment or reply the field answers now (shown marked). */
  replyingTo: number | null
  onReply: (comment: VideoComment) => void
  onLike: (comment: VideoComment) => void
  onMoreReplies: () => void
}

const stop = (action: () => void) => (e: ITouchEvent) => {
  e.stopPropagation()
  action()
}

function Name({ author, className }: { author: VideoAuthor; className: string }) {
  const openProfile = useOpenProfile()
  return (
    <Text className={className} onClick={stop(() => openProfile(author.id))}>
      {author.nickname}
    </Text>
  )
}

function Like({ comment, onLike }: { comment: VideoComment; onLike: () => void }) {
  return (
    <Text
      className={comment.liked ? 'video-comment__like is-on' : 'video-comment__like'}
      data-testid={`comment-like-${comment.id}`}
      onClick={stop(onLike)}
    >
      {comment.liked ? '♥' : '♡'} {comment.likeCount > 0 ? formatCount(comment.likeCount) : '赞'}
    </Text>
  )
}

/** A top-level comment with its replies (A 回复 B), likes and 更多回复; a tap on one answers it. */
export default function CommentThread({
  thread,
  replyingTo,
  onReply,
  onLike,
  onMoreReplies,
}: Props) {
  const openProfile = useOpenProfile()
  const hidden = thread.replyCount - thread.replies.length
  return (
    <View className="video-comment" data-testid={`comment-${thread.id}`}>
      <Avatar
        src={thread.author.avatar}
        name={thread.author.nickname}
        size={64}
        onClick={() => openProfile(thread.author.id)}
      />
      <View className="video-comment__body">
        <View
          className={
            replyingTo === thread.id ? 'video-comment__main is-target' : 'video-comment__main'
          }
          onClick={() => onReply(thread)}
        >
          <View className="video-comment__head">
            <Name author={thread.author} className="video-comment__name" />
            <Like comment={thread} onLike={() => onLike(thread)} />
          </View>
          <Text className="video-comment__text">{thread.content}</Text>
          <View className="video-comment__foot">
            <Text>{formatMessageTime(thread.createdAt)}</Text>
            <Text className="video-comment__reply">回复</Text>
          </View>
        </View>
        {thread.replies.length > 0 && (
          <View className="video-comment__replies">
            {thread.replies.map((reply) => (
              <View
                key={reply.id}
                className={
                  replyingTo === reply.id ? 'video-comment__item is-target' : 'video-comment__item'
                }
                data-testid={`reply-${reply.id}`}
                onClick={() => onReply(reply)}
              >
                <View className="video-comment__line">
                  <Text>
                    <Name author={reply.author} className="video-comment__name" />
                    {reply.replyTo && (
                      <Text>
                        {' 回复 '}
                        <Name author={reply.replyTo} className="video-comment__name" />
                      </Text>
                    )}
                    <Text className="video-comment__said">：{reply.content}</Text>
                  </Text>
                </View>
                <View className="video-comment__foot">
                  <Text>{formatMessageTime(reply.createdAt)}</Text>
                  <Like comment={reply} onLike={() => onLike(reply)} />
                </View>
              </View>
            ))}
          </View>
        )}
        {hidden > 0 && (
          <Text
            className="link video-comment__more"
            data-testid={`more-replies-${thread.id}`}
            onClick={onMoreReplies}
          >
            {thread.loadingReplies
              ? '加载中…'
              : thread.replyPages === 0
                ? `共${thread.replyCount}条回复，展开 〉`
                : '更多回复 〉'}
          </Text>
        )}
      </View>
    </View>
  )
}
