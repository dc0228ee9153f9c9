import { View, Text, Button } from '@tarojs/components'
import Taro, { usePullDownRefresh, useShareAppMessage } from '@tarojs/taro'
import { observer } from 'mobx-react'
import NavBar from '@/components/NavBar'
import Avatar from '@/components/Avatar'
import { useStores } from '@/stores'
import './index.scss'

/** The home tab. Its library content (banner, categories, books) arrives with the books issue. */
function HomePage() {
  const { session } = useStores()
  const user = session.user

  usePullDownRefresh(() => {
    const done = session.isLoggedIn ? session.refreshProfile() : Promise.resolve()
    void done.catch(() => undefined).finally(() => Taro.stopPullDownRefresh())
  })

  useShareAppMessage(() => ({ title: '书友 · 一起读书', path: '/pages/index/index' }))

  return (
    <View className="page home">
      <NavBar title="书友" />
      <View className="card home__welcome">
        {user ? (
          <View className="home__user">
            <Avatar src={user.avatar} name={user.nickname} size={88} />
            <View className="home__hello">
              <Text className="home__name">你好，{user.nickname}</Text>
              <Text className="muted">今天也读一会儿书吧</Text>
            </View>
          </View>
        ) : (
          <View>
            <Text className="home__name">欢迎来到书友</Text>
            <View className="muted home__sub">登录后同步你的书架、阅读进度和书友</View>
            <Button
              className="btn-primary"
              onClick={() => Taro.navigateTo({ url: '/pages/public/login' })}
            >
              登录 / 注册
            </Button>
          </View>
        )}
      </View>
    </View>
  )
}

export default observer(HomePage)
