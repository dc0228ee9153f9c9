import { View, Button } from '@tarojs/components'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { observer } from 'mobx-react'
import Empty from '@/components/Empty'
import { useStores } from '@/stores'

/** The conversations tab. The conversation list itself arrives with the chat issue. */
function ConversationsPage() {
  const { session } = useStores()

  usePullDownRefresh(() => {
    void Taro.stopPullDownRefresh()
  })

  return (
    <View className="page">
      {session.isLoggedIn ? (
        <Empty text="暂无会话" />
      ) : (
        <Empty
          text="登录后和书友聊聊读过的书"
          action={
            <Button
              className="btn-primary"
              onClick={() => Taro.navigateTo({ url: '/pages/public/login' })}
            >
              去登录
            </Button>
          }
        />
      )}
    </View>
  )
}

export default observer(ConversationsPage)
