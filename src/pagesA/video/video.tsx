import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import PagedList from '@/components/PagedList'
import { setPageTitle } from '@/core/platform'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { VIDEO_PAGE_SIZE, fetchChannels, fetchVideos } from '@/features/video/api'
import VideoCard, {
  VIDEO_CARD_HEIGHT,
  VideoCardSpacer,
} from '@/features/video/components/VideoCard'
import { channelVideosUrl } from '@/features/video/links'
import { useRowWindow } from '@/components/PagedList/useRowWindow'
import type { VideoChannel } from '@/types/api/video'
import './video.scss'

const positiveInt = (raw: string | undefined): number | undefined => {
  const n = Number(raw)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/** A channel's videos (all videos without `channelId`), newest first, page by page. */
export default function ChannelVideosPage() {
  const { params } = useRouter()
  const channelId = positiveInt(params.channelId)
  const [channel, setChannel] = useState<VideoChannel | null>(null)
  const rows = useRowWindow(VIDEO_CARD_HEIGHT)

  useEffect(() => {
    if (!channelId) return
    fetchChannels()
      .then((all) => {
        const found = all.find((c) => c.id === channelId) ?? null
        setChannel(found)
        if (found) setPageTitle(found.name)
      })
      .catch(() => undefined)
  }, [channelId])

  const share = useShareCard({
    title: channel ? `${channel.name} · 书友视频` : '书友视频',
    path: channelVideosUrl(channelId),
  })

  return (
    <View className="page channel-videos">
      <View className="channel-videos__head">
        <Text className="channel-videos__name">{channel ? channel.name : '全部视频'}</Text>
        {channel && <Text className="muted">{channel.videoCount}个视频</Text>}
        <ShareButton onShare={share} />
      </View>
      <PagedList
        key={channelId ?? 0}
        load={(page) => fetchVideos({ channelId, page, pageSize: VIDEO_PAGE_SIZE })}
        keyOf={(video) => video.id}
        renderItem={(video, i) =>
          rows.shown(i) ? <VideoCard video={video} /> : <VideoCardSpacer />
        }
        emptyText="这个频道还没有视频"
        emptyKind="generic"
      />
    </View>
  )
}
