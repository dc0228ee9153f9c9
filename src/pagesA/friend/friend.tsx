import { Input, Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import Tabs from '@/components/Tabs'
import { pageUrl, Route } from '@/core/routes'
import { formatMessageTime } from '@/core/time'
import UserRow from '@/features/social/components/UserRow'
import { friendName } from '@rules/friends'
import { useFriendList } from '@/features/friends/useFriendList'
import { useFriendRequests } from '@/features/friends/useFriendRequests'
import { useStores } from '@/stores'
import type { FriendItem, FriendRequest } from '@/types/api/friends'
import './friend.scss'

const TABS = ['书友', '新的书友'] as const

const STATE_TEXT: Record<FriendRequest['state'], string> = {
  pending: '',
  accepted: '已添加',
  rejected: '已拒绝',
}

/** My book friends (index letters, search) and, on the second tab, the requests sent to me. */
function FriendPage() {
  const { params } = useRouter()
  const { session } = useStores()
  const [tab, setTab] = useState(params.tab === 'requests' ? 1 : 0)
  const friends = useFriendList()
  const requests = useFriendRequests()
  const [typed, setTyped] = useState('')

  if (!session.isLoggedIn) return <LoginRequired kind="people" text="登录后查看我的书友" />

  const openFriend = (f: FriendItem) =>
    void Taro.navigateTo({ url: pageUrl(Route.friendDetail, { type: 'chat', id: f.userId }) })

  const renderRequest = (r: FriendRequest) => (
    <UserRow
      user={r}
      subtitle={
        <Text className="user-row__sub">
          {r.greeting || `${formatMessageTime(r.time)} 申请添加你为书友`}
        </Text>
      }
      testId={`request-${r.userId}`}
      action={
        r.state === 'pending' ? (
          <View className="friend-page__handle">
            <Text
              className="user-action"
              data-testid={`accept-${r.userId}`}
              onClick={() => void requests.handle(r, true)}
            >
              接受
            </Text>
            <Text
              className="user-action user-action--plain"
              data-testid={`reject-${r.userId}`}
              onClick={() => void requests.handle(r, false)}
            >
              拒绝
            </Text>
          </View>
        ) : (
          <Text className="muted">{STATE_TEXT[r.state]}</Text>
        )
      }
    />
  )

  return (
    <View className="page friend-page">
      <Tabs titles={TABS} current={tab} onChange={setTab} />
      {tab === 0 ? (
        <View>
          <View className="friend-page__search">
            <Input
              className="friend-page__input"
              value={typed}
              placeholder="搜索书友（备注或昵称）"
              confirmType="search"
              data-testid="friend-search"
              onInput={(e) => setTyped(e.detail.value)}
              onConfirm={() => friends.submitSearch(typed)}
            />
            <Text className="link friend-page__go" onClick={() => friends.submitSearch(typed)}>
              搜索
            </Text>
          </View>
          {friends.total !== null && (
            <Text className="muted friend-page__total" data-testid="friend-count">
              {friends.letter || friends.search
                ? `找到 ${friends.total} 位书友`
                : `共 ${friends.total} 位书友`}
            </Text>
          )}
          <PagedList
            key={friends.listKey}
            load={friends.load}
            keyOf={(f) => f.userId}
            renderItem={(f) => (
              <UserRow
                user={f}
                name={friendName(f)}
                onOpen={() => openFriend(f)}
                testId={`friend-${f.userId}`}
              />
            )}
            emptyText={friends.search ? '没有找到这位书友' : '还没有书友，去添加书友吧'}
            emptyKind="people"
          />
          {friends.letters.length > 0 && (
            <View className="friend-page__index" data-testid="friend-index">
              {friends.letters.map((l) => (
                <Text
                  key={l}
                  className={
                    l === friends.letter
                      ? 'friend-page__letter friend-page__letter--on'
                      : 'friend-page__letter'
                  }
                  onClick={() => friends.chooseLetter(l)}
                >
                  {l}
                </Text>
              ))}
            </View>
          )}
        </View>
      ) : (
        <PagedList
          load={requests.load}
          handle={requests.rowsRef}
          keyOf={(r) => r.id}
          renderItem={renderRequest}
          emptyText="还没有新的书友申请"
          emptyKind="people"
        />
      )}
    </View>
  )
}

export default observer(FriendPage)
