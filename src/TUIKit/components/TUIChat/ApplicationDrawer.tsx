import { Text, View } from '@tarojs/components'
import Avatar from '@/components/Avatar'
import type { GroupApplication } from '@/types/api/groups'

interface Props {
  list: GroupApplication[]
  leaving: ReadonlySet<number>
  onHandle: (a: GroupApplication, accept: boolean) => void
  onClose: () => void
}

/** The group's join applications: agree or reject each (a bottom sheet on mobile). */
export default function ApplicationDrawer({ list, leaving, onHandle, onClose }: Props) {
  return (
    <View className="sheet" data-testid="application-drawer">
      <View className="sheet__mask" onClick={onClose} />
      <View className="sheet__panel">
        <View className="sheet__head">
          <Text>入群申请</Text>
          <Text className="sheet__close" onClick={onClose}>
            ✕
          </Text>
        </View>
        {list.map((a) => (
          <View
            key={a.applicationId}
            className={
              leaving.has(a.applicationId) ? 'sheet__row sheet__row--leaving' : 'sheet__row'
            }
            data-testid={`application-${a.userId}`}
          >
            <Avatar src={a.avatar} name={a.nickname} size={64} />
            <View className="sheet__body">
              <Text>{a.nickname}</Text>
              <Text className="muted">{a.reason || '申请加入群聊'}</Text>
            </View>
            <Text
              className="sheet__btn"
              data-testid={`application-agree-${a.userId}`}
              onClick={() => onHandle(a, true)}
            >
              同意
            </Text>
            <Text
              className="sheet__btn sheet__btn--plain"
              data-testid={`application-reject-${a.userId}`}
              onClick={() => onHandle(a, false)}
            >
              拒绝
            </Text>
          </View>
        ))}
      </View>
    </View>
  )
}
