import Taro from '@tarojs/taro'
import { useEffect, useMemo, useState } from 'react'
import { isH5 } from '@/core/platform'
import { toast } from '@/core/toast'
import { requireLogin } from '@/features/account/public'
import { marksApi, shareNote } from '@/features/annotations/public'
import type { FeedStore, SessionStore } from '@/stores'
import type { HighlightColour } from '@rules/annotations'
import type { TextBlock } from '../blocks'
import type { ChapterStore } from './ChapterStore'
import { ReaderMarks } from './ReaderMarks'
import { selectedRange, sentenceRanges, type MarkedRange } from './selection'
import type { TextWindow } from './TextWindow'

/** What the mark bar acts on: a new range (with sentences to choose on weapp) or a highlight. */
type Target =
  | { kind: 'range'; range: MarkedRange; sentences: Array<{ start: number; end: number }> | null }
  | { kind: 'highlight'; id: number }

const SELECTION_SETTLE_MS = 350

/**
 * The reader's bookmarks and highlights: painting the chapter's, the bookmark at the top
 * paragraph, and marking text — the selection on H5, a long-pressed block's sentences on weapp —
 * with a colour and a note; a highlight tapped can change, be shared to the feed or deleted.
 */
export function useReaderMarks(
  booksId: number,
  chapters: ChapterStore,
  text: TextWindow,
  session: SessionStore,
  feed: FeedStore,
) {
  const [marks] = useState(() => new ReaderMarks(booksId, marksApi))
  const [target, setTarget] = useState<Target | null>(null)
  const [editing, setEditing] = useState(false)
  const loggedIn = session.isLoggedIn

  useEffect(() => {
    if (!loggedIn) return
    const stop = chapters.onShow((chapter) => void marks.openChapter(chapter.serial))
    if (chapters.chapter) void marks.openChapter(chapters.chapter.serial)
    return stop
  }, [chapters, marks, loggedIn])

  const paragraphText = (paragraph: number) => chapters.chapter?.paragraphs[paragraph] ?? ''
  const blocksById = useMemo(() => new Map(text.blocks.map((b) => [b.id, b])), [text.blocks])

  // H5: a selection that stays still for a moment opens the bar.
  useEffect(() => {
    if (!isH5() || typeof document === 'undefined') return
    let timer: ReturnType<typeof setTimeout> | undefined
    const onChange = () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        const range = selectedRange(document.getSelection(), blocksById, paragraphText)
        if (range) setTarget({ kind: 'range', range, sentences: null })
      }, SELECTION_SETTLE_MS)
    }
    document.addEventListener('selectionchange', onChange)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('selectionchange', onChange)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- paragraphText reads the store
  }, [blocksById])

  const close = () => {
    setTarget(null)
    setEditing(false)
    if (isH5()) document.getSelection()?.removeAllRanges()
  }

  const quoteOf = (t: Target | null): string => {
    if (!t) return ''
    if (t.kind === 'highlight') return marks.highlight(t.id)?.quote ?? ''
    return paragraphText(t.range.paragraph).slice(t.range.start, t.range.end)
  }
  const current = target?.kind === 'highlight' ? marks.highlight(target.id) : undefined

  const create = async (colour: HighlightColour, note?: string) => {
    if (target?.kind !== 'range') return
    const saved = await marks.createHighlight(target.range, colour, note)
    if (saved) {
      toast(note ? '想法已保存' : '已划线')
      close()
    }
  }

  return {
    marks,
    /** Whether a selection is being made (a tap then closes the bar instead of the menu). */
    get open(): boolean {
      return target !== null
    },
    editing,
    bar: target && {
      quote: quoteOf(target),
      colour: current?.colour ?? null,
      note: current?.note ?? '',
      sentences:
        target.kind === 'range' && target.sentences
          ? target.sentences.map((s) => ({
              text: paragraphText(target.range.paragraph).slice(s.start, s.end),
              chosen: s.start >= target.range.start && s.end <= target.range.end,
            }))
          : null,
    },
    bookmarked: marks.bookmarkAt(text.paragraph) !== undefined,
    toggleBookmark: () =>
      requireLogin(session, () => {
        void marks.toggleBookmark(text.paragraph).then((done) => {
          if (done) toast(done === 'added' ? '已添加书签' : '已删除书签')
        })
      }),
    /** weapp: a long-pressed block; its sentences to choose from, the one block chosen. */
    longPress: (block: TextBlock) =>
      requireLogin(session, () => {
        const sentences = sentenceRanges(paragraphText(block.paragraph))
        const inBlock = sentences.filter(
          (s) => s.start >= block.start && s.end <= block.start + block.text.length,
        )
        const first = inBlock[0] ?? { start: block.start, end: block.start + block.text.length }
        setTarget({
          kind: 'range',
          range: { paragraph: block.paragraph, start: first.start, end: first.end },
          sentences,
        })
      }),
    /** weapp: a sentence tapped widens the range to it, or narrows it back to that sentence. */
    chooseSentence: (index: number) => {
      if (target?.kind !== 'range' || !target.sentences) return
      const s = target.sentences[index]
      const { range } = target
      const inside = s.start >= range.start && s.end <= range.end
      const next = inside
        ? { ...range, start: s.start, end: s.end }
        : { ...range, start: Math.min(range.start, s.start), end: Math.max(range.end, s.end) }
      setTarget({ ...target, range: next })
    },
    tapMark: (id: number) => setTarget({ kind: 'highlight', id }),
    pickColour: (colour: HighlightColour) =>
      requireLogin(session, () => {
        if (target?.kind === 'highlight')
          void marks.updateHighlight({ id: target.id, colour }).then((saved) => {
            if (saved) close()
          })
        else void create(colour)
      }),
    writeNote: () => requireLogin(session, () => setEditing(true)),
    saveNote: (note: string) => {
      if (target?.kind === 'highlight')
        void marks.updateHighlight({ id: target.id, note }).then((saved) => {
          if (saved) {
            toast('想法已保存')
            close()
          }
        })
      else void create(current?.colour ?? 'yellow', note)
    },
    cancelNote: () => setEditing(false),
    remove: async () => {
      if (target?.kind !== 'highlight') return
      const { confirm } = await Taro.showModal({ title: '删除划线', content: '划线和想法都会删除' })
      if (confirm && (await marks.deleteHighlight(target.id))) {
        toast('已删除')
        close()
      }
    },
    share: async () => {
      if (target?.kind !== 'highlight' || !current) return
      close()
      await shareNote(current, feed)
    },
    close,
  }
}
