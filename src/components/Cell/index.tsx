import { Text } from '@tarojs/components'
import type { ReactNode } from 'react'
import AtList from 'taro-ui/lib/components/list'
import AtListItem from 'taro-ui/lib/components/list/item'
import 'taro-ui/lib/style/components/list.scss'
import './index.scss'

interface Props {
  title: string
  value?: ReactNode
  arrow?: boolean
  danger?: boolean
  onClick?: () => void
}

/**
 * One row of a settings-style list: taro-ui's AtListItem. The arrow is drawn by our style sheet,
 * as AtListItem's needs taro-ui's 20 KB icon font.
 */
export default function Cell({ title, value, arrow = true, danger, onClick }: Props) {
  return (
    <AtListItem
      className={arrow ? 'cell cell--arrow' : 'cell'}
      title={danger ? <Text className="cell__title--danger">{title}</Text> : title}
      extraText={value}
      onClick={onClick}
    />
  )
}

export function CellGroup({ children }: { children: ReactNode }) {
  return <AtList className="cell-group">{children}</AtList>
}
