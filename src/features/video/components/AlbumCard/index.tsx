import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { VideoAlbum } from '@/types/api/video'
import { videoAlbumUrl } from '../../links'
import VideoCover from '../VideoCover'
import './index.scss'

interface Props {
  album: VideoAlbum
  /** Default: the album's page. */
  onClick?: () => void
}

/** An album in a list: cover, title, introduction, how many videos, its tags. */
export default function AlbumCard({ album, onClick }: Props) {
  const open = onClick ?? (() => void Taro.navigateTo({ url: videoAlbumUrl(album.id) }))
  return (
    <View
      className="album-card"
      data-testid={`album-${album.id}`}
      hoverClass="album-card--hover"
      onClick={open}
    >
      <View className="album-card__cover-wrap">
        <View className="album-card__stack" />
        <VideoCover cover={album.cover} durationMs={0} className="album-card__cover" />
        <Text className="album-card__count">{album.videoCount}个视频</Text>
      </View>
      <View className="album-card__body">
        <Text className="album-card__title">{album.title}</Text>
        <Text className="album-card__intro">{album.intro || '暂无简介'}</Text>
        <View className="album-card__tags">
          {album.tags.map((tag) => (
            <Text key={tag.id} className="album-card__tag">
              {tag.name}
            </Text>
          ))}
        </View>
      </View>
    </View>
  )
}
