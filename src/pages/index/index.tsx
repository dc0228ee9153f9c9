import { Image, Text, View } from '@tarojs/components'
import Taro, { usePullDownRefresh, useShareAppMessage } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import NavBar from '@/components/NavBar'
import { resolveAssetUrl } from '@/core/assets'
import { pageUrl, Route } from '@/core/routes'
import { usePageData } from '@/core/usePageData'
import { requireLogin } from '@/features/account/requireLogin'
import { fetchBooks, fetchCategories } from '@/features/books/api'
import BookItem from '@/features/books/components/BookItem'
import CurrentBook from '@/features/books/components/CurrentBook'
import { detailUrl } from '@/features/books/links'
import { useCurrentBook } from '@/features/books/useCurrentBook'
import { fetchPosters } from '@/features/stats/api'
import PosterBanner from '@/features/stats/components/PosterBanner'
import { useMessageUnread } from '@/features/social/useMessageUnread'
import { fetchHomeVideos } from '@/features/video/homeRow'
import { formatVideoDuration } from '@/features/video/duration'
import { useStores } from '@/stores'
import type { Poster } from '@/types/api/shop'
import type { VideoSummary } from '@/types/api/video'
import './index.scss'

const go = (url: string) => () => void Taro.navigateTo({ url })

async function loadLibrary() {
  const [posters, categories, recommended, videos] = await Promise.all([
    fetchPosters().catch(() => [] as Poster[]),
    fetchCategories(),
    fetchBooks({ recommend: 1, page: 1, pageSize: 6 }),
    fetchHomeVideos().catch(() => [] as VideoSummary[]),
  ])
  return { posters, categories, recommended: recommended.list, videos }
}

const ENTRIES = [
  { label: '书架', icon: 'case', url: Route.bookCase, login: true },
  { label: '分类', icon: 'type', url: Route.bookType, login: false },
  { label: '收藏', icon: 'collect', url: Route.collectBook, login: true },
  { label: '排行', icon: 'rank', url: Route.rankTop, login: false },
  { label: '杂志', icon: 'magazine', url: Route.magaList, login: false },
  { label: '报纸', icon: 'newspaper', url: Route.paperList, login: false },
  { label: '文档', icon: 'document', url: Route.fileList, login: false },
  { label: '视频', icon: 'video', url: Route.videoType, login: false },
] as const

/** The home tab: search, posters, categories, recommended books, videos and the book in hand. */
function HomePage() {
  const { session } = useStores()
  const library = usePageData(loadLibrary, [])
  const { current, reload: reloadCurrent } = useCurrentBook(session.isLoggedIn)
  const data = library.data
  const failed = library.error !== null
  useMessageUnread()

  usePullDownRefresh(() => {
    const profile = session.isLoggedIn ? session.refreshProfile() : Promise.resolve()
    void Promise.all([library.reload(), reloadCurrent(), profile.catch(() => undefined)]).finally(
      () => Taro.stopPullDownRefresh(),
    )
  })

  useShareAppMessage(() => ({ title: '书友 · 一起读书', path: Route.home }))

  const open = (url: string, login: boolean) =>
    login ? () => requireLogin(session, go(url)) : go(url)

  return (
    <View className="page home">
      <NavBar title="书友" />
      <View className="home__search" onClick={go(Route.bookSearch)} data-testid="home-search">
        <View className="home__search-icon" />
        <Text className="home__search-text">搜索书名、作者或原文</Text>
      </View>

      {(data ? data.posters.length > 0 : !failed) && (
        <PosterBanner posters={data?.posters ?? null} />
      )}

      <View className="home__entries">
        {ENTRIES.map((entry) => (
          <View key={entry.icon} className="home__entry" onClick={open(entry.url, entry.login)}>
            <View
              className={`home__entry-icon home__entry-icon--${entry.icon}`}
              data-testid={`home-icon-${entry.icon}`}
            />
            <Text>{entry.label}</Text>
          </View>
        ))}
      </View>

      {current && <CurrentBook book={current} />}

      {failed && !data && (
        <View className="card home__failed" onClick={() => void library.reload()}>
          <Text>书库加载失败，点击重试</Text>
        </View>
      )}

      {data && (
        <View className="home__section">
          <View className="home__section-head">
            <Text className="home__section-title">分类</Text>
            <Text className="link" onClick={go(Route.bookType)}>
              全部分类
            </Text>
          </View>
          <View className="home__categories">
            {data.categories.map((category) => (
              <View
                key={category.id}
                className="home__category"
                onClick={go(pageUrl(Route.bookList, { classificationId: category.id }))}
              >
                <Text>{category.name}</Text>
              </View>
            ))}
          </View>
        </View>
      )}

      {data && (
        <View className="home__section home__section--books">
          <View className="home__section-head">
            <Text className="home__section-title">推荐好书</Text>
            <Text className="link" onClick={go(Route.bookList)}>
              更多
            </Text>
          </View>
          {data.recommended.map((book) => (
            <BookItem key={book.id} book={book} onClick={go(detailUrl(book.id))} />
          ))}
        </View>
      )}
      {data && data.videos.length > 0 && (
        <View className="home__section" data-testid="home-videos">
          <View className="home__section-head">
            <Text className="home__section-title">视频</Text>
            <Text className="link" onClick={go(Route.videoType)}>
              更多
            </Text>
          </View>
          <View className="home__videos">
            {data.videos.map((video) => (
              <View
                key={video.id}
                className="home__video"
                onClick={go(pageUrl(Route.videoPlay, { id: video.id }))}
              >
                <View className="home__video-cover">
                  {video.cover !== '' && (
                    <Image
                      className="home__video-image"
                      src={resolveAssetUrl(video.cover)}
                      lazyLoad
                    />
                  )}
                  <Text className="home__video-time">{formatVideoDuration(video.durationMs)}</Text>
                </View>
                <Text className="home__video-title">{video.title}</Text>
              </View>
            ))}
          </View>
        </View>
      )}
      {!data && !failed && <View className="home__loading muted">加载中…</View>}
    </View>
  )
}

export default observer(HomePage)
