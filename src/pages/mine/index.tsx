import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Cell, { CellGroup } from '@/components/Cell'
import { pageUrl, Route, type RoutePath } from '@/core/routes'
import MineHead from '@/features/account/components/MineHead'
import NotesCell from '@/features/annotations/components/NotesCell'
import AgentCell from '@/features/agent/components/AgentCell'
import { requireLogin } from '@/features/account/requireLogin'
import MyStats from '@/features/social/components/MyStats'
import { useMineRefresh } from '@/features/social/useMineRefresh'
import { useStores } from '@/stores'
import './index.scss'

const go = (url: RoutePath) => () => Taro.navigateTo({ url })

function MinePage() {
  const { session } = useStores()
  const user = session.user
  const { stats, unreadMessages } = useMineRefresh()

  const guarded = (url: RoutePath) => () =>
    requireLogin(session, () => void Taro.navigateTo({ url }))
  const myPosts = () =>
    requireLogin(session, () => {
      if (user) void Taro.navigateTo({ url: pageUrl(Route.reportUser, { id: user.user_id }) })
    })

  return (
    <View className="page mine">
      <MineHead user={user} />
      {user && <MyStats userId={user.user_id} stats={stats} />}
      <CellGroup>
        <Cell
          title="消息"
          value={
            unreadMessages > 0 ? (
              <Text className="badge">{unreadMessages > 99 ? '99+' : unreadMessages}</Text>
            ) : null
          }
          onClick={guarded(Route.msg)}
        />
        <Cell title="我的书架" onClick={guarded(Route.bookCase)} />
        <NotesCell />
        <Cell title="收藏的书" onClick={guarded(Route.collectBook)} />
        <Cell title="我的文档与上传" onClick={guarded(Route.myDoc)} />
        <Cell title="我的视频" onClick={guarded(Route.myVideo)} />
        {/* 读后感: my feed posts, as the count above; 书评: my reflections on books. */}
        <Cell title="我的读后感" onClick={myPosts} />
        <Cell title="我的书评" onClick={guarded(Route.thought)} />
        <Cell title="阅读时长" onClick={guarded(Route.readTime)} />
        <Cell title="阅读排行" onClick={go(Route.rankTop)} />
      </CellGroup>
      <CellGroup>
        <Cell title="我的订单" onClick={guarded(Route.myOrder)} />
        <Cell title="我的赠送" onClick={guarded(Route.giveBook)} />
        <Cell title="兑换中心" onClick={guarded(Route.conversion)} />
        <Cell title="商城" onClick={go(Route.shop)} />
        <Cell title="活动" onClick={go(Route.activityList)} />
        <AgentCell />
      </CellGroup>
      <CellGroup>
        <Cell title="个人资料" onClick={guarded(Route.userCenter)} />
        <Cell title="我的二维码" onClick={guarded(Route.ewm)} />
        <Cell
          title="实名认证"
          value={user ? (user.real_name_verified ? `已认证 ${user.real_name}` : '未认证') : ''}
          onClick={guarded(Route.bindID)}
        />
      </CellGroup>
      <CellGroup>
        <Cell title="黑名单" onClick={guarded(Route.blockList)} />
        <Cell title="投诉与建议" onClick={guarded(Route.mineFeedback)} />
        <Cell title="账号与安全" onClick={guarded(Route.account)} />
        <Cell title="设置" onClick={go(Route.setCenter)} />
      </CellGroup>
    </View>
  )
}

export default observer(MinePage)
