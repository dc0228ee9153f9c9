import { Button, Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import Empty from '@/components/Empty'
import { setPageTitle } from '@/core/platform'
import { usePageData } from '@/core/usePageData'
import { fetchAlbum } from '@/features/video/api'
import VideoCard from '@/features/video/components/VideoCard'
import VideoCover from '@/features/video/components/VideoCover'
import { authorName } from '@/features/video/format'
import { videoPlayUrl } from '@/features/video/links'
import { VIDEO_REVIEW_LABELS, VideoText } from '@rules/video'
import './album.scss'

/** An album: what it is and its videos in order; a tap plays one, with 下一个 through the album. */
export default function VideoAlbumPage() {
  const { params } = useRouter()
  const id = Number(params.id)
  const { data, error } = usePageData(
    async () => {
      if (!Number.isInteger(id) || id <= 0) throw new Error(VideoText.albumNotFound)
      const detail = await fetchAlbum(id)
      setPageTitle(detail.album.title)
      return detail
    },
    [id],
    { pullDown: true },
  )

  if (error && !data) return <Empty kind="error" text={error} />
  if (!data) return <View className="muted video-album__loading">加载中…</View>

  const { album, videos } = data
  const first = videos[0]
  return (
    <View className="page video-album">
      <View className="video-album__head">
        <VideoCover cover={album.cover} durationMs={0} className="video-album__cover" />
        <View className="video-album__meta">
          <Text className="video-album__title">{album.title}</Text>
          <Text className="muted">
            {authorName(album.owner)} · {album.videoCount}个视频
          </Text>
          <View className="video-album__tags">
            {album.tags.map((tag) => (
              <Text key={tag.id} className="video-album__tag">
                {tag.name}
              </Text>
            ))}
          </View>
        </View>
      </View>
      {album.intro !== '' && <Text className="video-album__intro">{album.intro}</Text>}
      <View className="video-album__bar">
        <Text className="video-album__heading">视频</Text>
        {first && (
          <Button
            className="btn-primary video-album__play"
            data-testid="album-play"
            onClick={() => void Taro.navigateTo({ url: videoPlayUrl(first.id, album.id) })}
          >
            播放全部
          </Button>
        )}
      </View>
      {videos.length === 0 ? (
        <Empty kind="generic" text="这个专辑还没有视频" />
      ) : (
        videos.map((video, i) => (
          <VideoCard
            key={video.id}
            video={video}
            albumId={album.id}
            serial={i + 1}
            extra={
              video.reviewState === 'approved' ? undefined : (
                <Text className="video-album__state">{VIDEO_REVIEW_LABELS[video.reviewState]}</Text>
              )
            }
          />
        ))
      )}
    </View>
  )
}
