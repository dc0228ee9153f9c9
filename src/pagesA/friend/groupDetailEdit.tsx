import { View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import GroupEditForm from '@/features/groups/components/GroupEditForm'
import GroupGate from '@/features/groups/components/GroupGate'
import { canManage, EDITORS_ONLY, groupIdOf } from '@/features/groups/groupRules'
import { useGroup } from '@/features/groups/useGroup'
import './groupDetailEdit.scss'

/** Editing the group's name, avatar and introduction (route param `id`; the owner and admins). */
function GroupDetailEditPage() {
  const { params } = useRouter()
  const groupId = groupIdOf(params.id)
  const g = useGroup(groupId)

  if (!g.loggedIn) return <LoginRequired kind="people" text="登录后编辑群资料" />
  const d = g.detail

  return (
    <View className="page group-detail-edit">
      <GroupGate
        groupId={groupId}
        detail={d}
        error={g.error}
        denied={d && !canManage(d) ? EDITORS_ONLY : null}
      >
        {d && <GroupEditForm key={d.groupId} detail={d} />}
      </GroupGate>
    </View>
  )
}

export default observer(GroupDetailEditPage)
