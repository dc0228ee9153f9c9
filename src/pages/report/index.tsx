import { View } from '@tarojs/components'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import Empty from '@/components/Empty'

/** The feed tab. Reading reports arrive with the feed issue. */
export default function FeedPage() {
  usePullDownRefresh(() => {
    void Taro.stopPullDownRefresh()
  })
  return (
    <View className="page">
      <Empty text="还没有读后感" />
    </View>
  )
}
