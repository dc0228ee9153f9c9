import { useCallback, useEffect, useRef, useState } from 'react'
import { setPageTitle } from '@/core/platform'
import { errorText } from '@/core/usePageData'
import { usePlaceSaver, useArticleScroll } from '@/features/periodicals/public'
import { useReadingClock } from '@/features/stats/public'
import type { IssueContents, MagazineArticle, SaveMagazineReadingReq } from '@/types/api/magazines'
import { fetchContents, fetchMagazine, fetchSign, openIssue, saveReading, turnArticle } from './api'
import { articleTurns, issueNeighbours, readLabel, type IssueNeighbours } from './turning'

export type IssuePanel = 'none' | 'menu' | 'contents'

/**
 * Reading an issue: its contents with my read marks, the article shown (the one asked for, else my
 * saved place in the issue, else the first), turning article by article across issues, my place
 * saved as I scroll (signed-in readers; restored on any device) and my reading time credited to
 * the magazine.
 */
export function useIssueReader(wanted: { issueId: number; articleId?: number }, loggedIn: boolean) {
  const [contents, setContents] = useState<IssueContents | null>(null)
  const [article, setArticle] = useState<MagazineArticle | null>(null)
  const [readIds, setReadIds] = useState<ReadonlySet<number>>(() => new Set())
  const [neighbours, setNeighbours] = useState<IssueNeighbours | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [panel, setPanel] = useState<IssuePanel>('none')
  const shown = useRef<MagazineArticle | null>(null)
  const issues = useRef<{ magazineId: number; list: Array<{ id: number; serial: number }> } | null>(
    null,
  )

  const touch = useReadingClock({ magazineId: article?.magazineId ?? 0 }, loggedIn)

  const markRead = useCallback((articleId: number) => {
    setReadIds((ids) => (ids.has(articleId) ? ids : new Set(ids).add(articleId)))
  }, [])
  const savePlace = usePlaceSaver(
    (place: SaveMagazineReadingReq) => saveReading(place).then(() => markRead(place.articleId)),
    loggedIn,
  )
  const scroll = useArticleScroll((paragraph) => {
    const current = shown.current
    if (current) savePlace({ issueId: current.issueId, articleId: current.id, paragraph })
  })
  const { goTo } = scroll

  const loadSign = useCallback(
    (issueId: number) => {
      if (!loggedIn) return
      fetchSign(issueId)
        .then((sign) => {
          if (shown.current?.issueId === issueId) setReadIds(new Set(sign.readArticleIds))
        })
        .catch(() => undefined)
    },
    [loggedIn],
  )

  /** The issue's neighbours, from the magazine's issues (asked once per magazine). */
  const loadNeighbours = useCallback((magazineId: number, issueId: number) => {
    const known = issues.current
    if (known?.magazineId === magazineId) {
      setNeighbours(issueNeighbours(known.list, issueId))
      return
    }
    fetchMagazine(magazineId, true)
      .then((detail) => {
        issues.current = { magazineId, list: detail.issues }
        if (shown.current?.issueId === issueId)
          setNeighbours(issueNeighbours(detail.issues, issueId))
      })
      .catch(() => undefined)
  }, [])

  const show = useCallback(
    (next: MagazineArticle, paragraph: number) => {
      const crossed = shown.current?.issueId !== next.issueId
      shown.current = next
      setArticle(next)
      setPageTitle(next.title)
      goTo(paragraph, next.paragraphs.length)
      savePlace({ issueId: next.issueId, articleId: next.id, paragraph })
      if (crossed) loadNeighbours(next.magazineId, next.issueId)
    },
    [goTo, savePlace, loadNeighbours],
  )

  /** The issue's contents and read marks, when the article shown is in another issue. */
  const enterIssue = useCallback(
    async (issueId: number) => {
      const next = await fetchContents(issueId)
      setContents(next)
      setReadIds(new Set(next.articles.filter((a) => a.read).map((a) => a.id)))
      loadSign(issueId)
    },
    [loadSign],
  )

  const open = useCallback(async () => {
    setError(null)
    try {
      const [next, opened] = await Promise.all([
        fetchContents(wanted.issueId),
        openIssue(wanted.issueId, wanted.articleId),
      ])
      setContents(next)
      setReadIds(new Set(next.articles.filter((a) => a.read).map((a) => a.id)))
      const place = opened.place
      show(opened.article, place?.articleId === opened.article.id ? place.paragraph : 0)
      loadSign(wanted.issueId)
    } catch (err) {
      setError(errorText(err))
    }
  }, [wanted.issueId, wanted.articleId, show, loadSign])

  useEffect(() => {
    void open()
  }, [open])

  const move = async (load: () => Promise<MagazineArticle>) => {
    if (busy) return
    touch()
    setBusy(true)
    try {
      const next = await load()
      if (next.issueId !== shown.current?.issueId) await enterIssue(next.issueId)
      show(next, 0)
      setPanel('none')
    } catch {
      // the request layer has shown why (已经是最后一篇...)
    } finally {
      setBusy(false)
    }
  }

  const current = article
  const turns = current ? articleTurns(current, neighbours) : null
  const total = contents?.articles.length ?? 0
  const read = contents ? contents.articles.filter((a) => readIds.has(a.id)).length : 0

  return {
    contents,
    article,
    error,
    busy,
    panel,
    setPanel,
    readIds,
    turns,
    /** 已读 n/m for a signed-in reader. */
    progress: loggedIn ? readLabel(read, total) : '',
    topInset: scroll.topInset,
    anchor: scroll.anchor,
    retry: () => void open(),
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
      if (shown.current) loadSign(shown.current.issueId)
    },
    turn(direction: 'prev' | 'next') {
      const at = shown.current
      if (at) void move(() => turnArticle(at.id, direction))
    },
    pick(articleId: number) {
      const at = shown.current
      if (!at) return
      if (articleId === at.id) return setPanel('none')
      void move(() => openIssue(at.issueId, articleId).then((res) => res.article))
    },
  }
}
