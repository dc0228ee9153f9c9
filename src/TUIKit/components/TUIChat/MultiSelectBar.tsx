import { Text, View } from '@tarojs/components'
import type { ForwardMode } from '@/features/chat/forward'
import { buttonA11y } from './forwardA11y'
import './forward.scss'

interface Props {
  count: number
  onForward: (mode: ForwardMode) => void
  onCancel: () => void
}

/** 多选's bottom panel: 逐条转发, 合并转发 and 取消 (it replaces the input while the mode is on). */
export default function MultiSelectBar({ count, onForward, onCancel }: Props) {
  return (
    <View className="multi-bar" data-testid="multi-select-bar">
      <Text className="multi-bar__count">{count > 0 ? `已选择${count}条消息` : '请选择消息'}</Text>
      <View className="multi-bar__actions">
        <View
          className="multi-bar__action"
          data-testid="forward-one-by-one"
          {...buttonA11y('逐条转发')}
          onClick={() => onForward('one')}
        >
          <Text>逐条转发</Text>
        </View>
        <View
          className="multi-bar__action"
          data-testid="forward-merge"
          {...buttonA11y('合并转发')}
          onClick={() => onForward('merge')}
        >
          <Text>合并转发</Text>
        </View>
        <View
          className="multi-bar__action multi-bar__action--plain"
          data-testid="multi-select-cancel"
          {...buttonA11y('取消')}
          onClick={onCancel}
        >
          <Text>取消</Text>
        </View>
      </View>
    </View>
  )
}
