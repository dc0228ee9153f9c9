import { ScrollView, Text, View } from '@tarojs/components'
import Taro, { useRouter, useShareAppMessage } from '@tarojs/taro'
import { observer } from 'mobx-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import Empty from '@/components/Empty'
import { statusBarHeight } from '@/core/platform'
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
  const measureTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const topInset = useRef(statusBarHeight()).current
  const touch = useReadingClock(booksId, session.isLoggedIn)
  const savePlace = useProgressSaver(session.isLoggedIn)

  const show = useCallback(
    (chapter: ChapterDetail, at: number) => {
      const blocks = toBlocks(chapter.paragraphs)
      setShown({ chapter, blocks })
      setRange(initialWindow(blocks, blockIndexOf(blocks, at)))
      setAnchor('')
      paragraph.current = at
      savePlace({ booksId, serial: chapter.serial, paragraph: at })
      void Taro.setNavigationBarTitle({ title: chapter.title })
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

  useShareAppMessage(() => ({
    title: shown ? `${shown.chapter.booksName} · ${shown.chapter.title}` : '书友',
    path: readUrl(booksId, shown?.chapter.serial),
  }))

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

  /** Which paragraph is at the top of the screen, read after scrolling settles. */
  const measure = () => {
    if (measureTimer.current) clearTimeout(measureTimer.current)
    measureTimer.current = setTimeout(() => {
      Taro.createSelectorQuery()
        .selectAll('.reader__block')
        .fields({ id: true, rect: true })
        .exec((res: Array<Array<{ id: string; top: number; bottom: number }> | null>) => {
          const rects = res[0] ?? []
          const first = rects.find((r) => r.bottom > topInset + 8)
          const match = first ? /^b(\d+)-/.exec(first.id) : null
          if (!match || !shown) return
          const at = Number(match[1])
          if (at === paragraph.current) return
          paragraph.current = at
          savePlace({ booksId, serial: shown.chapter.serial, paragraph: at })
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
    setAnchor(shown.blocks[range.from].id)
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

  if (error) return <Empty text={error} />
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
            <Text className="reader__hint" data-testid="chapter-title" data-title={chapter.title}>
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
      {catalogue && (
        <Catalogue
          booksId={booksId}
          booksName={chapter.booksName}
          current={chapter.serial}
          night={prefs.night}
          onPick={(serial) => void load(() => fetchChapter(booksId, serial))}
          onClose={() => setCatalogue(false)}
        />
      )}
    </View>
  )
}

export default observer(ReaderPage)
