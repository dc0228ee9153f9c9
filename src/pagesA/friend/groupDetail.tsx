import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Cell, { CellGroup } from '@/components/Cell'
import LoginRequired from '@/components/LoginRequired'
import GroupActions from '@/features/groups/components/GroupActions'
import GroupCard from '@/features/groups/components/GroupCard'
import GroupGate from '@/features/groups/components/GroupGate'
import MemberGrid from '@/features/groups/components/MemberGrid'
import { groupIdOf, JOIN_MODE_TEXT, ROLE_TEXT } from '@/features/groups/groupRules'
import { useGroupDetail } from '@/features/groups/useGroupDetail'
import { isManager } from '@rules/groups'
import './groupDetail.scss'

/** A group's information (route param `id`): who is in it, its rules, and what I may do there. */
function GroupDetailPage() {
  const { params } = useRouter()
  const groupId = groupIdOf(params.id)
  const g = useGroupDetail(groupId)

  if (!g.loggedIn) return <LoginRequired kind="people" text="登录后查看群聊信息" />
  const d = g.detail

  return (
    <View className="page group-detail">
      <GroupGate groupId={groupId} detail={d} error={g.error}>
        {d && g.state && (
          <View>
            <GroupCard detail={d} />
            <View
              className="group-detail__notice"
              data-testid="group-announcement"
              onClick={g.links.announcement}
            >
              <Text className="group-detail__label">群公告</Text>
              <Text className="group-detail__text">{d.announcement || '暂无群公告'}</Text>
            </View>
            <MemberGrid
              members={d.members}
              memberCount={d.memberCount}
              onMember={g.links.member}
              onAll={d.myRole ? g.links.members : undefined}
            />
            <CellGroup>
              <Cell
                title="我的身份"
                arrow={false}
                value={d.myRole ? ROLE_TEXT[d.myRole] : '未加入'}
              />
              <Cell title="入群方式" arrow={false} value={JOIN_MODE_TEXT[d.joinMode]} />
              {d.muteAll && <Cell title="全员禁言" arrow={false} value="已开启" />}
            </CellGroup>
            {isManager(d.myRole) && (
              <View
                className="group-detail__pending"
                data-testid="group-applications"
                onClick={g.links.applications}
              >
                <Text>入群申请</Text>
                <Text className={d.pendingApplications ? 'badge' : 'muted'}>
                  {d.pendingApplications ? String(d.pendingApplications) : '暂无'}
                </Text>
              </View>
            )}
            <GroupActions
              state={g.state}
              role={d.myRole}
              busy={g.busy}
              reason={g.reason}
              setReason={g.setReason}
              on={{ ...g.links, join: g.join, quit: g.quit, disband: g.disband }}
            />
          </View>
        )}
      </GroupGate>
    </View>
  )
}

export default observer(GroupDetailPage)
