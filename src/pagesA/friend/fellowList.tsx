import { Text, View } from '@tarojs/components'
import { useDidShow, useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useCallback, useEffect, useState } from 'react'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { useLiveList } from '@/components/PagedList/useLiveList'
import { fetchFollowList, fetchStatistics } from '@/features/social/api'
import FollowButton, { useFollowToggle } from '@/features/social/components/FollowButton'
import UserRow from '@/features/social/components/UserRow'
import { useStores } from '@/stores'
import type { RelatedUser, UserStatistics } from '@/types/api/social'
import './fellowList.scss'

type Tab = 'following' | 'followers'

const PAGE_SIZE = 20

const TABS: ReadonlyArray<{ tab: Tab; label: string }> = [
  { tab: 'following', label: '关注' },
  { tab: 'followers', label: '粉丝' },
]

const EMPTY_TEXT: Record<Tab, string> = {
  following: '还没有关注任何人，去动态里认识书友吧',
  followers: '还没有粉丝，多发几篇读后感吧',
}

const tabOf = (type: string | undefined): Tab =>
  type === 'followers' || type === 'fans' ? 'followers' : 'following'

/** Whom I follow and who follows me (route param `type`: following | followers). */
function FellowListPage() {
  const { params } = useRouter()
  const { session } = useStores()
  const loggedIn = session.isLoggedIn
  const [tab, setTab] = useState<Tab>(() => tabOf(params.type))
  const [stats, setStats] = useState<UserStatistics | null>(null)
  const follow = useFollowToggle()

  const list = useLiveList<RelatedUser>({
    fetchPage: (page) => fetchFollowList(tab, page, PAGE_SIZE),
    pageSize: PAGE_SIZE,
    keyOf: (u) => u.userId,
    versionOf: (u) => (u.followed ? 1 : 0),
    active: loggedIn,
  })

  const { reset } = follow
  const listLoad = list.load
  const load = useCallback(
    async (page: number) => {
      const res = await listLoad(page)
      // Loaded again from the start: the buttons show what the server says.
      if (page === 1) reset()
      return res
    },
    [listLoad, reset],
  )

  const loadStats = useCallback(() => {
    fetchStatistics()
      .then(setStats)
      .catch(() => undefined)
  }, [])

  useEffect(() => {
    if (loggedIn) loadStats()
  }, [loggedIn, loadStats])

  // Followed or unfollowed on someone's page meanwhile: the counts again (the list by itself).
  useDidShow(() => {
    if (session.isLoggedIn && stats) loadStats()
  })

  if (!loggedIn) return <LoginRequired kind="people" text="登录后查看关注与粉丝" />

  const choose = (next: Tab) => {
    if (next !== tab) setTab(next)
  }

  const toggle = async (user: RelatedUser, followed: boolean) => {
    await follow.toggle(user, followed)
    loadStats()
  }

  const renderUser = (user: RelatedUser) => {
    const followed = follow.followedOf(user.userId, user.followed)
    return (
      <UserRow
        user={user}
        action={
          <FollowButton
            followed={followed}
            // Everyone on the followers tab follows me.
            followsMe={tab === 'followers'}
            testId={`follow-${user.userId}`}
            onClick={() => void toggle(user, followed)}
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
            className={t === tab ? 'fellow-list__tab fellow-list__tab--active' : 'fellow-list__tab'}
            data-testid={`fellow-tab-${t}`}
            onClick={() => choose(t)}
          >
            <Text>{label}</Text>
            {stats && <Text className="fellow-list__count">{stats[t]}</Text>}
          </View>
        ))}
      </View>
      <PagedList
        key={`${tab}|${list.generation}`}
        load={load}
        keyOf={(u) => u.userId}
        renderItem={renderUser}
        emptyText={EMPTY_TEXT[tab]}
        emptyKind="people"
      />
    </View>
  )
}

export default observer(FellowListPage)
