import { View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, useState } from 'react'
import { isH5 } from '@/core/platform'
import { requireLogin } from '@/features/account/public'
import { NoteSheet, notesUrl } from '@/features/annotations/public'
import { listenUrl, readUrl } from '@/features/books/links'
import { justifies } from '@/features/books/readerPrefs'
import Catalogue from '@/features/books/reader/Catalogue'
import ChapterText from '@/features/books/reader/ChapterText'
import HighlightBar from '@/features/books/reader/HighlightBar'
import ReaderFailed from '@/features/books/reader/ReaderFailed'
import ReaderMenu from '@/features/books/reader/ReaderMenu'
import { useCatalogue } from '@/features/books/reader/useCatalogue'
import { useReader } from '@/features/books/reader/useReader'
import { useReaderMarks } from '@/features/books/reader/useReaderMarks'
import { useReaderPrefs } from '@/features/books/reader/useReaderPrefs'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { useStores } from '@/stores'
import './read.scss'

const optionalInt = (raw: string | undefined): number | undefined => {
  const n = Number(raw)
  return raw !== undefined && raw !== '' && Number.isInteger(n) && n >= 0 ? n : undefined
}

/**
 * The reader: a window of the chapter's text with my highlights and bookmarks, the menu (chapters,
 * progress, settings), the catalogue with bookmarks, marking text, and sharing.
 */
function ReaderPage() {
  const { params } = useRouter()
  const booksId = Number(params.id)
  const { session, feed } = useStores()
  const [wanted] = useState(() => ({
    serial: Number(params.serial) || 0,
    paragraph: optionalInt(params.p),
  }))
  const reader = useReader(booksId, wanted, session.isLoggedIn)
  const settings = useReaderPrefs()
  const { prefs } = settings
  const catalogue = useCatalogue(booksId)
  const marks = useReaderMarks(booksId, reader.chapters, reader.text, session, feed)
  const { chapter, error } = reader.chapters
  const { panel, setPanel, topInset } = reader
  // A new size or line spacing re-flows the text: the paragraph at the top stays there.
  const flow = `${prefs.fontSize}/${prefs.lineHeight}`
  const flowed = useRef(flow)
  const keepPlace = useRef(reader.keepPlace)
  keepPlace.current = reader.keepPlace
  useEffect(() => {
    if (flowed.current === flow) return
    flowed.current = flow
    keepPlace.current()
  }, [flow])

  const share = useShareCard({
    title: chapter ? `${chapter.booksName} · ${chapter.title}` : '书友',
    desc: chapter?.paragraphs[0],
    path: readUrl(booksId, chapter?.serial),
  })

  if (error) return <ReaderFailed error={error} onRetry={reader.retry} />
  if (!chapter) return <View className="reader reader__loading">加载中…</View>

  const openMenu = () => {
    if (marks.open) return marks.close()
    // The tap that ends a selection is not a tap for the menu.
    if (isH5() && document.getSelection()?.isCollapsed === false) return
    catalogue.load()
    reader.onTap()
  }

  return (
    <View className={prefs.night ? 'reader reader--night' : 'reader'} data-testid="reader">
      <ChapterText
        chapter={chapter}
        text={reader.text}
        fontSize={prefs.fontSize}
        lineHeight={prefs.lineHeight}
        justify={justifies(prefs.fontSize)}
        topInset={topInset}
        segmentsOf={marks.marks.segmentsOf}
        onMarkTap={marks.tapMark}
        onLongPress={marks.longPress}
        onScroll={reader.onScroll}
        onTap={openMenu}
        onTurn={reader.turn}
      />
      {marks.bookmarked && <View className="reader__bookmark" data-testid="bookmark-ribbon" />}
      {panel === 'menu' && (
        <ReaderMenu
          title={`${chapter.booksName} · ${chapter.title}`}
          prefs={prefs}
          hasPrev={chapter.prevSerial !== null}
          hasNext={chapter.nextSerial !== null}
          canListen={chapter.audioUrl !== ''}
          topInset={topInset}
          permyriad={reader.permyriad}
          chapterCount={chapter.chapterCount}
          chapterTitle={catalogue.titleOf}
          onShelf={session.isLoggedIn}
          bookmarked={marks.bookmarked}
          onFont={settings.changeFont}
          onLineHeight={settings.changeLineHeight}
          onBrightness={settings.changeBrightness}
          onNight={settings.toggleNight}
          onTurn={reader.turn}
          onSeek={reader.seek}
          onCatalogue={() => {
            if (session.isLoggedIn) void marks.marks.loadBookBookmarks()
            setPanel('catalogue')
          }}
          onBookmark={marks.toggleBookmark}
          onNotes={() =>
            requireLogin(session, () => void Taro.navigateTo({ url: notesUrl(booksId) }))
          }
          onShelfAdd={() => requireLogin(session, () => undefined)}
          onListen={() => void Taro.navigateTo({ url: listenUrl(booksId, chapter.serial) })}
          onClose={() => setPanel('none')}
        />
      )}
      {panel === 'menu' && (
        // Under the menu's top bar, on the right.
        <ShareButton
          floating
          style={{ top: `calc(${topInset}px + ${Taro.pxTransform(112)})`, bottom: 'auto' }}
          onShare={share}
        />
      )}
      {panel === 'catalogue' && (
        <Catalogue
          booksName={chapter.booksName}
          current={chapter.serial}
          night={prefs.night}
          chapters={catalogue.chapters}
          error={catalogue.error}
          bookmarks={session.isLoggedIn ? marks.marks.bookBookmarks : []}
          titleOf={catalogue.titleOf}
          onPick={reader.pick}
          onJump={reader.jump}
          onClose={() => setPanel('none')}
        />
      )}
      {marks.bar && !marks.editing && (
        <HighlightBar
          night={prefs.night}
          {...marks.bar}
          busy={marks.marks.busy}
          onSentence={marks.chooseSentence}
          onColour={marks.pickColour}
          onNote={marks.writeNote}
          onDelete={() => void marks.remove()}
          onShare={() => void marks.share()}
          onClose={marks.close}
        />
      )}
      {marks.bar && marks.editing && (
        <NoteSheet
          quote={marks.bar.quote}
          initial={marks.bar.note}
          busy={marks.marks.busy}
          onSave={marks.saveNote}
          onCancel={marks.cancelNote}
        />
      )}
      {isH5() && prefs.brightness < 1 && (
        <View className="reader__dim" style={{ opacity: (1 - prefs.brightness) * 0.8 }} />
      )}
    </View>
  )
}

export default observer(ReaderPage)
