import { View, Text } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import { observer } from 'mobx-react'
import Avatar from '@/components/Avatar'
import Cell, { CellGroup } from '@/components/Cell'
import { useStores } from '@/stores'
import { requireLogin } from '@/features/account/requireLogin'
import './index.scss'

const go = (url: string) => () => Taro.navigateTo({ url })

function MinePage() {
  const { session } = useStores()
  const user = session.user

  useDidShow(() => {
    if (session.isLoggedIn) void session.refreshProfile().catch(() => undefined)
  })

  usePullDownRefresh(() => {
    const done = session.isLoggedIn ? session.refreshProfile() : Promise.resolve()
    void done.catch(() => undefined).finally(() => Taro.stopPullDownRefresh())
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
      <CellGroup>
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
        <Cell title="账号与安全" onClick={guarded('/pagesA/mine/account')} />
        <Cell title="设置" onClick={go('/pagesA/mine/setCenter')} />
      </CellGroup>
    </View>
  )
}

export default observer(MinePage)
