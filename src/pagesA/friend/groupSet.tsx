import { View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import LoginRequired from '@/components/LoginRequired'
import Tabs from '@/components/Tabs'
import ApplicationList from '@/features/groups/components/ApplicationList'
import GroupGate from '@/features/groups/components/GroupGate'
import GroupSettings from '@/features/groups/components/GroupSettings'
import ManageMembers from '@/features/groups/components/ManageMembers'
import { canManage, groupIdOf, MANAGERS_ONLY } from '@/features/groups/groupRules'
import { useGroup } from '@/features/groups/useGroup'
import { useGroupApplications } from '@/features/groups/useGroupApplications'
import { useGroupSettings } from '@/features/groups/useGroupSettings'
import './groupSet.scss'

const SECTIONS = ['settings', 'applications', 'members'] as const

/**
 * Managing a group (route params `id` and `section`: settings | applications | members), for its
 * owner and admins: how people join, mute-all, the waiting applications, the members.
 */
function GroupSetPage() {
  const { params } = useRouter()
  const groupId = groupIdOf(params.id)
  const [tab, setTab] = useState(() =>
    Math.max(0, SECTIONS.indexOf(params.section as (typeof SECTIONS)[number])),
  )
  const g = useGroup(groupId)
  const d = g.detail
  const manager = d ? canManage(d) : false
  const settings = useGroupSettings(d, g.setDetail)
  const apps = useGroupApplications(groupId, g.loggedIn && manager)

  if (!g.loggedIn) return <LoginRequired kind="people" text="登录后管理群聊" />
  const waiting = apps.list?.length ? `(${apps.list.length})` : ''
  const choose = (index: number) => {
    setTab(index)
    if (SECTIONS[index] === 'applications') void apps.reload()
  }

  return (
    <View className="page group-set">
      <GroupGate
        groupId={groupId}
        detail={d}
        error={g.error}
        denied={d && !manager ? MANAGERS_ONLY : null}
      >
        {d && (
          <View>
            <Tabs
              titles={['群设置', `入群申请${waiting}`, '成员管理']}
              current={tab}
              onChange={choose}
            />
            {SECTIONS[tab] === 'settings' && (
              <GroupSettings
                detail={d}
                onJoinMode={(mode) => void settings.setJoinMode(mode)}
                onMuteAll={(on) => void settings.setMuteAll(on)}
              />
            )}
            {SECTIONS[tab] === 'applications' && (
              <ApplicationList
                list={apps.list}
                error={apps.error}
                busy={apps.busy}
                leaving={apps.leaving}
                onHandle={(app, accept) => void apps.handle(app, accept)}
              />
            )}
            {SECTIONS[tab] === 'members' && <ManageMembers groupId={groupId} myRole={d.myRole} />}
          </View>
        )}
      </GroupGate>
    </View>
  )
}

export default observer(GroupSetPage)
