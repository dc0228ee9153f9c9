import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import Empty from '@/components/Empty'
import PagedList from '@/components/PagedList'
import { resolveAssetUrl } from '@/core/assets'
import { usePageData } from '@/core/usePageData'
import { VIDEO_PAGE_SIZE, fetchAlbumTags, fetchAlbums, fetchChannels } from '@/features/video/api'
import AlbumCard from '@/features/video/components/AlbumCard'
import { channelVideosUrl, videoSearchUrl } from '@/features/video/links'
import type { VideoAlbumTag, VideoChannel } from '@/types/api/video'
import './type.scss'

const go = (url: string) => () => void Taro.navigateTo({ url })

async function loadChannels(): Promise<{ channels: VideoChannel[]; tags: VideoAlbumTag[] }> {
  const [channels, tags] = await Promise.all([
    fetchChannels(),
    fetchAlbumTags().catch(() => [] as VideoAlbumTag[]),
  ])
  return { channels, tags }
}

/** The video area's front page: search, the channels (频道) and the albums by tag. */
export default function VideoTypePage() {
  const { data, error } = usePageData(loadChannels, [], { pullDown: true })
  const [tagId, setTagId] = useState<number | undefined>(undefined)

  if (error && !data) return <Empty kind="error" text={`${error}，下拉重试`} />
  if (!data) return <View className="muted video-type__loading">加载中…</View>

  const tags: Array<{ id: number | undefined; name: string }> = [
    { id: undefined, name: '全部' },
    ...data.tags,
  ]
  return (
    <View className="page video-type">
      <View
        className="video-type__search"
        data-testid="video-search"
        onClick={go(videoSearchUrl())}
      >
        <Text className="video-type__search-text">搜索视频标题或作者</Text>
      </View>

      <View className="video-type__channels">
        {data.channels.map((channel, i) => (
          <View
            key={channel.id}
            className="video-type__channel"
            data-testid={`channel-${channel.id}`}
            hoverClass="video-type__channel--hover"
            onClick={go(channelVideosUrl(channel.id))}
          >
            {channel.icon ? (
              <Image
                className="video-type__icon"
                src={resolveAssetUrl(channel.icon)}
                mode="aspectFill"
              />
            ) : (
              <View className={`video-type__icon video-type__icon--${i % 4}`}>
                <Text>{[...channel.name][0] ?? ''}</Text>
              </View>
            )}
            <Text className="video-type__name">{channel.name}</Text>
            <Text className="video-type__count">{channel.videoCount}个视频</Text>
          </View>
        ))}
      </View>

      <View className="video-type__albums-head">
        <Text className="video-type__heading">专辑</Text>
      </View>
      <View className="video-type__tags">
        {tags.map((tag) => (
          <Text
            key={tag.id ?? 0}
            className={tag.id === tagId ? 'video-type__tag is-on' : 'video-type__tag'}
            data-testid={`album-tag-${tag.id ?? 0}`}
            onClick={() => setTagId(tag.id)}
          >
            {tag.name}
          </Text>
        ))}
      </View>
      <PagedList
        key={tagId ?? 0}
        load={(page) => fetchAlbums({ tagId, page, pageSize: VIDEO_PAGE_SIZE })}
        keyOf={(album) => album.id}
        renderItem={(album) => <AlbumCard album={album} />}
        emptyText="这里还没有专辑"
        emptyKind="generic"
      />
    </View>
  )
}
