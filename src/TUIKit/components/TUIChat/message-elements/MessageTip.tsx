import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'

/** A line in the middle of the list: group tips and revoke notices. */
export default function MessageTip({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <View className="msg-tip" data-testid="msg-tip">
      <Text>{text}</Text>
      {action}
    </View>
  )
}
