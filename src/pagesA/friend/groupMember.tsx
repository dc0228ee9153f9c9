import { Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { pageUrl, Route } from '@/core/routes'
import GroupGate from '@/features/groups/components/GroupGate'
import MemberRow from '@/features/groups/components/MemberRow'
import SearchBar from '@/features/groups/components/SearchBar'
import { groupIdOf } from '@/features/groups/groupRules'
import { useGroup } from '@/features/groups/useGroup'
import { useGroupMembers } from '@/features/groups/useGroupMembers'
import type { GroupMember } from '@/types/api/groups'
import { GroupTexts } from '@rules/groups'
import './groupMember.scss'

const openMember = (m: GroupMember) =>
  void Taro.navigateTo({ url: pageUrl(Route.friendDetail, { type: 'group', id: m.userId }) })

/** Everyone in the group (route param `id`), page by page, found by nickname. Members only. */
function GroupMemberPage() {
  const { params } = useRouter()
  const groupId = groupIdOf(params.id)
  const g = useGroup(groupId)
  const members = useGroupMembers(groupId)

  if (!g.loggedIn) return <LoginRequired kind="people" text="登录后查看群成员" />
  const d = g.detail

  return (
    <View className="page group-member">
      <GroupGate
        groupId={groupId}
        detail={d}
        error={g.error}
        denied={d && !d.myRole ? GroupTexts.notMember : null}
      >
        <SearchBar placeholder="搜索群成员昵称" testId="member-search" onSearch={members.search} />
        {members.total !== null && (
          <Text className="muted group-member__total" data-testid="member-count">
            {members.keyword ? `找到 ${members.total} 位成员` : `共 ${members.total} 位成员`}
          </Text>
        )}
        <PagedList
          key={members.listKey}
          load={members.load}
          keyOf={(m) => m.userId}
          renderItem={(m) => (
            <MemberRow member={m} nowSeconds={members.now} onOpen={() => openMember(m)} />
          )}
          emptyText={members.keyword ? '没有找到这位成员' : '群里还没有成员'}
          emptyKind="people"
        />
      </GroupGate>
    </View>
  )
}

export default observer(GroupMemberPage)
