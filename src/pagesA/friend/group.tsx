import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { pageUrl, Route } from '@/core/routes'
import GroupRow from '@/features/groups/components/GroupRow'
import { useMyGroups } from '@/features/groups/useMyGroups'
import { useStores } from '@/stores'
import './group.scss'

const go = (url: string) => void Taro.navigateTo({ url })

/** The reading groups I am in; a row opens its chat. Start a group or find one to join. */
function GroupListPage() {
  const { session } = useStores()
  const groups = useMyGroups(session.isLoggedIn)

  if (!session.isLoggedIn) return <LoginRequired kind="people" text="登录后查看我的群聊" />

  return (
    <View className="page group-list">
      <View className="group-list__actions">
        <View
          className="group-list__action group-list__action--first"
          data-testid="group-create"
          onClick={() => go(pageUrl(Route.selectFriend, { purpose: 'group' }))}
        >
          <Text>发起群聊</Text>
        </View>
        <View
          className="group-list__action"
          data-testid="group-find"
          onClick={() => go(Route.selectGroup)}
        >
          <Text>查找群聊</Text>
        </View>
      </View>
      <PagedList
        key={groups.list.generation}
        load={groups.list.load}
        keyOf={(g) => g.groupId}
        renderItem={(g) => <GroupRow group={g} onOpen={() => groups.open(g)} />}
        emptyText="还没有加入群聊"
        emptyKind="people"
      />
    </View>
  )
}

export default observer(GroupListPage)
