import { Text } from '@tarojs/components'
import type { PickerList } from '../usePickerList'

/** A picker's loading, failure, empty and 加载更多 lines around its rows. */
export function PickerFoot<T>({ list, emptyText }: { list: PickerList<T>; emptyText: string }) {
  if (list.error) {
    return (
      <Text className="agent-sheet__more link" onClick={list.retry}>
        {list.error}，点击重试
      </Text>
    )
  }
  if (list.loading) return <Text className="agent-sheet__note">加载中…</Text>
  // Rows left out here (expired coupons) may leave a page with none to show: the next may have.
  if (list.loaded && list.items.length === 0 && !list.hasMore) {
    return <Text className="agent-sheet__note">{emptyText}</Text>
  }
  if (list.hasMore) {
    return (
      <Text className="agent-sheet__more link" data-testid="picker-more" onClick={list.more}>
        加载更多
      </Text>
    )
  }
  return null
}
