import { View, Text } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Avatar from '@/components/Avatar'
import Cell, { CellGroup } from '@/components/Cell'
import { useStores } from '@/stores'
import { requireLogin } from '@/features/account/requireLogin'
import { syncMessagesUnread } from '@/features/social/unread'
import { useMessageUnread } from '@/features/social/useMessageUnread'
import { useMyStatistics } from '@/features/social/useMyStatistics'
import './index.scss'

const go = (url: string) => () => Taro.navigateTo({ url })

function MinePage() {
  const { session, unread } = useStores()
  const user = session.user
  const { stats, refresh: refreshStats } = useMyStatistics()
  const unreadMessages = useMessageUnread()

  /** My profile and counts (posts, following, followers, likes): on every show. */
  const refresh = (): Promise<unknown> =>
    Promise.all([
      session.isLoggedIn ? session.refreshProfile().catch(() => undefined) : undefined,
      refreshStats(),
    ])

  useDidShow(() => {
    void refresh()
  })

  // Pull-down: the same, and the messages count (a show fetches that by itself).
  usePullDownRefresh(() => {
    void Promise.all([refresh(), syncMessagesUnread(session.isLoggedIn, unread)]).finally(() =>
      Taro.stopPullDownRefresh(),
    )
  })

  const guarded = (url: string) => () => requireLogin(session, () => void Taro.navigateTo({ url }))

  return (
    <View className="page mine">
      {user ? (
        <View className="mine__head" onClick={go('/pagesA/mine/userCenter')}>
          <Avatar src={user.avatar} name={user.nickname} size={128} />
          <View className="mine__who">
            <Text className="mine__nickname" data-testid="mine-nickname">
              {user.nickname}
            </Text>
            <Text className="mine__sign">{user.signature || '这个人很懒，还没有签名'}</Text>
          </View>
          <View className="mine__arrow" />
        </View>
      ) : (
        <View className="mine__head" onClick={go('/pages/public/login')}>
          <Avatar name="登" size={128} />
          <View className="mine__who">
            <Text className="mine__nickname" data-testid="mine-login">
              点击登录
            </Text>
            <Text className="mine__sign">登录后体验更多功能</Text>
          </View>
          <View className="mine__arrow" />
        </View>
      )}
      {user && (
        <View className="mine__stats">
          <View className="mine__stat" onClick={go(`/pagesA/report/user?id=${user.user_id}`)}>
            <Text className="mine__num" data-testid="stat-posts">
              {stats?.posts ?? '-'}
            </Text>
            <Text className="muted">读后感</Text>
          </View>
          <View className="mine__stat" onClick={go('/pagesA/friend/fellowList?type=following')}>
            <Text className="mine__num" data-testid="stat-following">
              {stats?.following ?? '-'}
            </Text>
            <Text className="muted">关注</Text>
          </View>
          <View className="mine__stat" onClick={go('/pagesA/friend/fellowList?type=followers')}>
            <Text className="mine__num" data-testid="stat-followers">
              {stats?.followers ?? '-'}
            </Text>
            <Text className="muted">粉丝</Text>
          </View>
          <View className="mine__stat">
            <Text className="mine__num" data-testid="stat-likes">
              {stats?.likes ?? '-'}
            </Text>
            <Text className="muted">获赞</Text>
          </View>
        </View>
      )}
      <CellGroup>
        <Cell
          title="消息"
          value={
            unreadMessages > 0 ? (
              <Text className="badge">{unreadMessages > 99 ? '99+' : unreadMessages}</Text>
            ) : null
          }
          onClick={guarded('/pagesA/msg/msg')}
        />
        <Cell title="我的书架" onClick={guarded('/pagesA/book/case')} />
        <Cell title="收藏的书" onClick={guarded('/pagesA/collect/book')} />
        <Cell title="我的读后感" onClick={guarded('/pagesA/read/thought')} />
        <Cell title="阅读时长" onClick={guarded('/pagesA/mine/readTime')} />
        <Cell title="阅读排行" onClick={go('/pagesA/mine/rankTop')} />
      </CellGroup>
      <CellGroup>
        <Cell title="个人资料" onClick={guarded('/pagesA/mine/userCenter')} />
        <Cell title="我的二维码" onClick={guarded('/pagesA/mine/ewm')} />
        <Cell
          title="实名认证"
          value={user ? (user.real_name_verified ? `已认证 ${user.real_name}` : '未认证') : ''}
          onClick={guarded('/pages/public/bindID')}
        />
      </CellGroup>
      <CellGroup>
        <Cell title="黑名单" onClick={guarded('/pagesA/friend/blockList')} />
        <Cell title="投诉与建议" onClick={guarded('/pagesA/mine/feedback')} />
        <Cell title="账号与安全" onClick={guarded('/pagesA/mine/account')} />
        <Cell title="设置" onClick={go('/pagesA/mine/setCenter')} />
      </CellGroup>
    </View>
  )
}

export default observer(MinePage)
