import Taro, { useDidShow } from '@tarojs/taro'
import { useRef, useState } from 'react'
import { setPageTitle } from '@/core/platform'
import { usePageData } from '@/core/usePageData'
import { NEWSPAPER_NOT_FOUND } from '@rules/periodicals'
import type { NewspaperDetail } from '@/types/api/newspapers'
import { fetchNewspaper, setCollected } from './api'
import { editionTitle } from './editions'
import { editionReadUrl } from './links'

/**
 * A newspaper's page: the newspaper with its editions (newest date first) and my state
 * (collected, my place, my own editions' review), loaded again on every return and on pull-down;
 * the edition chosen on the date strip; collecting.
 */
export function useNewspaperDetail(id: number) {
  const page = usePageData(
    async () => {
      if (!Number.isInteger(id) || id <= 0) throw new Error(NEWSPAPER_NOT_FOUND)
      const paper = await fetchNewspaper(id)
      setPageTitle(paper.name)
      return paper
    },
    [id],
    { pullDown: true },
  )
  const [collected, setCollectedFor] = useState<{ of: NewspaperDetail; value: boolean } | null>(
    null,
  )
  const [busy, setBusy] = useState(false)
  const [chosen, choose] = useState<number | null>(null)
  const shown = useRef(false)

  useDidShow(() => {
    if (!shown.current) return void (shown.current = true)
    void page.reload()
  })

  const loaded = page.data
  const paper =
    loaded && collected?.of === loaded ? { ...loaded, collected: collected.value } : loaded

  const toggleCollect = async () => {
    if (!loaded || !paper || busy) return
    setBusy(true)
    try {
      const res = await setCollected(paper.id, !paper.collected)
      setCollectedFor({ of: loaded, value: res.collected })
      void page.reload()
      void Taro.showToast({ title: res.collected ? '已加入收藏' : '已取消收藏', icon: 'none' })
    } catch {
      // the request layer has shown why
    } finally {
      setBusy(false)
    }
  }

  const editions = paper?.editions ?? []
  const edition = editions.find((e) => e.id === chosen) ?? editions[0] ?? null
  const place = paper?.place ?? null
  return {
    paper,
    error: page.error,
    busy,
    toggleCollect,
    /** The edition the date strip shows (the newest until one is chosen). */
    edition,
    choose,
    /** 继续阅读 my place, else 阅读最新一期 (null: no edition yet). */
    readAction: place
      ? {
          label: '继续阅读',
          detail: `${editionTitle({ title: place.editionTitle, date: place.date })} · ${place.articleTitle}`,
          url: editionReadUrl(place.editionId),
        }
      : editions[0]
        ? {
            label: '阅读最新一期',
            detail: editionTitle(editions[0]),
            url: editionReadUrl(editions[0].id),
          }
        : null,
  }
}
