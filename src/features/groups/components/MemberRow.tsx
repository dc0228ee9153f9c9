import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import Avatar from '@/components/Avatar'
import type { GroupMember } from '@/types/api/groups'
import { isMuted, ROLE_TEXT } from '../groupRules'
import './memberRow.scss'
import './pill.scss'

interface Props {
  member: GroupMember
  nowSeconds: number
  onOpen: () => void
  /** Below the name: the actions a manager may take (their taps do not open the member). */
  actions?: ReactNode
}

/** A member in a list: avatar, nickname, 群主/管理员, 禁言中 while muted. */
export default function MemberRow({ member, nowSeconds, onOpen, actions }: Props) {
  return (
    <View
      className="member-row"
      hoverClass="member-row--hover"
      data-testid={`member-row-${member.userId}`}
      onClick={onOpen}
    >
      <Avatar src={member.avatar} name={member.nickname} size={80} />
      <View className="member-row__body">
        <View className="member-row__line">
          <Text className="member-row__name">{member.nickname || '书友'}</Text>
          {member.role !== 'member' && (
            <Text className={`member-row__role member-row__role--${member.role}`}>
              {ROLE_TEXT[member.role]}
            </Text>
          )}
          {isMuted(member, nowSeconds) && (
            <Text className="member-row__muted" data-testid={`muted-${member.userId}`}>
              禁言中
            </Text>
          )}
        </View>
        {actions && (
          <View className="member-row__actions" onClick={(e) => e.stopPropagation()}>
            {actions}
          </View>
        )}
      </View>
    </View>
  )
}
