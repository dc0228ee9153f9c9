import { View, Text } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useEffect, useImperativeHandle, type ReactNode, type Ref } from 'react'
import Empty, { type EmptyKind } from '../Empty'
import { usePagedList, type PageResult, type RowMatch } from './usePagedList'
import './index.scss'

/** Edits of the rows shown, for the page that holds the list (see usePagedListHandle). */
export interface PagedListHandle<T> {
  update: (match: RowMatch<T>, edit: (item: T) => T) => void
  remove: (match: RowMatch<T>) => void
}

interface Props<T> {
  load: (page: number) => Promise<PageResult<T>>
  renderItem: (item: T, index: number) => ReactNode
  keyOf: (item: T) => string | number
  emptyText: string
  /** The empty state's picture. */
  emptyKind?: EmptyKind
  /** Filled with the list's row edits. */
  handle?: Ref<PagedListHandle<T>>
}

/** A row that moved to the next page while paging (a live ranking) is shown once. */
function unique<T>(items: T[], keyOf: (item: T) => string | number): T[] {
  const seen = new Set<string | number>()
  return items.filter((item) => {
    const key = keyOf(item)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/**
 * A page-level list: pull-down refresh, the next page when the page is scrolled to within 100 of
 * the bottom (set `onReachBottomDistance: 100` and `enablePullDownRefresh` in the page config),
 * and loading, empty, error and end states.
 */
export default function PagedList<T>({
  load,
  renderItem,
  keyOf,
  emptyText,
  emptyKind = 'generic',
  handle,
}: Props<T>) {
  const list = usePagedList(load)
  const { refresh, loadMore, update, remove } = list
  useImperativeHandle(handle, () => ({ update, remove }), [update, remove])

  useEffect(() => {
    void refresh()
  }, [refresh])

  usePullDownRefresh(() => {
    void refresh().finally(() => Taro.stopPullDownRefresh())
  })

  useReachBottom(() => {
    void loadMore()
  })

  if (list.loaded && list.items.length === 0 && list.status !== 'error') {
    return <Empty kind={emptyKind} text={emptyText} />
  }

  return (
    <View className="paged-list">
      {unique(list.items, keyOf).map((item, i) => (
        <View key={keyOf(item)}>{renderItem(item, i)}</View>
      ))}
      <View className="paged-list__footer">
        {list.status === 'loading' || list.status === 'refreshing' ? (
          <Text>加载中…</Text>
        ) : list.status === 'error' ? (
          <Text className="link" onClick={() => void (list.items.length ? loadMore() : refresh())}>
            {list.error}，点击重试
          </Text>
        ) : list.status === 'done' ? (
          <Text>没有更多了</Text>
        ) : null}
      </View>
    </View>
  )
}
