import { Button, Slider, Text, View } from '@tarojs/components'
import Taro, { useDidHide, useRouter, useUnload } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useCallback, useEffect, useRef, useState } from 'react'
import Empty from '@/components/Empty'
import { fetchChapter, openReading, turnChapter } from '@/features/books/api'
import { createAudioPlayer, PLAYBACK_RATES, type AudioPlayer } from '@/features/books/audio/player'
import BookCover from '@/features/books/components/BookCover'
import { formatClock } from '@/features/books/format'
import { listenUrl, readUrl } from '@/features/books/links'
import { useProgressSaver } from '@/features/books/reader/useProgressSaver'
import { useReadingClock } from '@/features/books/reader/useReadingClock'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { useStores } from '@/stores'
import type { ChapterDetail } from '@/types/api/books'
import { setPageTitle } from '@/core/platform'
import './listen.scss'

/** While playing, the place is saved at most this often (and on pause, seek and leaving). */
const SAVE_EVERY_MS = 10_000

/** Back to the reader when it opened listen mode (one reader, not a second one on top). */
function openText(url: string) {
  const pages = Taro.getCurrentPages()
  const previous = pages[pages.length - 2]
  if (previous?.route?.replace(/^\//, '').startsWith('pagesA/read/read')) void Taro.navigateBack()
  else void Taro.redirectTo({ url })
}

/** Listen mode: one chapter's audio with play, pause, seek, speed and the next chapter. */
function ListenPage() {
  const { params } = useRouter()
  const booksId = Number(params.id)
  const wantedSerial = Number(params.serial) || 0
  const { session } = useStores()
  const [chapter, setChapter] = useState<ChapterDetail | null>(null)
  const [playing, setPlaying] = useState(false)
  const [position, setPosition] = useState(0)
  const [duration, setDuration] = useState(0)
  const [rate, setRate] = useState(1)
  const [error, setError] = useState('')
  const player = useRef<AudioPlayer | null>(null)
  const current = useRef<ChapterDetail | null>(null)
  const autoplay = useRef(false)
  const lastSaved = useRef(0)
  /** Played or moved since it opened: only then is there a new place to save. */
  const moved = useRef(false)
  const positionRef = useRef(0)
  const touch = useReadingClock(booksId, session.isLoggedIn)
  const savePlace = useProgressSaver(session.isLoggedIn)

  const save = useCallback(
    (immediately: boolean) => {
      const shown = current.current
      if (!shown || !moved.current) return
      lastSaved.current = Date.now()
      // Only the audio position: the place in the text stays as the reader left it.
      savePlace(
        { booksId, serial: shown.serial, audioSeconds: Math.floor(positionRef.current) },
        immediately,
      )
    },
    [booksId, savePlace],
  )

  const nextRef = useRef<() => void>(() => undefined)

  useEffect(() => {
    const audio = createAudioPlayer({
      onTime(seconds, total) {
        positionRef.current = seconds
        setPosition(seconds)
        if (total > 0) setDuration(total)
      },
      onPlay: () => {
        moved.current = true
        setPlaying(true)
      },
      onPause: () => setPlaying(false),
      onEnded: () => nextRef.current(),
      onError: (message) => {
        setPlaying(false)
        void Taro.showToast({ title: message, icon: 'none' })
      },
    })
    player.current = audio
    return () => audio.destroy()
  }, [])

  const show = useCallback((next: ChapterDetail, startAt: number) => {
    current.current = next
    setChapter(next)
    positionRef.current = startAt
    setPosition(startAt)
    setDuration(next.audioSeconds)
    setPageTitle(next.title)
    if (!next.audioUrl) return
    player.current?.load(next.audioUrl, startAt)
    if (autoplay.current) player.current?.play()
  }, [])

  useEffect(() => {
    if (!Number.isInteger(booksId) || booksId <= 0) return setError('书籍不存在')
    const open = async () => {
      const opened = await openReading(booksId)
      const saved = opened.progress
      const serial = wantedSerial || opened.chapter.serial
      const chapterToPlay =
        serial === opened.chapter.serial ? opened.chapter : await fetchChapter(booksId, serial)
      show(chapterToPlay, saved?.serial === serial ? saved.audioSeconds : 0)
    }
    open().catch((err: unknown) => setError(err instanceof Error ? err.message : '加载失败'))
  }, [booksId, wantedSerial, show])

  const share = useShareCard({
    title: chapter ? `听《${chapter.booksName}》· ${chapter.title}` : '书友听书',
    desc: chapter?.paragraphs[0],
    path: listenUrl(booksId, chapter?.serial),
  })

  // Reading time and the saved place follow playback.
  useEffect(() => {
    if (!playing) return
    touch()
    if (Date.now() - lastSaved.current > SAVE_EVERY_MS) save(true)
  }, [playing, position, touch, save])

  useEffect(() => {
    if (!playing) save(false)
  }, [playing, save])

  const pauseOnLeave = () => {
    player.current?.pause()
    save(true)
  }
  useDidHide(pauseOnLeave)
  useUnload(pauseOnLeave)

  const turn = async (direction: 'prev' | 'next') => {
    const shown = current.current
    if (!shown) return
    try {
      autoplay.current = playing || direction === 'next'
      const next = await turnChapter(booksId, shown.serial, direction)
      moved.current = true
      show(next, 0)
      save(true)
    } catch {
      // the request layer has shown why (e.g. 已经是最后一章)
    }
  }
  nextRef.current = () => {
    setPlaying(false)
    if (current.current?.nextSerial) void turn('next')
  }

  const toggle = () => {
    touch()
    if (playing) player.current?.pause()
    else {
      autoplay.current = true
      player.current?.play()
    }
  }

  const changeRate = (next: number) => {
    setRate(next)
    player.current?.setRate(next)
  }

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

  const total = Math.max(duration, chapter.audioSeconds, 1)
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
          activeColor="#c0392b"
          blockSize={18}
          onChange={(e) => {
            touch()
            moved.current = true
            player.current?.seek(e.detail.value)
            positionRef.current = e.detail.value
            save(true)
          }}
        />
        <Text className="listen__time">{formatClock(total)}</Text>
      </View>

      <View className="listen__controls">
        <Text
          className={chapter.prevSerial ? 'listen__skip' : 'listen__skip is-off'}
          onClick={() => chapter.prevSerial && void turn('prev')}
        >
          上一章
        </Text>
        <View className="listen__play" data-testid="play-toggle" onClick={toggle}>
          <Text>{playing ? '暂停' : '播放'}</Text>
        </View>
        <Text
          className={chapter.nextSerial ? 'listen__skip' : 'listen__skip is-off'}
          data-testid="listen-next"
          onClick={() => chapter.nextSerial && void turn('next')}
        >
          下一章
        </Text>
      </View>

      <View className="listen__rates">
        {PLAYBACK_RATES.map((value) => (
          <Text
            key={value}
            className={value === rate ? 'listen__rate is-on' : 'listen__rate'}
            onClick={() => changeRate(value)}
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
