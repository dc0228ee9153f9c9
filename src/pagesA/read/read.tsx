import { ScrollView, Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useCallback, useEffect, useRef, useState } from 'react'
import Empty from '@/components/Empty'
import { setPageTitle, statusBarHeight, windowHeight } from '@/core/platform'
import { taroStorage } from '@/core/storage'
import { fetchChapter, openReading, turnChapter } from '@/features/books/api'
import {
  blockIndexOf,
  growWindow,
  initialWindow,
  toBlocks,
  type TextBlock,
} from '@/features/books/blocks'
import { listenUrl, readUrl } from '@/features/books/links'
import Catalogue from '@/features/books/reader/Catalogue'
import ReaderMenu from '@/features/books/reader/ReaderMenu'
import { useProgressSaver } from '@/features/books/reader/useProgressSaver'
import { useReadingClock } from '@/features/books/reader/useReadingClock'
import { readPrefs, stepFontSize, writePrefs } from '@/features/books/readerPrefs'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { useStores } from '@/stores'
import type { ChapterDetail } from '@/types/api/books'
import './read.scss'

interface Shown {
  chapter: ChapterDetail
  blocks: TextBlock[]
}

/**
 * The reader. A chapter is cut into blocks and only a window of them is in the page tree: the
 * window starts at the saved paragraph and grows as the reader scrolls either way.
 */
function ReaderPage() {
  const { params } = useRouter()
  const booksId = Number(params.id)
  const wantedSerial = Number(params.serial) || 0
  const { session } = useStores()
  const [prefs, setPrefs] = useState(() => readPrefs(taroStorage))
  const [shown, setShown] = useState<Shown | null>(null)
  const [range, setRange] = useState({ from: 0, to: 0 })
  const [anchor, setAnchor] = useState('')
  const [menu, setMenu] = useState(false)
  const [catalogue, setCatalogue] = useState(false)
  const [error, setError] = useState('')
  const busy = useRef(false)
  const paragraph = useRef(0)
  const current = useRef<Shown | null>(null)
  /** A block to bring to the top once the window it is in has rendered. */
  const pendingAnchor = useRef('')
  const measureTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const topInset = useRef(statusBarHeight()).current
  const viewHeight = useRef(windowHeight()).current
  const touch = useReadingClock(booksId, session.isLoggedIn)
  const savePlace = useProgressSaver(session.isLoggedIn)

  const show = useCallback(
    (chapter: ChapterDetail, at: number) => {
      if (measureTimer.current) clearTimeout(measureTimer.current)
      const blocks = toBlocks(chapter.paragraphs)
      const start = blockIndexOf(blocks, at)
      const opening = initialWindow(blocks, start)
      current.current = { chapter, blocks }
      setShown(current.current)
      setRange(opening)
      setAnchor('')
      // Near the end the window starts earlier: the saved paragraph still goes to the top.
      pendingAnchor.current = opening.from < start ? blocks[start].id : ''
      paragraph.current = at
      savePlace({ booksId, serial: chapter.serial, paragraph: at })
      setPageTitle(chapter.title)
    },
    [booksId, savePlace],
  )

  useEffect(() => {
    if (!Number.isInteger(booksId) || booksId <= 0) return setError('书籍不存在')
    const open = async () => {
      const opened = await openReading(booksId)
      const saved = opened.progress
      if (wantedSerial && wantedSerial !== opened.chapter.serial) {
        const chapter = await fetchChapter(booksId, wantedSerial)
        show(chapter, saved?.serial === wantedSerial ? saved.paragraph : 0)
      } else {
        show(opened.chapter, saved?.serial === opened.chapter.serial ? saved.paragraph : 0)
      }
    }
    open().catch((err: unknown) => setError(err instanceof Error ? err.message : '加载失败'))
  }, [booksId, wantedSerial, show])

  // The anchor is set after the blocks it names are in the page, and set anew each time (the same
  // id twice would not scroll).
  useEffect(() => {
    const id = pendingAnchor.current
    if (!id) return
    pendingAnchor.current = ''
    const timer = setTimeout(() => setAnchor(id), 30)
    return () => clearTimeout(timer)
  }, [range])

  useEffect(
    () => () => {
      if (measureTimer.current) clearTimeout(measureTimer.current)
    },
    [],
  )

  const share = useShareCard({
    title: shown ? `${shown.chapter.booksName} · ${shown.chapter.title}` : '书友',
    desc: shown?.chapter.paragraphs[0],
    path: readUrl(booksId, shown?.chapter.serial),
  })

  const load = async (task: () => Promise<ChapterDetail>) => {
    if (busy.current) return
    busy.current = true
    touch()
    try {
      show(await task(), 0)
      setMenu(false)
      setCatalogue(false)
    } catch {
      // the request layer has shown why (e.g. 已经是最后一章)
    } finally {
      busy.current = false
    }
  }

  const turn = (direction: 'prev' | 'next') => {
    if (shown) void load(() => turnChapter(booksId, shown.chapter.serial, direction))
  }

  /**
   * Which paragraph is at the top of the screen, read after scrolling settles; the last one once
   * the end of the chapter is on screen (so a finished chapter counts as read).
   */
  const measure = () => {
    if (measureTimer.current) clearTimeout(measureTimer.current)
    measureTimer.current = setTimeout(() => {
      const reading = current.current
      if (!reading) return
      Taro.createSelectorQuery()
        .selectAll('.reader__block')
        .fields({ id: true, rect: true })
        .exec((res: Array<Array<{ id: string; top: number; bottom: number }> | null>) => {
          if (current.current !== reading) return
          const rects = res[0] ?? []
          const lastBlock = reading.blocks[reading.blocks.length - 1]
          const last = rects[rects.length - 1]
          const endShown = last?.id === lastBlock?.id && last.bottom <= viewHeight
          const first = rects.find((r) => r.bottom > topInset + 8)
          const match = first ? /^b(\d+)-/.exec(first.id) : null
          const at = endShown ? lastBlock.paragraph : match ? Number(match[1]) : -1
          if (at < 0 || at === paragraph.current) return
          paragraph.current = at
          savePlace({ booksId, serial: reading.chapter.serial, paragraph: at })
        })
    }, 250)
  }

  const onScroll = () => {
    touch()
    measure()
  }

  const growEnd = () => {
    if (shown && range.to < shown.blocks.length) setRange(growWindow(shown.blocks, range, 'end'))
  }

  const growStart = () => {
    if (!shown || range.from === 0) return
    pendingAnchor.current = shown.blocks[range.from].id
    setAnchor('')
    setRange(growWindow(shown.blocks, range, 'start'))
  }

  const changeFont = (step: 1 | -1) => {
    const next = { ...prefs, fontSize: stepFontSize(prefs.fontSize, step) }
    setPrefs(next)
    writePrefs(taroStorage, next)
  }

  const toggleNight = () => {
    const next = { ...prefs, night: !prefs.night }
    setPrefs(next)
    writePrefs(taroStorage, next)
  }

  if (error) return <Empty kind="error" text={error} />
  if (!shown) return <View className="reader reader__loading">加载中…</View>

  const { chapter, blocks } = shown
  const atEnd = range.to >= blocks.length
  const textStyle = { fontSize: Taro.pxTransform(prefs.fontSize) }

  return (
    <View className={prefs.night ? 'reader reader--night' : 'reader'} data-testid="reader">
      <ScrollView
        key={chapter.id}
        className="reader__scroll"
        scrollY
        scrollIntoView={anchor}
        scrollIntoViewAlignment="start"
        upperThreshold={50}
        lowerThreshold={800}
        onScroll={onScroll}
        onScrollToLower={growEnd}
        onScrollToUpper={growStart}
      >
        <View
          className="reader__page"
          style={{ paddingTop: `${topInset}px` }}
          onClick={() => {
            touch()
            setMenu(!menu)
          }}
        >
          {range.from === 0 ? (
            <Text className="reader__chapter-title" data-testid="chapter-title">
              {chapter.title}
            </Text>
          ) : (
            <Text
              className="reader__hint"
              data-testid="chapter-title"
              onClick={(e) => {
                e.stopPropagation()
                growStart()
              }}
            >
              {chapter.title} · 上滑阅读前文
            </Text>
          )}
          <View className="reader__text" style={textStyle}>
            {blocks.slice(range.from, range.to).map((block) => (
              <Text
                key={block.id}
                id={block.id}
                className={block.part === 0 ? 'reader__block' : 'reader__block reader__block--cont'}
              >
                {block.text}
              </Text>
            ))}
          </View>
          {atEnd && (
            <View className="reader__end" onClick={(e) => e.stopPropagation()}>
              <Text className="reader__end-note">
                {chapter.nextSerial ? '本章完' : '全书完'} · 第{chapter.serial}/
                {chapter.chapterCount}章
              </Text>
              <View className="reader__end-actions">
                {chapter.prevSerial && (
                  <Text className="reader__end-btn" onClick={() => turn('prev')}>
                    上一章
                  </Text>
                )}
                {chapter.nextSerial && (
                  <Text
                    className="reader__end-btn reader__end-btn--main"
                    data-testid="end-next"
                    onClick={() => turn('next')}
                  >
                    下一章
                  </Text>
                )}
              </View>
            </View>
          )}
        </View>
      </ScrollView>

      {menu && (
        <ReaderMenu
          title={`${chapter.booksName} · ${chapter.title}`}
          fontSize={prefs.fontSize}
          night={prefs.night}
          hasPrev={chapter.prevSerial !== null}
          hasNext={chapter.nextSerial !== null}
          canListen={chapter.audioUrl !== ''}
          topInset={topInset}
          onFont={changeFont}
          onNight={toggleNight}
          onTurn={turn}
          onCatalogue={() => {
            setMenu(false)
            setCatalogue(true)
          }}
          onListen={() => void Taro.navigateTo({ url: listenUrl(booksId, chapter.serial) })}
          onClose={() => setMenu(false)}
        />
      )}
      {menu && (
        // Under the menu's top bar, on the right.
        <ShareButton
          floating
          style={{ top: `calc(${topInset}px + ${Taro.pxTransform(112)})`, bottom: 'auto' }}
          onShare={share}
        />
      )}
      {catalogue && (
        <Catalogue
          booksId={booksId}
          booksName={chapter.booksName}
          current={chapter.serial}
          night={prefs.night}
          onPick={(serial) =>
            serial === chapter.serial
              ? setCatalogue(false)
              : void load(() => fetchChapter(booksId, serial))
          }
          onClose={() => setCatalogue(false)}
        />
      )}
    </View>
  )
}

export default observer(ReaderPage)
