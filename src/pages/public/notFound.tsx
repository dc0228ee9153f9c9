import { Button, Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import Empty from '@/components/Empty'
import { shownAddress } from '@/core/notFound'
import './notFound.scss'
import { Route } from '@/core/routes'

const goHome = () => void Taro.switchTab({ url: Route.home })

/** An address the app does not have: what was asked for (as text) and the way home. */
export default function NotFoundPage() {
  const { params } = useRouter()
  const asked = shownAddress(params.path)
  return (
    <View className="page not-found">
      <Empty
        kind="error"
        text="页面不存在"
        action={
          <View className="not-found__body">
            {asked && (
              <Text className="not-found__path" data-testid="not-found-path" userSelect>
                {asked}
              </Text>
            )}
            <Text className="not-found__hint">链接可能已失效，或者这个页面还没有开放</Text>
            <Button
              className="btn-primary not-found__home"
              data-testid="not-found-home"
              onClick={goHome}
            >
              返回首页
            </Button>
          </View>
        }
      />
    </View>
  )
}
