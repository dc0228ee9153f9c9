import { View, Text } from '@tarojs/components'
import type { ReactNode } from 'react'
import './index.scss'

interface Props {
  title: string
  value?: ReactNode
  arrow?: boolean
  danger?: boolean
  onClick?: () => void
}

/** One row of a settings-style list. */
export default function Cell({ title, value, arrow = true, danger, onClick }: Props) {
  return (
    <View className="cell" onClick={onClick} hoverClass={onClick ? 'cell--hover' : 'none'}>
      <Text className={danger ? 'cell__title cell__title--danger' : 'cell__title'}>{title}</Text>
      <View className="cell__value">{value}</View>
      {arrow && <View className="cell__arrow" />}
    </View>
  )
}

export function CellGroup({ children }: { children: ReactNode }) {
  return <View className="cell-group">{children}</View>
}
