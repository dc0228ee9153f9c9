import Taro, { useDidShow } from '@tarojs/taro'
import { useRef, useState } from 'react'
import { setPageTitle } from '@/core/platform'
import { usePageData } from '@/core/usePageData'
import { DocumentText } from '@rules/documents'
import type { DocumentDetail } from '@/types/api/documents'
import { fetchDocDetail, setDocCollected } from './api'

/**
 * A document's page: the document (again on every return, since reading counts and collecting
 * elsewhere change it, and on pull-down) and collecting it.
 */
export function useDocDetail(id: number) {
  const page = usePageData(
    async () => {
      if (!Number.isInteger(id) || id <= 0) throw new Error(DocumentText.notFound)
      const doc = await fetchDocDetail(id)
      setPageTitle(doc.title)
      return doc
    },
    [id],
    { pullDown: true },
  )
  /** The flag as collecting here left it, for the document it was set on. */
  const [collected, setCollectedFor] = useState<{ doc: DocumentDetail; value: boolean } | null>(
    null,
  )
  const [busy, setBusy] = useState(false)
  const shown = useRef(false)

  useDidShow(() => {
    if (!shown.current) return void (shown.current = true)
    void page.reload()
  })

  const loaded = page.data
  const doc =
    loaded && collected?.doc === loaded ? { ...loaded, collected: collected.value } : loaded

  const toggleCollect = async () => {
    if (!loaded || !doc || busy) return
    setBusy(true)
    try {
      const res = await setDocCollected(doc.id, !doc.collected)
      setCollectedFor({ doc: loaded, value: res.collected })
      void Taro.showToast({ title: res.collected ? '已加入收藏' : '已取消收藏', icon: 'none' })
    } catch {
      // the request layer has shown why
    } finally {
      setBusy(false)
    }
  }

  return { doc, error: page.error, reload: page.reload, collecting: busy, toggleCollect }
}
