import { Input, ScrollView, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import Avatar from '@/components/Avatar'
import { forwardTargets, toggleAll, toggleTarget } from '@/features/chat/forward'
import { useStores } from '@/stores'
import { buttonA11y, checkboxA11y } from './forwardA11y'
import './forward.scss'

interface Props {
  title: string
  sending: boolean
  onSend: (conversationIDs: string[]) => void
  onClose: () => void
}

/**
 * The forward target picker: the reader's conversations (recent first, system ones left out),
 * search by name, one or several ticked; 全选 ticks the enabled rows shown. 发送 is inactive until
 * a target is ticked. A bottom sheet on a phone, a centred panel on a wide screen.
 */
function ForwardTargets({ title, sending, onSend, onClose }: Props) {
  const { chat } = useStores()
  const [keyword, setKeyword] = useState('')
  const [picked, setPicked] = useState<string[]>([])
  const rows = forwardTargets(chat.conversations, keyword, Math.floor(Date.now() / 1000))
  const canSend = picked.length > 0 && !sending
  return (
    <View className="fwd-picker" data-testid="forward-targets">
      <View className="fwd-picker__mask" onClick={onClose} />
      <View className="fwd-picker__panel">
        <View className="fwd-picker__head">
          <View
            className="fwd-picker__link"
            data-testid="forward-cancel"
            {...buttonA11y('取消')}
            onClick={onClose}
          >
            <Text>取消</Text>
          </View>
          <Text className="fwd-picker__title">{title}</Text>
          <View
            className={canSend ? 'fwd-picker__send' : 'fwd-picker__send fwd-picker__send--off'}
            data-testid="forward-send"
            {...buttonA11y(picked.length > 0 ? `发送(${picked.length})` : '发送', !canSend)}
            onClick={() => canSend && onSend(picked)}
          >
            <Text>{picked.length > 0 ? `发送(${picked.length})` : '发送'}</Text>
          </View>
        </View>
        <Input
          className="fwd-picker__search"
          value={keyword}
          placeholder="搜索"
          aria-label="搜索会话"
          confirmType="search"
          onInput={(e) => setKeyword(e.detail.value)}
        />
        <View
          className="fwd-picker__all"
          data-testid="forward-select-all"
          {...buttonA11y('全选')}
          onClick={() => setPicked((list) => toggleAll(rows, list))}
        >
          <Text>全选</Text>
        </View>
        <ScrollView scrollY className="fwd-picker__list">
          {rows.map((r) => {
            const on = picked.includes(r.conversationID)
            return (
              <View
                key={r.conversationID}
                className={r.enabled ? 'fwd-picker__row' : 'fwd-picker__row fwd-picker__row--off'}
                data-testid={`forward-target-${r.conversationID}`}
                {...checkboxA11y(r.name, on, !r.enabled)}
                onClick={() => setPicked((list) => toggleTarget(rows, list, r.conversationID))}
              >
                <View className={on ? 'fwd-tick fwd-tick--on' : 'fwd-tick'} />
                <Avatar src={r.avatar} name={r.name} size={64} />
                <Text className="fwd-picker__name">{r.name}</Text>
              </View>
            )
          })}
          {rows.length === 0 && <Text className="fwd-picker__empty">没有会话</Text>}
        </ScrollView>
      </View>
    </View>
  )
}

export default observer(ForwardTargets)
