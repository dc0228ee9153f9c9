import { Button, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { distanceText, useNearby } from '@/features/friends/useNearby'
import UserRow from '@/features/social/components/UserRow'
import { useStores } from '@/stores'
import type { NearbyPerson } from '@/types/api/friends'
import './addFriendByAddress.scss'

/** Readers nearby who chose to be found, nearest first; my position can be cleared at any time. */
function NearbyPage() {
  const { session } = useStores()
  const n = useNearby()

  if (!session.isLoggedIn) return <LoginRequired kind="people" text="登录后查看附近的书友" />

  const renderPerson = (p: NearbyPerson) => (
    <UserRow
      user={p}
      subtitle={<Text className="user-row__sub">{distanceText(p.distance)}以内</Text>}
      action={
        p.isFriend ? (
          <Text className="muted">已是书友</Text>
        ) : (
          <Text
            className={n.requested.has(p.userId) ? 'user-action user-action--plain' : 'user-action'}
            data-testid={`nearby-add-${p.userId}`}
            onClick={() => void n.add(p)}
          >
            {n.requested.has(p.userId) ? '已申请' : '加书友'}
          </Text>
        )
      }
    />
  )

  return (
    <View className="page nearby">
      {n.optedIn === false && (
        <View className="nearby__intro">
          <Text className="nearby__title">看看附近谁也在读书</Text>
          <Text className="muted">
            开启后，附近开启此功能的书友能看到你和你们的大致距离；只保存约1公里精度的位置，任何人都看不到你的具体位置。
          </Text>
          <Button
            className="btn-primary"
            data-testid="nearby-join"
            loading={n.busy}
            onClick={() => void n.join()}
          >
            开启附近的书友
          </Button>
        </View>
      )}
      <PagedList
        key={n.generation}
        load={n.load}
        handle={n.rowsRef}
        keyOf={(p) => p.userId}
        renderItem={renderPerson}
        emptyText={n.optedIn ? '附近还没有书友，过会儿再来看看' : '开启后可查看附近的书友'}
        emptyKind="people"
      />
      {n.optedIn && (
        <View className="nearby__leave">
          <Text className="link" data-testid="nearby-leave" onClick={() => void n.leave()}>
            清除我的位置并关闭
          </Text>
        </View>
      )}
    </View>
  )
}

export default observer(NearbyPage)
