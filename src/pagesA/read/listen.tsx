import { Button, Slider, Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import { PLAYBACK_RATES } from '@/features/books/audio/player'
import BookCover from '@/features/books/components/BookCover'
import { formatClock } from '@/features/books/format'
import { listenUrl, readUrl } from '@/features/books/links'
import { useListen } from '@/features/books/reader/useListen'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { Route } from '@/core/routes'
import { useStores } from '@/stores'
import './listen.scss'
import { BRAND_COLOR } from '@/core/theme'

/** Back to the reader when it opened listen mode (one reader, not a second one on top). */
function openText(url: string) {
  const pages = Taro.getCurrentPages()
  const previous = pages[pages.length - 2]
  const reader = Route.read.slice(1)
  if (previous?.route?.replace(/^\//, '').startsWith(reader)) void Taro.navigateBack()
  else void Taro.redirectTo({ url })
}

/** Listen mode: one chapter's audio with play, pause, seek, speed and the next chapter. */
function ListenPage() {
  const { params } = useRouter()
  const booksId = Number(params.id)
  const { session } = useStores()
  const listen = useListen(booksId, Number(params.serial) || 0, session.isLoggedIn)
  const { chapter, error } = listen.chapters

  const share = useShareCard({
    title: chapter ? `听《${chapter.booksName}》· ${chapter.title}` : '书友听书',
    desc: chapter?.paragraphs[0],
    path: listenUrl(booksId, chapter?.serial),
  })

  if (error) return <Empty kind="error" text={error} />
  if (!chapter) return <View className="listen listen__loading">加载中…</View>
  if (!chapter.audioUrl) {
    return (
      <Empty
        kind="books"
        text="这本书暂时没有音频"
        action={
          <Button
            className="btn-primary"
            onClick={() => Taro.redirectTo({ url: readUrl(booksId) })}
          >
            去阅读
          </Button>
        }
      />
    )
  }

  const { playing, position, total } = listen
  return (
    <View className="page listen" data-testid="listen">
      <View className="listen__cover">
        <BookCover title={chapter.booksName} width={300} />
      </View>
      <Text className="listen__book">{chapter.booksName}</Text>
      <Text className="listen__chapter" data-testid="listen-chapter">
        {chapter.title}
      </Text>
      <Text className="listen__state" data-testid="listen-state">
        {playing ? '播放中' : '已暂停'}
      </Text>

      <View className="listen__progress">
        <Text className="listen__time" data-testid="listen-position">
          {formatClock(position)}
        </Text>
        <Slider
          className="listen__slider"
          min={0}
          max={Math.ceil(total)}
          step={1}
          value={Math.floor(position)}
          activeColor={BRAND_COLOR}
          blockSize={18}
          onChange={(e) => listen.seek(e.detail.value)}
        />
        <Text className="listen__time">{formatClock(total)}</Text>
      </View>

      <View className="listen__controls">
        <Text
          className={chapter.prevSerial ? 'listen__skip' : 'listen__skip is-off'}
          onClick={() => chapter.prevSerial && void listen.turn('prev')}
        >
          上一章
        </Text>
        <View className="listen__play" data-testid="play-toggle" onClick={listen.toggle}>
          <Text>{playing ? '暂停' : '播放'}</Text>
        </View>
        <Text
          className={chapter.nextSerial ? 'listen__skip' : 'listen__skip is-off'}
          data-testid="listen-next"
          onClick={() => chapter.nextSerial && void listen.turn('next')}
        >
          下一章
        </Text>
      </View>

      <View className="listen__rates">
        {PLAYBACK_RATES.map((value) => (
          <Text
            key={value}
            className={value === listen.rate ? 'listen__rate is-on' : 'listen__rate'}
            onClick={() => listen.setRate(value)}
          >
            {value}x
          </Text>
        ))}
      </View>

      <Text
        className="link listen__read"
        onClick={() => openText(readUrl(booksId, chapter.serial))}
      >
        看原文
      </Text>
      <ShareButton className="share-button listen__share" onShare={share} />
    </View>
  )
}

export default observer(ListenPage)
