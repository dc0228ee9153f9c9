import { Image, Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useShareAppMessage } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { Fragment, useCallback, useEffect, useState } from 'react'
import Carousel from '@/components/Carousel'
import NavBar from '@/components/NavBar'
import { resolveAssetUrl } from '@/core/assets'
import { fetchBookcase, fetchBooks, fetchCategories } from '@/features/books/api'
import { fetchPosters } from '@/features/stats/api'
import BookCover from '@/features/books/components/BookCover'
import BookItem from '@/features/books/components/BookItem'
import { formatProgress } from '@/features/books/format'
import { detailUrl, posterTarget, readUrl, type LinkTarget } from '@/features/books/links'
import { requireLogin } from '@/features/account/requireLogin'
import { useMessageUnread } from '@/features/social/useMessageUnread'
import { useStores } from '@/stores'
import type { BookCategory, BookcaseItem, BookSummary } from '@/types/api/books'
import type { Poster } from '@/types/api/stats'
import './index.scss'

const go = (url: string) => () => void Taro.navigateTo({ url })
const open = (target: LinkTarget) => () =>
  void (target.tab ? Taro.switchTab({ url: target.url }) : Taro.navigateTo({ url: target.url }))

interface HomeData {
  posters: Poster[]
  categories: BookCategory[]
  recommended: BookSummary[]
}

/** The home tab: search, posters, categories, recommended books and the book in hand. */
function HomePage() {
  const { session } = useStores()
  const [data, setData] = useState<HomeData | null>(null)
  const [failed, setFailed] = useState(false)
  const [current, setCurrent] = useState<BookcaseItem | null>(null)
  useMessageUnread()

  const loadLibrary = useCallback(async () => {
    try {
      const [posters, categories, recommended] = await Promise.all([
        fetchPosters().catch(() => [] as Poster[]),
        fetchCategories(),
        fetchBooks({ recommend: 1, page: 1, pageSize: 6 }),
      ])
      setData({ posters, categories, recommended: recommended.list })
      setFailed(false)
    } catch {
      setFailed(true)
    }
  }, [])

  const loadCurrent = useCallback(async () => {
    if (!session.isLoggedIn) return setCurrent(null)
    try {
      const page = await fetchBookcase(1, 1)
      setCurrent(page.list[0] ?? null)
    } catch {
      // The card is a convenience; the bookcase page shows errors.
    }
  }, [session])

  useEffect(() => {
    void loadLibrary()
  }, [loadLibrary])

  // Coming back from the reader moves the place in the book.
  useDidShow(() => {
    void loadCurrent()
  })

  usePullDownRefresh(() => {
    const profile = session.isLoggedIn ? session.refreshProfile() : Promise.resolve()
    void Promise.all([loadLibrary(), loadCurrent(), profile.catch(() => undefined)]).finally(() =>
      Taro.stopPullDownRefresh(),
    )
  })

  useShareAppMessage(() => ({ title: '书友 · 一起读书', path: '/pages/index/index' }))

  const guarded = (url: string) => () => requireLogin(session, go(url))

  return (
    <View className="page home">
      <NavBar title="书友" />
      <View
        className="home__search"
        onClick={go('/pagesA/book/list?search=1')}
        data-testid="home-search"
      >
        <View className="home__search-icon" />
        <Text className="home__search-text">搜索书名或作者</Text>
      </View>

      {/* The banner keeps its place while the library loads: nothing below it jumps down. */}
      {(data ? data.posters.length > 0 : !failed) && (
        <Carousel className="home__banner" interval={4000}>
          {data?.posters.map((poster) => {
            const target = posterTarget(poster.link)
            return (
              <Fragment key={poster.id}>
                <View className="home__poster" onClick={target ? open(target) : undefined}>
                  {poster.image && (
                    <Image
                      className="home__poster-image"
                      src={resolveAssetUrl(poster.image)}
                      mode="aspectFill"
                    />
                  )}
                  <View className="home__poster-text">
                    <Text className="home__poster-title">{poster.title}</Text>
                    {poster.subtitle && <Text className="home__poster-sub">{poster.subtitle}</Text>}
                  </View>
                </View>
              </Fragment>
            )
          })}
        </Carousel>
      )}

      <View className="home__entries">
        <View className="home__entry" onClick={guarded('/pagesA/book/case')}>
          <View className="home__entry-icon home__entry-icon--case" data-testid="home-icon-case" />
          <Text>书架</Text>
        </View>
        <View className="home__entry" onClick={go('/pagesA/book/type')}>
          <View className="home__entry-icon home__entry-icon--type" data-testid="home-icon-type" />
          <Text>分类</Text>
        </View>
        <View className="home__entry" onClick={guarded('/pagesA/collect/book')}>
          <View
            className="home__entry-icon home__entry-icon--collect"
            data-testid="home-icon-collect"
          />
          <Text>收藏</Text>
        </View>
        <View className="home__entry" onClick={go('/pagesA/mine/rankTop')}>
          <View className="home__entry-icon home__entry-icon--rank" data-testid="home-icon-rank" />
          <Text>排行</Text>
        </View>
      </View>

      {current && (
        <View
          className="card home__current"
          data-testid="continue-reading"
          onClick={go(readUrl(current.id))}
        >
          <BookCover title={current.booksName} src={current.booksCoverSheet} width={96} />
          <View className="home__current-body">
            <Text className="muted">继续阅读</Text>
            <Text className="home__current-title">{current.booksName}</Text>
            <Text className="muted">
              {current.progress.chapterTitle} · {formatProgress(current.progress.percent)}
            </Text>
          </View>
          <Text className="home__current-go">继续</Text>
        </View>
      )}

      {failed && !data && (
        <View className="card home__failed" onClick={() => void loadLibrary()}>
          <Text>书库加载失败，点击重试</Text>
        </View>
      )}

      {data && (
        <View className="home__section">
          <View className="home__section-head">
            <Text className="home__section-title">分类</Text>
            <Text className="link" onClick={go('/pagesA/book/type')}>
              全部分类
            </Text>
          </View>
          <View className="home__categories">
            {data.categories.map((category) => (
              <View
                key={category.id}
                className="home__category"
                onClick={go(`/pagesA/book/list?classificationId=${category.id}`)}
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
            <Text className="link" onClick={go('/pagesA/book/list?recommend=1')}>
              更多
            </Text>
          </View>
          {data.recommended.map((book) => (
            <BookItem key={book.id} book={book} onClick={go(detailUrl(book.id))} />
          ))}
        </View>
      )}
      {!data && !failed && <View className="home__loading muted">加载中…</View>}
    </View>
  )
}

export default observer(HomePage)
