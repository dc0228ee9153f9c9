import { Text, View } from '@tarojs/components'
import './index.scss'

interface Props {
  list: string[]
  onPick: (keyword: string) => void
  onClear: () => void
  /** What can be searched, shown while there are no recent searches. */
  hint?: string
}

/** The recent searches on this device as chips, newest first, with 清空. */
export default function RecentSearches({
  list,
  onPick,
  onClear,
  hint = '可以搜索书名、作者或原文，简体繁体都能找到',
}: Props) {
  if (list.length === 0) {
    return (
      <View className="recent-searches">
        <Text className="recent-searches__hint">{hint}</Text>
      </View>
    )
  }
  return (
    <View className="recent-searches">
      <View className="recent-searches__head">
        <Text className="recent-searches__title">最近搜索</Text>
        <Text className="recent-searches__clear" data-testid="recent-clear" onClick={onClear}>
          清空
        </Text>
      </View>
      <View className="recent-searches__chips">
        {list.map((word) => (
          <Text
            key={word}
            className="recent-searches__chip"
            data-testid="recent-chip"
            onClick={() => onPick(word)}
          >
            {word}
          </Text>
        ))}
      </View>
    </View>
  )
}
