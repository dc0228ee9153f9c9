import { Text, View } from '@tarojs/components'
import { formatMessageTime } from '@/core/time'
import type { Post } from '@/types/api/feed'
import AuthorAvatar, { AuthorName } from '../AuthorAvatar'
import ImageGrid from '../ImageGrid'
import './index.scss'

interface Props {
  post: Post
  /** In a list the text is clamped and a tap opens the post. */
  compact?: boolean
  onOpen?: () => void
  onLike: () => void
  onDelete?: () => void
}

/** A reading report: author, time, text (as text, never HTML), pictures, likes and comments. */
export default function PostCard({ post, compact, onOpen, onLike, onDelete }: Props) {
  return (
    <View className="post-card" data-testid={`post-${post.id}`} onClick={onOpen}>
      <View className="post-card__head">
        <AuthorAvatar author={post.author} size={80} />
        <View className="post-card__who">
          <AuthorName author={post.author} className="post-card__name" />
          <Text className="muted">{formatMessageTime(post.createdAt)}</Text>
        </View>
        {post.mine && onDelete && (
          <Text
            className="post-card__delete"
            data-testid={`post-delete-${post.id}`}
            onClick={(e) => {
              e.stopPropagation()
              onDelete()
            }}
          >
            删除
          </Text>
        )}
      </View>
      {post.content && (
        <Text className={compact ? 'post-card__text post-card__text--clamp' : 'post-card__text'}>
          {post.content}
        </Text>
      )}
      <ImageGrid images={post.images} />
      <View className="post-card__actions">
        <View
          className={post.liked ? 'post-card__action is-on' : 'post-card__action'}
          data-testid={`post-like-${post.id}`}
          onClick={(e) => {
            e.stopPropagation()
            onLike()
          }}
        >
          <Text className="post-card__heart">{post.liked ? '♥' : '♡'}</Text>
          <Text data-testid={`post-likes-${post.id}`}>{post.likeCount}</Text>
        </View>
        <View className="post-card__action">
          <Text className="post-card__bubble">评论</Text>
          <Text data-testid={`post-comments-${post.id}`}>{post.commentCount}</Text>
        </View>
      </View>
    </View>
  )
}
