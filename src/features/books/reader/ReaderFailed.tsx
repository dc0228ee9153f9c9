import { Text, View } from '@tarojs/components'
import Empty from '@/components/Empty'
import { leaveReader } from './leave'

/** The reader could not open the book: why, 返回 and 重试 (styled by the page's `reader__*`). */
export default function ReaderFailed({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <View className="reader__failed">
      <Empty
        kind="error"
        text={error}
        action={
          <View className="reader__failed-actions">
            <Text className="reader__failed-btn" onClick={leaveReader}>
              返回
            </Text>
            <Text
              className="reader__failed-btn reader__failed-btn--main"
              data-testid="reader-retry"
              onClick={onRetry}
            >
              重试
            </Text>
          </View>
        }
      />
    </View>
  )
}
