import { Text, View } from '@tarojs/components'
import Avatar from '@/components/Avatar'
import type { GroupDetail } from '@/types/api/groups'
import './groupCard.scss'

/** The group's head: avatar, name, number and size, introduction. */
export default function GroupCard({ detail }: { detail: GroupDetail }) {
  return (
    <View className="group-card">
      <Avatar src={detail.avatar} name={detail.name} size={128} />
      <View className="group-card__who">
        <Text className="group-card__name" data-testid="group-name">
          {detail.name}
        </Text>
        <Text className="muted">{`群号 ${detail.groupId} · ${detail.memberCount}人`}</Text>
        <Text className="group-card__intro">
          {detail.introduction || '群主很懒，还没有写群简介'}
        </Text>
      </View>
    </View>
  )
}
