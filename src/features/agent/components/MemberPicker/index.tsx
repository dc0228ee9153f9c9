import { Text, View } from '@tarojs/components'
import Avatar from '@/components/Avatar'
import type { Member } from '@/types/api/agent'
import { fetchMembers, PICKER_PAGE_SIZE } from '../../api'
import { formatDay } from '../../format'
import { usePickerList } from '../../usePickerList'
import { PickerFoot } from '../PickerState'
import Sheet from '../Sheet'

interface Props {
  title: string
  busy: boolean
  onPick: (member: Member) => void
  onClose: () => void
}

/** Choosing one of my members (to give a coupon to), page by page. */
export default function MemberPicker({ title, busy, onPick, onClose }: Props) {
  const list = usePickerList((page) => fetchMembers(page, PICKER_PAGE_SIZE))
  return (
    <Sheet title={title} onClose={onClose} testId="member-picker">
      {list.items.map((member) => (
        <View
          key={member.userId}
          className={busy ? 'agent-sheet__row is-off' : 'agent-sheet__row'}
          data-testid={`pick-member-${member.userId}`}
          onClick={() => {
            if (!busy) onPick(member)
          }}
        >
          <Avatar src={member.avatar} name={member.nickname} size={72} />
          <View className="agent-sheet__row-body">
            <Text className="agent-sheet__row-title">{member.nickname}</Text>
            <Text className="muted">
              {member.joinedAt ? `${formatDay(member.joinedAt)} 加入` : '会员'}
            </Text>
          </View>
        </View>
      ))}
      <PickerFoot list={list} emptyText="还没有会员，分享推广海报邀请书友加入吧" />
    </Sheet>
  )
}
