import Taro from '@tarojs/taro'
import { useState } from 'react'
import { useLiveList } from '@/components/PagedList/useLiveList'
import { BRAND_COLOR } from '@/core/theme'
import { useConfirmedRemoval } from '@/core/useConfirmedRemoval'
import type { MyIssue } from '@/types/api/magazines'
import type { MyDocument } from '@/types/api/documents'
import type { MyEdition } from '@/types/api/newspapers'
import { DOC_PAGE_SIZE, fetchMyDocs, removeMyDoc, withdrawDoc } from './api'
import { fetchMyEditions, fetchMyIssues } from './myUploads'

/**
 * 我的文档: my documents with their review state (deleted after a confirmation, taken out of the
 * library with 撤回), and my uploaded magazine issues and newspaper editions. Each list reloads when
 * the page is shown again and its first page changed (an upload, a decision).
 */
export function useMyDocs(loggedIn: boolean) {
  const docs = useLiveList<MyDocument>({
    fetchPage: (page) => fetchMyDocs(page, DOC_PAGE_SIZE),
    pageSize: DOC_PAGE_SIZE,
    keyOf: (doc) => doc.id,
    versionOf: (doc) => `${doc.reviewState}|${doc.submittedAt ?? 0}|${doc.title}`,
    active: loggedIn,
  })
  const issues = useLiveList<MyIssue>({
    fetchPage: (page) => fetchMyIssues(page, DOC_PAGE_SIZE),
    pageSize: DOC_PAGE_SIZE,
    keyOf: (issue) => issue.issueId,
    versionOf: (issue) => `${issue.reviewState}|${issue.updatedAt}`,
    active: loggedIn,
  })
  const editions = useLiveList<MyEdition>({
    fetchPage: (page) => fetchMyEditions(page, DOC_PAGE_SIZE),
    pageSize: DOC_PAGE_SIZE,
    keyOf: (edition) => edition.editionId,
    versionOf: (edition) => `${edition.reviewState}|${edition.updatedAt}`,
    active: loggedIn,
  })

  const removal = useConfirmedRemoval<MyDocument>({
    key: (doc) => doc.id,
    ask: (doc) => ({
      title: '删除文档',
      content: `确定删除《${doc.title}》吗？删除后无法恢复`,
      confirmText: '删除',
      cancelText: '再想想',
    }),
    remove: (doc) => removeMyDoc(doc.id),
    removed: (doc) => docs.remove(doc.id),
    doneText: '已删除',
  })

  const [withdrawing, setWithdrawing] = useState<number | null>(null)
  const withdraw = async (doc: MyDocument): Promise<void> => {
    if (withdrawing !== null) return
    const { confirm } = await Taro.showModal({
      title: '撤回投稿',
      content:
        doc.reviewState === 'approved'
          ? '撤回后文档将从文库中移除，只有你自己能看到'
          : '撤回后不再审核，文档只有你自己能看到',
      confirmText: '撤回',
      cancelText: '再想想',
      confirmColor: BRAND_COLOR,
    })
    if (!confirm) return
    setWithdrawing(doc.id)
    try {
      await withdrawDoc(doc.id)
      docs.reload()
      void Taro.showToast({ title: '已撤回', icon: 'none' })
    } catch {
      // the request layer has shown why
    } finally {
      setWithdrawing(null)
    }
  }

  return {
    docs,
    issues,
    editions,
    remove: removal.run,
    removing: removal.busy,
    withdraw,
    withdrawing,
  }
}
