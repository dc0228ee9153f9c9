import { useEffect, useRef } from 'react'
import { setPageTitle } from '@/core/platform'
import { usePageData } from '@/core/usePageData'
import { DocumentText } from '@rules/documents'
import { countReading, fetchDocDetail } from './api'
import { preloadViewer } from './components/DocViewer/preload'

/**
 * The document a reader opens: its detail (a public one, or one of mine in any state), and one
 * reading counted per opening of the page (RefreshDocReadingNumber; the server counts a reader once
 * an hour).
 */
export function useDocReader(id: number) {
  useEffect(preloadViewer, [])
  const page = usePageData(async () => {
    if (!Number.isInteger(id) || id <= 0) throw new Error(DocumentText.notFound)
    const doc = await fetchDocDetail(id)
    setPageTitle(doc.title)
    return doc
  }, [id])
  const counted = useRef(0)
  const doc = page.data
  useEffect(() => {
    if (!doc || counted.current === doc.id) return
    counted.current = doc.id
    void countReading(doc.id).catch(() => undefined)
  }, [doc])
  return { doc, error: page.error, reload: page.reload }
}
