import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import Avatar from '@/components/Avatar'
import type { GroupBrief } from '@/types/api/groups'
import { ROLE_TEXT } from '../groupRules'
import './groupRow.scss'
import './pill.scss'

interface Props {
  group: GroupBrief
  onOpen: () => void
  /** On the right (the join button); its taps do not open the group. */
  action?: ReactNode
  /** Below the row (the application's reason box). */
  below?: ReactNode
}

/** A group in a list: avatar, name, member count and my role, or its introduction. */
export default function GroupRow({ group, onOpen, action, below }: Props) {
  const role = group.myRole ? ` · ${ROLE_TEXT[group.myRole]}` : ''
  return (
    <View className="group-row">
      <View
        className="group-row__main"
        hoverClass="group-row__main--hover"
        data-testid={`group-row-${group.groupId}`}
        onClick={onOpen}
      >
        <Avatar src={group.avatar} name={group.name} size={88} />
        <View className="group-row__body">
          <Text className="group-row__name">{group.name}</Text>
          <Text className="group-row__sub">
            {`${group.memberCount}人${role}`}
            {group.introduction ? ` · ${group.introduction}` : ''}
          </Text>
        </View>
        {action && (
          <View className="group-row__action" onClick={(e) => e.stopPropagation()}>
            {action}
          </View>
        )}
      </View>
      {below}
    </View>
  )
}
