import { Button, Text, Video, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Avatar from '@/components/Avatar'
import Empty from '@/components/Empty'
import PagedList from '@/components/PagedList'
import { resolveAssetUrl } from '@/core/assets'
import { formatMessageTime } from '@/core/time'
import { detailUrl } from '@/features/books/links'
import CommentBar from '@/features/feed/components/CommentBar'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { useOpenProfile } from '@/features/social/public'
import CommentThread from '@/features/video/components/CommentThread'
import { authorName, formatCount, isPortrait, playCountText } from '@/features/video/format'
import { videoAlbumUrl, videoPlayUrl } from '@/features/video/links'
import { VIDEO_REVIEW_LABELS } from '@rules/video'
import { usePlay } from '@/features/video/usePlay'
import { useVideoComments } from '@/features/video/useVideoComments'
import { useStores } from '@/stores'
import './play.scss'

const go = (url: string) => () => void Taro.navigateTo({ url })

/**
 * A video: the player (portrait or landscape, full screen from its controls; the next video of the
 * album at the end), like, share, follow the author, the book it is about, comments and replies.
 */
function PlayPage() {
  const { params } = useRouter()
  const id = Number(params.id)
  const albumId = Number(params.albumId) || undefined
  const { session } = useStores()
  const openProfile = useOpenProfile()
  const play = usePlay(id, albumId)
  const { video } = play
  const comments = useVideoComments(id, play.commented)

  const share = useShareCard(
    {
      title: video ? video.title : '书友视频',
      desc: video?.description || (video ? `${authorName(video.author)}的视频` : ''),
      image: video?.cover,
      path: videoPlayUrl(id, albumId),
    },
    play.onShared,
  )

  if (play.error && !video) return <Empty kind="error" text={play.error} />
  if (!video) return <View className="muted play__loading">加载中…</View>

  const { author, book, album, nextInAlbum: next } = video
  const mine = video.mine || (author !== null && author.id === session.user?.user_id)
  const replying = comments.replyTo?.comment
  // Not yet published (the owner or an operator watching): no likes or comments until it is.
  const published = video.reviewState === 'approved'
  return (
    <View className="page play">
      <View className={isPortrait(video) ? 'play__player play__player--portrait' : 'play__player'}>
        <Video
          id="video-player"
          className="play__video"
          data-testid="player"
          src={resolveAssetUrl(video.fileUrl)}
          poster={video.cover ? resolveAssetUrl(video.cover) : undefined}
          autoplay
          controls
          objectFit="contain"
          showFullscreenBtn
          showCenterPlayBtn
          onPlay={play.onPlay}
          onEnded={play.playNext}
        />
      </View>

      <View className="play__info">
        <Text className="play__title">{video.title}</Text>
        <Text className="play__meta" data-testid="play-count">
          {playCountText(video.playCount)} · {formatMessageTime(video.createdAt)} ·{' '}
          {video.channelName}
        </Text>
        {video.description !== '' && <Text className="play__desc">{video.description}</Text>}
      </View>

      {published && (
        <View className="play__actions">
          <View
            className={video.liked ? 'play__action is-on' : 'play__action'}
            data-testid="video-like"
            onClick={play.toggleLike}
          >
            <Text className="play__action-icon">{video.liked ? '♥' : '♡'}</Text>
            <Text>{video.likeCount > 0 ? formatCount(video.likeCount) : '点赞'}</Text>
          </View>
          <View className="play__action">
            <ShareButton className="play__share" onShare={share} />
            <Text data-testid="share-count">{formatCount(video.shareCount)}</Text>
          </View>
          <View className="play__action">
            <Text className="play__action-label">评论</Text>
            <Text>{formatCount(video.commentCount)}</Text>
          </View>
        </View>
      )}

      {author && (
        <View className="play__row">
          <View className="play__author" onClick={() => openProfile(author.id)}>
            <Avatar src={author.avatar} name={author.nickname} size={72} />
            <Text className="play__author-name">{author.nickname}</Text>
          </View>
          {!mine && (
            <Button
              className={author.followed ? 'btn-plain play__follow' : 'btn-primary play__follow'}
              data-testid="follow"
              onClick={play.toggleFollow}
            >
              {author.followed ? '已关注' : '关注'}
            </Button>
          )}
        </View>
      )}

      {book && (
        <View
          className="play__row play__link"
          data-testid="video-book"
          onClick={go(detailUrl(book.id))}
        >
          <Text className="play__label">相关图书</Text>
          <Text className="play__link-text">《{book.name}》</Text>
          <Text className="play__arrow">〉</Text>
        </View>
      )}

      {album && (
        <View className="play__album">
          <View className="play__row play__link" onClick={go(videoAlbumUrl(album.id))}>
            <Text className="play__label">专辑</Text>
            <Text className="play__link-text">{album.title}</Text>
            <Text className="play__arrow">〉</Text>
          </View>
          {next && (
            <View className="play__row play__link" data-testid="play-next" onClick={play.playNext}>
              <Text className="play__label">下一个</Text>
              <Text className="play__link-text">{next.title}</Text>
              <Text className="play__next">播放</Text>
            </View>
          )}
        </View>
      )}

      {published ? (
        <View className="play__comments-head">
          <Text>评论 {video.commentCount}</Text>
        </View>
      ) : (
        <View className="play__review" data-testid="play-review">
          <Text>
            {VIDEO_REVIEW_LABELS[video.reviewState]}
            {video.reviewState === 'rejected' && video.reviewReason
              ? `：${video.reviewReason}`
              : '：通过审核后，其他书友才能看到、点赞和评论'}
          </Text>
        </View>
      )}
      {published && (
        <PagedList
          key={comments.generation}
          handle={comments.handle}
          load={comments.load}
          keyOf={(thread) => thread.id}
          renderItem={(thread) => (
            <CommentThread
              thread={thread}
              replyingTo={replying?.id ?? null}
              onReply={(comment) => comments.toggleReply(comment, thread.id)}
              onLike={(comment) => comments.toggleLike(comment, thread.id)}
              onMoreReplies={() => void comments.moreReplies(thread)}
            />
          )}
          emptyText="还没有评论，说点什么吧"
          emptyKind="comments"
        />
      )}
      {published && (
        <CommentBar
          placeholder={replying ? `回复 ${replying.author.nickname}` : '写评论…'}
          onCancelReply={replying ? comments.cancelReply : undefined}
          onSend={comments.send}
        />
      )}
    </View>
  )
}

export default observer(PlayPage)
