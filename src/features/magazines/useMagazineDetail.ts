import Taro, { useDidShow } from '@tarojs/taro'
import { useRef, useState } from 'react'
import { setPageTitle } from '@/core/platform'
import { usePageData } from '@/core/usePageData'
import { MAGAZINE_NOT_FOUND } from '@rules/periodicals'
import type { MagazineDetail } from '@/types/api/magazines'
import { fetchMagazine, setCollected } from './api'
import { issueReadUrl } from './links'

/**
 * A magazine's page: the magazine with its issues and my state (collected, my place, my own
 * issues' review), loaded again on every return (reading moves the place and the read counts) and
 * on pull-down; collecting.
 */
export function useMagazineDetail(id: number) {
  const page = usePageData(
    async () => {
      if (!Number.isInteger(id) || id <= 0) throw new Error(MAGAZINE_NOT_FOUND)
      const magazine = await fetchMagazine(id)
      setPageTitle(magazine.name)
      return magazine
    },
    [id],
    { pullDown: true },
  )
  /** The flag as collecting here left it, for the data it was set on. */
  const [collected, setCollectedFor] = useState<{ of: MagazineDetail; value: boolean } | null>(null)
  const [busy, setBusy] = useState(false)
  const shown = useRef(false)

  useDidShow(() => {
    if (!shown.current) return void (shown.current = true)
    void page.reload()
  })

  const loaded = page.data
  const magazine =
    loaded && collected?.of === loaded ? { ...loaded, collected: collected.value } : loaded

  const toggleCollect = async () => {
    if (!loaded || !magazine || busy) return
    setBusy(true)
    try {
      const res = await setCollected(magazine.id, !magazine.collected)
      setCollectedFor({ of: loaded, value: res.collected })
      // A load still on its way may predate the change: a newer one makes it drop its answer.
      void page.reload()
      void Taro.showToast({ title: res.collected ? '已加入收藏' : '已取消收藏', icon: 'none' })
    } catch {
      // the request layer has shown why
    } finally {
      setBusy(false)
    }
  }

  const place = magazine?.place ?? null
  // Newest first: others see approved issues only, the owner all of theirs.
  const latest = magazine?.issues[0]
  return {
    magazine,
    error: page.error,
    busy,
    toggleCollect,
    /** 继续阅读 my place, else 开始阅读 the latest issue (null: nothing to read yet). */
    readAction: place
      ? {
          label: '继续阅读',
          detail: `${place.issueTitle} · ${place.articleTitle}`,
          url: issueReadUrl(place.issueId),
        }
      : latest
        ? { label: '开始阅读', detail: latest.title, url: issueReadUrl(latest.id) }
        : null,
  }
}
