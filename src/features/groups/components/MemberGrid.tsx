import { Text, View } from '@tarojs/components'
import Avatar from '@/components/Avatar'
import type { GroupMember } from '@/types/api/groups'
import { ROLE_TEXT } from '../groupRules'
import './memberGrid.scss'

interface Props {
  members: GroupMember[]
  memberCount: number
  onMember: (userId: number) => void
  /** The whole list (members only); without it no link is shown. */
  onAll?: () => void
}

/** The first members as a grid of avatars, and the way to all of them. */
export default function MemberGrid({ members, memberCount, onMember, onAll }: Props) {
  return (
    <View className="member-grid">
      <View className="member-grid__head">
        <Text>群成员</Text>
        <Text className="muted">{`${memberCount}人`}</Text>
      </View>
      <View className="member-grid__cells">
        {members.map((m) => (
          <View
            key={m.userId}
            className="member-grid__cell"
            data-testid={`grid-member-${m.userId}`}
            onClick={() => onMember(m.userId)}
          >
            <Avatar src={m.avatar} name={m.nickname} size={88} />
            <Text className="member-grid__name">{m.nickname || '书友'}</Text>
            {m.role !== 'member' && <Text className="member-grid__role">{ROLE_TEXT[m.role]}</Text>}
          </View>
        ))}
      </View>
      {onAll && (
        <View className="member-grid__all" data-testid="group-members" onClick={onAll}>
          <Text className="link">查看全部成员</Text>
        </View>
      )}
    </View>
  )
}
