import { Text, View } from '@tarojs/components'
import Avatar from '@/components/Avatar'
import Empty from '@/components/Empty'
import { formatMessageTime } from '@/core/time'
import type { GroupApplication } from '@/types/api/groups'
import './applicationList.scss'
import './pill.scss'

interface Props {
  list: GroupApplication[] | null
  error: string | null
  busy: ReadonlySet<number>
  leaving: ReadonlySet<number>
  onHandle: (app: GroupApplication, accept: boolean) => void
}

/** The applications waiting to join, each accepted or rejected; a handled one fades out. */
export default function ApplicationList({ list, error, busy, leaving, onHandle }: Props) {
  if (!list) {
    return error ? (
      <Empty kind="error" text={error} />
    ) : (
      <View className="muted group-apps__loading">加载中…</View>
    )
  }
  if (list.length === 0) return <Empty kind="people" text="暂时没有入群申请" />
  return (
    <View className="group-apps">
      {list.map((app) => {
        const id = app.applicationId
        const pill = busy.has(id) ? 'group-pill group-pill--busy' : 'group-pill'
        return (
          <View
            key={id}
            className={
              leaving.has(id) ? 'group-apps__row group-apps__row--leaving' : 'group-apps__row'
            }
            data-testid={`application-${id}`}
          >
            <Avatar src={app.avatar} name={app.nickname} size={80} />
            <View className="group-apps__body">
              <Text className="group-apps__name">{app.nickname || '书友'}</Text>
              <Text className="muted">
                {app.reason || `${formatMessageTime(app.time)} 申请入群`}
              </Text>
            </View>
            <View className="group-apps__actions">
              <Text
                className={pill}
                data-testid={`accept-${id}`}
                onClick={() => onHandle(app, true)}
              >
                同意
              </Text>
              <Text
                className={`${pill} group-pill--plain`}
                data-testid={`reject-${id}`}
                onClick={() => onHandle(app, false)}
              >
                拒绝
              </Text>
            </View>
          </View>
        )
      })}
    </View>
  )
}
