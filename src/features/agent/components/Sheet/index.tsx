import { ScrollView, Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import './index.scss'

interface Props {
  title: string
  onClose: () => void
  children: ReactNode
  testId?: string
}

/** A panel from the bottom over the page (a picker): its title, a scrolling body and 取消. */
export default function Sheet({ title, onClose, children, testId }: Props) {
  return (
    <View className="agent-sheet" catchMove>
      <View className="agent-sheet__mask" onClick={onClose} />
      <View className="agent-sheet__panel" data-testid={testId}>
        <View className="agent-sheet__head">
          <Text className="agent-sheet__title">{title}</Text>
          <Text className="agent-sheet__close" data-testid="sheet-close" onClick={onClose}>
            取消
          </Text>
        </View>
        <ScrollView className="agent-sheet__body" scrollY>
          {children}
        </ScrollView>
      </View>
    </View>
  )
}
