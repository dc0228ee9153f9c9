import { View, Text } from '@tarojs/components'
import type { ReactNode } from 'react'
import { EMPTY_TEXT, type EmptyKind } from './kinds'
import './index.scss'

export type { EmptyKind } from './kinds'

interface Props {
  /** The picture and the default words. */
  kind?: EmptyKind
  /** Words of the caller's own, shown instead of the kind's default. */
  text?: string
  action?: ReactNode
}

/** What a page or list shows when there is nothing (or nothing could be loaded). */
export default function Empty({ kind = 'generic', text, action }: Props) {
  return (
    <View className={`empty empty--${kind}`} data-testid="empty" data-kind={kind}>
      <View className={`empty__picture empty__picture--${kind}`} />
      <Text className="empty__text">{text || EMPTY_TEXT[kind]}</Text>
      {action && <View className="empty__action">{action}</View>}
    </View>
  )
}
