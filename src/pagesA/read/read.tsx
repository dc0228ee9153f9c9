import { View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import { listenUrl, readUrl } from '@/features/books/links'
import Catalogue from '@/features/books/reader/Catalogue'
import ChapterText from '@/features/books/reader/ChapterText'
import ReaderMenu from '@/features/books/reader/ReaderMenu'
import { useReader } from '@/features/books/reader/useReader'
import { useReaderPrefs } from '@/features/books/reader/useReaderPrefs'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { useStores } from '@/stores'
import './read.scss'

/** The reader: a window of the chapter's text, the menu, the catalogue and sharing. */
function ReaderPage() {
  const { params } = useRouter()
  const booksId = Number(params.id)
  const { session } = useStores()
  const reader = useReader(booksId, Number(params.serial) || 0, session.isLoggedIn)
  const { prefs, changeFont, toggleNight } = useReaderPrefs()
  const { chapter, error } = reader.chapters
  const { panel, setPanel, topInset } = reader

  const share = useShareCard({
    title: chapter ? `${chapter.booksName} · ${chapter.title}` : '书友',
    desc: chapter?.paragraphs[0],
    path: readUrl(booksId, chapter?.serial),
  })

  if (error) return <Empty kind="error" text={error} />
  if (!chapter) return <View className="reader reader__loading">加载中…</View>

  return (
    <View className={prefs.night ? 'reader reader--night' : 'reader'} data-testid="reader">
      <ChapterText
        chapter={chapter}
        text={reader.text}
        fontSize={prefs.fontSize}
        topInset={topInset}
        onScroll={reader.onScroll}
        onTap={reader.onTap}
        onTurn={reader.turn}
      />
      {panel === 'menu' && (
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
          onTurn={reader.turn}
          onCatalogue={() => setPanel('catalogue')}
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
          booksId={booksId}
          booksName={chapter.booksName}
          current={chapter.serial}
          night={prefs.night}
          onPick={reader.pick}
          onClose={() => setPanel('none')}
        />
      )}
    </View>
  )
}

export default observer(ReaderPage)
