import { Text, View } from '@tarojs/components'
import { AT_ALL, type Mention } from '@/features/chat/mentions'
import { buttonA11y } from './forwardA11y'
import MemberPicker from './MemberPicker'

interface Props {
  groupId: number
  me: string
  /** Owner and admins may @所有人. */
  canAtAll: boolean
  onPick: (m: Mention) => void
  onClose: () => void
}

/** 选择提醒的人: the member picker where a tap picks; @所有人 first for managers. */
export default function AtMemberPicker({ groupId, me, canAtAll, onPick, onClose }: Props) {
  const all = canAtAll ? (
    <View
      className="sheet__row"
      data-testid="at-all"
      {...buttonA11y('所有人')}
      onClick={() => onPick(AT_ALL)}
    >
      <Text className="sheet__all">@</Text>
      <Text>所有人</Text>
    </View>
  ) : null
  return (
    <MemberPicker
      title="选择提醒的人"
      groupId={groupId}
      me={me}
      head={all}
      testId="at-picker"
      rowPrefix="at"
      onDone={([m]) => {
        if (m) onPick({ userID: String(m.userId), nick: m.nickname })
      }}
      onClose={onClose}
    />
  )
}
