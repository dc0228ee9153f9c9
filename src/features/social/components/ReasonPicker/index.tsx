import { Text, View } from '@tarojs/components'
import type { PageData } from '@/core/usePageData'
import type { ComplaintReason } from '@/types/api/social'

interface Props {
  reasons: PageData<ComplaintReason[] | undefined>
  chosen: number | null
  onChoose: (id: number) => void
}

/** The complaint reasons as radio rows; while loading a note, after a failure a retry. */
export default function ReasonPicker({ reasons, chosen, onChoose }: Props) {
  const list = reasons.data
  if (!list) {
    // One handler always bound (weapp breaks when a handler is swapped for undefined).
    const retry = () => {
      if (reasons.error) void reasons.reload()
    }
    return (
      <Text className="muted" onClick={retry}>
        {reasons.error ? `${reasons.error}，点击重试` : '加载中…'}
      </Text>
    )
  }
  if (!list.length) return <Text className="muted">暂无可选的投诉原因</Text>
  return (
    <View className="complaint__reasons">
      {list.map((r) => (
        <View
          key={r.id}
          className={
            r.id === chosen ? 'complaint__reason complaint__reason--active' : 'complaint__reason'
          }
          data-testid={`complaint-reason-${r.id}`}
          onClick={() => onChoose(r.id)}
        >
          <View className="complaint__radio" />
          <Text>{r.name}</Text>
        </View>
      ))}
    </View>
  )
}
