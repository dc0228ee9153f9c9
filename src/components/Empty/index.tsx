import { View, Text } from '@tarojs/components'
import type { ReactNode } from 'react'
import './index.scss'

interface Props {
  text: string
  action?: ReactNode
}

export default function Empty({ text, action }: Props) {
  return (
    <View className="empty">
      <View className="empty__icon" />
      <Text className="empty__text">{text}</Text>
      {action && <View className="empty__action">{action}</View>}
    </View>
  )
}
