import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import GroupRow from '@/features/groups/components/GroupRow'
import ReasonInput from '@/features/groups/components/ReasonInput'
import SearchBar from '@/features/groups/components/SearchBar'
import { joinState, ROW_JOIN_TEXT } from '@/features/groups/groupRules'
import { useGroupSearch } from '@/features/groups/useGroupSearch'
import { useStores } from '@/stores'
import type { GroupBrief } from '@/types/api/groups'
import './selectGroup.scss'

/** Finding reading groups to join, by name; approval groups take an optional reason inline. */
function SelectGroupPage() {
  const { session } = useStores()
  const s = useGroupSearch()

  if (!session.isLoggedIn) return <LoginRequired kind="people" text="登录后查找群聊" />

  const renderGroup = (g: GroupBrief) => {
    const state = joinState(g)
    const off = state === 'applied' || state === 'closed' || state === 'member'
    const busy = s.busy === g.groupId ? ' group-pill--busy' : ''
    return (
      <GroupRow
        group={g}
        onOpen={() => s.open(g)}
        action={
          <Text
            className={`group-pill${off ? ' group-pill--off' : ''}${busy}`}
            data-testid={`join-${g.groupId}`}
            onClick={() => s.act(g)}
          >
            {ROW_JOIN_TEXT[state]}
          </Text>
        }
        below={
          s.applying === g.groupId && (
            <View className="select-group__apply">
              <ReasonInput
                value={s.reason}
                onInput={s.setReason}
                onConfirm={() => void s.apply(g)}
              />
              <Text
                className="group-pill select-group__send"
                data-testid="apply-send"
                onClick={() => void s.apply(g)}
              >
                发送
              </Text>
              <Text className="muted" onClick={s.cancelApply}>
                取消
              </Text>
            </View>
          )
        }
      />
    )
  }

  return (
    <View className="page select-group">
      <SearchBar placeholder="输入群名称查找读书群" testId="group-search" onSearch={s.search} />
      <PagedList
        key={s.listKey}
        load={s.load}
        handle={s.rowsRef}
        keyOf={(g) => g.groupId}
        renderItem={renderGroup}
        emptyText={s.keyword ? '没有找到相关的群聊' : '暂时没有可加入的群聊'}
        emptyKind="search"
      />
    </View>
  )
}

export default observer(SelectGroupPage)
