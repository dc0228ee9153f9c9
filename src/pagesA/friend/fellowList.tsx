import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import FollowButton from '@/features/social/components/FollowButton'
import UserRow from '@/features/social/components/UserRow'
import { fellowTabOf, useFellowList, type FellowTab } from '@/features/social/useFellowList'
import { useStores } from '@/stores'
import type { RelatedUser } from '@/types/api/social'
import './fellowList.scss'

const TABS: ReadonlyArray<{ tab: FellowTab; label: string }> = [
  { tab: 'following', label: '关注' },
  { tab: 'followers', label: '粉丝' },
]

const EMPTY_TEXT: Record<FellowTab, string> = {
  following: '还没有关注任何人，去读后感里认识书友吧',
  followers: '还没有粉丝，多发几篇读后感吧',
}

/** Whom I follow and who follows me (route param `type`: following | followers). */
function FellowListPage() {
  const { params } = useRouter()
  const { session } = useStores()
  const f = useFellowList(fellowTabOf(params.type), session.isLoggedIn)

  if (!session.isLoggedIn) return <LoginRequired kind="people" text="登录后查看关注与粉丝" />

  const renderUser = (user: RelatedUser) => {
    const followed = user.followed
    return (
      <UserRow
        user={user}
        action={
          <FollowButton
            followed={followed}
            // Everyone on the followers tab follows me.
            followsMe={f.tab === 'followers'}
            testId={`follow-${user.userId}`}
            onClick={() => void f.toggle(user, followed)}
          />
        }
      />
    )
  }

  return (
    <View className="page fellow-list">
      <View className="fellow-list__tabs">
        {TABS.map(({ tab: t, label }) => (
          <View
            key={t}
            className={
              t === f.tab ? 'fellow-list__tab fellow-list__tab--active' : 'fellow-list__tab'
            }
            data-testid={`fellow-tab-${t}`}
            onClick={() => f.choose(t)}
          >
            <Text>{label}</Text>
            {f.stats && <Text className="fellow-list__count">{f.stats[t]}</Text>}
          </View>
        ))}
      </View>
      <PagedList
        key={f.listKey}
        load={f.load}
        handle={f.rowsRef}
        keyOf={(u) => u.userId}
        renderItem={renderUser}
        emptyText={EMPTY_TEXT[f.tab]}
        emptyKind="people"
      />
    </View>
  )
}

export default observer(FellowListPage)
