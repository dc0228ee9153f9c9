import { Text, View } from '@tarojs/components'
import ImageUploader from '@/components/ImageUploader'
import type { ImageUploads } from '@/components/ImageUploader/useImageUploads'
import { formatVideoDuration } from '@rules/video'
import VideoCover from '../../components/VideoCover'
import { formatVideoSize, type PickedVideo } from '../form'
import './mine.scss'

interface Props {
  video: PickedVideo | null
  /** Tap to choose (or choose again). */
  onChoose: () => void
  cover: ImageUploads
}

/**
 * The video of the publish form (its first frame, duration and size, or a button to choose one) and
 * its cover: an image chosen, else the first frame.
 */
export default function VideoPick({ video, onChoose, cover }: Props) {
  return (
    <View className="video-pick">
      <View className="vf__row vf__row--column">
        <Text className="vf__label">视频</Text>
        {video ? (
          <View className="video-pick__chosen" data-testid="video-picked" onClick={onChoose}>
            <VideoCover
              cover={video.thumbPath}
              durationMs={video.durationMs ?? 0}
              className="video-pick__cover"
            />
            <View className="video-pick__facts">
              <Text className="video-pick__name">{video.name || '已选择视频'}</Text>
              <Text className="muted">
                {video.durationMs !== undefined
                  ? `${formatVideoDuration(video.durationMs)} · `
                  : ''}
                {formatVideoSize(video.size)}
              </Text>
              <Text className="link video-pick__again">重新选择</Text>
            </View>
          </View>
        ) : (
          <View className="video-pick__empty" data-testid="video-pick" onClick={onChoose}>
            <Text className="video-pick__plus">+</Text>
            <Text className="video-pick__text">选择视频</Text>
          </View>
        )}
        <Text className="muted video-pick__hint">MP4或MOV格式，不超过60秒、100MB</Text>
      </View>
      <View className="vf__row vf__row--column">
        <Text className="vf__label">
          封面<Text className="muted">（选填）</Text>
        </Text>
        <ImageUploader uploads={cover} testPrefix="video-cover" />
        <Text className="muted video-pick__hint">
          {cover.items.length ? '已选择封面图片' : '不选择时使用视频的第一帧'}
        </Text>
      </View>
    </View>
  )
}
