import { Text, View } from '@tarojs/components'
import Taro, { useDidShow } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { Route } from '@/core/routes'
import { requireLogin } from '@/features/account/requireLogin'
import PostList from '@/features/feed/components/PostList'
import { useMessageUnread } from '@/features/social/useMessageUnread'
import { useStores } from '@/stores'
import './index.scss'

/** The feed tab: everyone's reading reports, newest first, with likes and comment counts. */
function FeedPage() {
  const { session, feed } = useStores()
  const [generation, setGeneration] = useState(0)
  useMessageUnread()

  // A post written, deleted or commented on elsewhere: load the feed again.
  useDidShow(() => {
    if (feed.consumeChanged()) setGeneration((g) => g + 1)
  })

  return (
    <View className="page feed">
      <PostList
        key={`${generation}|${session.isLoggedIn}`}
        emptyText="还没有读后感，来发第一篇吧"
      />
      <View
        className="feed__compose"
        data-testid="compose"
        onClick={() =>
          requireLogin(session, () => void Taro.navigateTo({ url: Route.reportCompose }))
        }
      >
        <Text>写</Text>
      </View>
    </View>
  )
}

export default observer(FeedPage)
