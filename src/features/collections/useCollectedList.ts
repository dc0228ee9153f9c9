import { useLiveList } from '@/components/PagedList/useLiveList'
import { useConfirmedRemoval } from '@/core/useConfirmedRemoval'
import { COLLECT_KINDS, type CollectedRow, type CollectKind } from './kinds'

export const COLLECT_PAGE_SIZE = 10

/**
 * One kind's collected list: page by page, reloaded when the page is shown again and its first
 * page changed (collected or uncollected on a detail page), rows uncollected in place after a
 * confirmation.
 */
export function useCollectedList(kind: CollectKind, loggedIn: boolean) {
  const config = COLLECT_KINDS[kind]
  const list = useLiveList<CollectedRow>({
    fetchPage: (page) => config.fetch(page, COLLECT_PAGE_SIZE),
    pageSize: COLLECT_PAGE_SIZE,
    keyOf: (row) => row.id,
    versionOf: (row) => row.collectedAt,
    active: loggedIn,
  })
  const removal = useConfirmedRemoval<CollectedRow>({
    key: (row) => row.id,
    ask: (row) => ({
      title: '取消收藏',
      content: `确定不再收藏《${row.title}》吗？`,
      confirmText: '取消收藏',
      cancelText: '再想想',
    }),
    remove: (row) => config.uncollect(row.id),
    removed: (row) => list.remove(row.id),
    doneText: '已取消收藏',
  })
  return { config, list, uncollect: removal.run, removing: removal.busy }
}
