import { Text, View, type ITouchEvent } from '@tarojs/components'
import { formatMessageTime } from '@/core/time'
import { StateChip, uploadStateChip } from '@/features/documents/public'
import type { MyVideo } from '@/types/api/video'
import VideoCover from '../../components/VideoCover'
import './mine.scss'

interface Props {
  video: MyVideo
  onOpen: () => void
  onEdit: () => void
  onRemove: () => void
  removing: boolean
}

const stop = (then: () => void) => (e: ITouchEvent) => {
  e.stopPropagation()
  then()
}

/**
 * One of my videos: cover, title, channel (and album), its state (审核中 / 已发布 / 未通过 with the
 * reason) and 修改 (重新提交 when it did not pass) and 删除.
 */
export default function MyVideoRow({ video, onOpen, onEdit, onRemove, removing }: Props) {
  const rejected = video.reviewState === 'rejected'
  return (
    <View className="my-video" data-testid={`my-video-${video.id}`} onClick={onOpen}>
      <VideoCover cover={video.cover} durationMs={video.durationMs} className="my-video__cover" />
      <View className="my-video__body">
        <Text className="my-video__title">{video.title}</Text>
        <Text className="my-video__meta">
          {video.channelName}
          {video.albumTitle ? ` · ${video.albumTitle}` : ''} · {formatMessageTime(video.createdAt)}
        </Text>
        <View className="my-video__state">
          <StateChip
            chip={uploadStateChip(video.reviewState)}
            testId={`my-video-state-${video.id}`}
          />
          {video.reviewState === 'approved' && (
            <Text className="my-video__counts">
              {video.playCount}次播放 · {video.likeCount}赞 · {video.commentCount}评论
            </Text>
          )}
        </View>
        {rejected && (
          <Text className="my-video__reason" data-testid={`my-video-reason-${video.id}`}>
            原因：{video.reviewReason || '未说明'}
          </Text>
        )}
        <View className="my-video__actions">
          <Text
            className="my-video__action"
            data-testid={`my-video-edit-${video.id}`}
            onClick={stop(onEdit)}
          >
            {rejected ? '修改并重新提交' : '修改'}
          </Text>
          <Text
            className={
              removing
                ? 'my-video__action my-video__action--plain is-busy'
                : 'my-video__action my-video__action--plain'
            }
            data-testid={`my-video-delete-${video.id}`}
            onClick={stop(onRemove)}
          >
            删除
          </Text>
        </View>
      </View>
    </View>
  )
}
