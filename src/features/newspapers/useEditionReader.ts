import { useCallback, useEffect, useRef, useState } from 'react'
import { setPageTitle } from '@/core/platform'
import { errorText } from '@/core/usePageData'
import { useArticleScroll, usePlaceSaver } from '@/features/periodicals/public'
import { useReadingClock } from '@/features/stats/public'
import type {
  EditionCatalogue,
  NewspaperArticle,
  SaveNewspaperReadingReq,
} from '@/types/api/newspapers'
import {
  fetchCatalogue,
  fetchNewspaper,
  fetchSign,
  openEdition,
  saveReading,
  turnEdition,
} from './api'
import { editionNeighbours, type EditionNeighbours } from './editions'

/** What is shown: a page (版面) with its articles, or an article's text, or the contents. */
export type EditionView = 'page' | 'article'
export type EditionPanel = 'none' | 'menu' | 'contents'

/**
 * Reading an edition: its pages as tabs (each page's image and its articles), an article's text
 * with the turns within the edition, the editions before and after by date, my read marks, my
 * place saved as I read (signed-in readers) and my reading time credited to the newspaper. Opens
 * at the article asked for, else at my saved place in the edition, else at its first page.
 */
export function useEditionReader(
  wanted: { editionId: number; articleId?: number },
  loggedIn: boolean,
) {
  const [editionId, setEditionId] = useState(wanted.editionId)
  const [catalogue, setCatalogue] = useState<EditionCatalogue | null>(null)
  const [pageIndex, setPageIndex] = useState(0)
  const [view, setView] = useState<EditionView>('page')
  const [article, setArticle] = useState<NewspaperArticle | null>(null)
  const [readIds, setReadIds] = useState<ReadonlySet<number>>(() => new Set())
  const [neighbours, setNeighbours] = useState<EditionNeighbours | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [panel, setPanel] = useState<EditionPanel>('none')
  const shown = useRef<NewspaperArticle | null>(null)
  const opened = useRef(0)
  const editions = useRef<{
    newspaperId: number
    list: Array<{ id: number; date: string }>
  } | null>(null)

  const newspaperId = catalogue?.edition.newspaperId ?? 0
  const touch = useReadingClock({ newspaperId }, loggedIn)

  const markRead = useCallback((articleId: number) => {
    setReadIds((ids) => (ids.has(articleId) ? ids : new Set(ids).add(articleId)))
  }, [])
  const savePlace = usePlaceSaver(
    (place: SaveNewspaperReadingReq) => saveReading(place).then(() => markRead(place.articleId)),
    loggedIn,
  )
  const scroll = useArticleScroll((paragraph) => {
    const current = shown.current
    if (current) savePlace({ editionId: current.editionId, articleId: current.id, paragraph })
  })
  const { goTo } = scroll

  const loadSign = useCallback(
    (id: number) => {
      if (!loggedIn) return
      fetchSign(id)
        .then((sign) => {
          if (opened.current === id) setReadIds(new Set(sign.readArticleIds))
        })
        .catch(() => undefined)
    },
    [loggedIn],
  )

  const loadNeighbours = useCallback((paperId: number, id: number) => {
    const known = editions.current
    if (known?.newspaperId === paperId) {
      setNeighbours(editionNeighbours(known.list, id))
      return
    }
    fetchNewspaper(paperId, true)
      .then((detail) => {
        editions.current = { newspaperId: paperId, list: detail.editions }
        if (opened.current === id) setNeighbours(editionNeighbours(detail.editions, id))
      })
      .catch(() => undefined)
  }, [])

  const showArticle = useCallback(
    (next: NewspaperArticle, paragraph: number, pages: EditionCatalogue['pages']) => {
      shown.current = next
      setArticle(next)
      setView('article')
      setPageTitle(next.title)
      const at = pages.findIndex((p) => p.id === next.pageId)
      if (at >= 0) setPageIndex(at)
      goTo(paragraph, next.paragraphs.length)
      savePlace({ editionId: next.editionId, articleId: next.id, paragraph })
    },
    [goTo, savePlace],
  )

  /** Opens edition `id`: at `articleId`, else at my place in it, else at its first page. */
  const open = useCallback(
    async (id: number, articleId?: number) => {
      setError(null)
      try {
        const [next, start] = await Promise.all([fetchCatalogue(id), openEdition(id, articleId)])
        opened.current = id
        setEditionId(id)
        setCatalogue(next)
        setReadIds(
          new Set(next.pages.flatMap((p) => p.articles.filter((a) => a.read).map((a) => a.id))),
        )
        setPanel('none')
        const place = start.place
        const atPlace = start.article && place?.articleId === start.article.id
        if (start.article && (articleId || atPlace)) {
          showArticle(start.article, atPlace && place ? place.paragraph : 0, next.pages)
        } else {
          shown.current = null
          setArticle(null)
          setView('page')
          setPageIndex(0)
          setPageTitle(next.edition.title || next.edition.date)
        }
        loadSign(id)
        loadNeighbours(next.edition.newspaperId, id)
      } catch (err) {
        setError(errorText(err))
      }
    },
    [showArticle, loadSign, loadNeighbours],
  )

  useEffect(() => {
    void open(wanted.editionId, wanted.articleId)
  }, [open, wanted.editionId, wanted.articleId])

  const act = async (work: () => Promise<void>) => {
    if (busy) return
    touch()
    setBusy(true)
    try {
      await work()
    } catch {
      // the request layer has shown why (已经是最新一期...)
    } finally {
      setBusy(false)
    }
  }

  const openArticle = (articleId: number) =>
    act(async () => {
      const res = await openEdition(editionId, articleId)
      if (res.article && catalogue) showArticle(res.article, 0, catalogue.pages)
      setPanel('none')
    })

  const allArticles = catalogue?.pages.flatMap((p) => p.articles) ?? []
  const read = allArticles.filter((a) => readIds.has(a.id)).length

  return {
    editionId,
    catalogue,
    page: catalogue?.pages[pageIndex] ?? null,
    pageIndex,
    view,
    article,
    readIds,
    neighbours,
    error,
    busy,
    panel,
    setPanel,
    /** 已读 n/m for a signed-in reader. */
    progress: loggedIn && allArticles.length > 0 ? `已读 ${read}/${allArticles.length}` : '',
    topInset: scroll.topInset,
    anchor: scroll.anchor,
    retry: () => void open(editionId),
    choosePage(index: number) {
      touch()
      setPageIndex(index)
    },
    /** Back from an article to its page. */
    showPage() {
      touch()
      setPanel('none')
      setView('page')
    },
    openArticle: (articleId: number) => void openArticle(articleId),
    turnArticle(direction: 'prev' | 'next') {
      const id = direction === 'prev' ? article?.prevId : article?.nextId
      if (id) void openArticle(id)
    },
    turnEdition(direction: 'prev' | 'next') {
      void act(async () => {
        const ref = await turnEdition(editionId, direction)
        await open(ref.id)
      })
    },
    onScroll() {
      touch()
      scroll.onScroll()
    },
    onTap() {
      touch()
      setPanel((p) => (p === 'menu' ? 'none' : 'menu'))
    },
    openContents() {
      touch()
      setPanel('contents')
      loadSign(editionId)
    },
    touch,
  }
}
