import { Image, Text, View } from '@tarojs/components'
import { resolveAssetUrl } from '@/core/assets'
import type { VideoAlbum } from '@/types/api/video'
import './mine.scss'

/** One of my albums: cover, name, how many videos, its tags; a tap opens it to edit. */
export default function MyAlbumRow({ album, onOpen }: { album: VideoAlbum; onOpen: () => void }) {
  return (
    <View className="my-album" data-testid={`my-album-${album.id}`} onClick={onOpen}>
      {album.cover ? (
        <Image className="my-album__cover" src={resolveAssetUrl(album.cover)} mode="aspectFill" />
      ) : (
        <View className="my-album__cover my-album__cover--none" />
      )}
      <View className="my-album__body">
        <Text className="my-album__title">{album.title}</Text>
        <Text className="muted">
          {album.videoCount}个视频
          {album.tags.length ? ` · ${album.tags.map((t) => t.name).join(' ')}` : ''}
        </Text>
        {album.intro ? <Text className="my-album__intro">{album.intro}</Text> : null}
      </View>
      <Text className="my-album__arrow">›</Text>
    </View>
  )
}
