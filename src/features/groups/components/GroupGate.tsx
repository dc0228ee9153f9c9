import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { ReactNode } from 'react'
import Empty from '@/components/Empty'
import { Route } from '@/core/routes'
import type { GroupDetail } from '@/types/api/groups'
import { DISBANDED } from '../groupRules'
import './groupGate.scss'

interface Props {
  groupId: number
  detail: GroupDetail | undefined
  /** The failed load's message (the server's: 该群组不存在, 你不是该群成员, ...). */
  error: string | null
  /** Why this reader may not use the page (their role), or null. */
  denied?: string | null
  children: ReactNode
}

const backToGroups = () =>
  void Taro.redirectTo({ url: Route.group }).catch(() => Taro.navigateTo({ url: Route.group }))

/**
 * What a group's page shows until it can show the group: loading, the failure's message, the group
 * disbanded, or the reader's role not enough; each with the group's number and a way out.
 */
export default function GroupGate({ groupId, detail, error, denied, children }: Props) {
  if (!detail && !error) return <View className="group-gate__loading muted">加载中…</View>
  const blocked = !detail ? error : detail.disbanded ? DISBANDED : denied
  if (!blocked) return <>{children}</>
  return (
    <View className="group-gate" data-testid="group-gate">
      <Empty
        kind={detail ? 'people' : 'error'}
        text={blocked}
        action={
          <Button className="btn-plain" data-testid="group-gate-back" onClick={backToGroups}>
            返回我的群聊
          </Button>
        }
      />
      {groupId > 0 && <Text className="group-gate__id muted">{`群号 ${groupId}`}</Text>}
    </View>
  )
}
