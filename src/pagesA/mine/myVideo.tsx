import { Button, Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import Tabs from '@/components/Tabs'
import { videoPlayUrl } from '@/features/video/links'
import MyAlbumRow from '@/features/video/mine/components/MyAlbumRow'
import MyVideoRow from '@/features/video/mine/components/MyVideoRow'
import { addAlbumUrl, addVideoUrl, albumEditUrl, editVideoUrl } from '@/features/video/mine/links'
import { VIDEO_FILTERS, filterOf, useMyVideos } from '@/features/video/mine/useMyVideos'
import { useStores } from '@/stores'
import type { MyVideo, VideoAlbum } from '@/types/api/video'
import './myVideo.scss'

const TABS = ['我的视频', '我的专辑'] as const

const EMPTY_TEXT: Record<string, string> = {
  all: '还没有发布过视频',
  pending: '没有审核中的视频',
  approved: '还没有已发布的视频',
  rejected: '没有未通过的视频',
}

const go = (url: string) => void Taro.navigateTo({ url })

/**
 * 我的视频: my videos by state (审核中, 已发布, 未通过 with the reason), each to edit (重新提交 when it
 * did not pass) or delete; 发布视频. The second tab, 我的专辑: my albums to open and edit, 新建专辑.
 */
function MyVideoPage() {
  const { params } = useRouter()
  const { session } = useStores()
  const [tab, setTab] = useState(params.tab === 'albums' ? 1 : 0)
  const mine = useMyVideos(session.isLoggedIn, filterOf(params.state))

  if (!session.isLoggedIn) return <LoginRequired text="登录后查看我的视频" />

  const renderVideo = (video: MyVideo) =>
    mine.videos.hidden.has(video.id) ? null : (
      <MyVideoRow
        video={video}
        onOpen={() => go(videoPlayUrl(video.id))}
        onEdit={() => go(editVideoUrl(video.id))}
        onRemove={() => void mine.remove(video)}
        removing={mine.removing.has(video.id)}
      />
    )

  const renderAlbum = (album: VideoAlbum) => (
    <MyAlbumRow album={album} onOpen={() => go(albumEditUrl(album.id))} />
  )

  return (
    <View className="page my-video-page">
      <Tabs titles={TABS} current={tab} onChange={setTab} />
      <View className="my-video-page__bar">
        <Text className="muted my-video-page__hint">
          {tab === 0 ? '发布的视频审核通过后公开' : '把自己的视频按顺序编成专辑'}
        </Text>
        <Button
          className="btn-primary my-video-page__btn"
          data-testid={tab === 0 ? 'my-video-publish' : 'my-album-new'}
          onClick={() => go(tab === 0 ? addVideoUrl() : addAlbumUrl())}
        >
          {tab === 0 ? '发布视频' : '新建专辑'}
        </Button>
      </View>
      {tab === 0 ? (
        <View key="videos">
          <View className="my-video-page__filters">
            {VIDEO_FILTERS.map((f) => (
              <Text
                key={f.key}
                className={
                  f.key === mine.filter
                    ? 'my-video-page__filter my-video-page__filter--on'
                    : 'my-video-page__filter'
                }
                data-testid={`my-video-filter-${f.key}`}
                onClick={() => mine.setFilter(f.key)}
              >
                {f.label}
              </Text>
            ))}
          </View>
          <PagedList
            emptyKind="generic"
            key={`videos|${mine.filter}|${mine.videos.generation}`}
            load={mine.videos.load}
            keyOf={(video) => video.id}
            renderItem={renderVideo}
            emptyText={EMPTY_TEXT[mine.filter] ?? EMPTY_TEXT.all}
          />
        </View>
      ) : (
        <PagedList
          emptyKind="generic"
          key={`albums|${mine.albums.generation}`}
          load={mine.albums.load}
          keyOf={(album) => album.id}
          renderItem={renderAlbum}
          emptyText="还没有专辑"
        />
      )}
    </View>
  )
}

export default observer(MyVideoPage)
