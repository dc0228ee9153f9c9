import { Button } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { Route } from '@/core/routes'
import Empty, { type EmptyKind } from '../Empty'

/** What a login-only page shows to a guest who opened it by its link. */
export default function LoginRequired({
  text = '登录后才能使用这个功能',
  kind = 'people',
}: {
  text?: string
  kind?: EmptyKind
}) {
  return (
    <Empty
      kind={kind}
      text={text}
      action={
        <Button className="btn-primary" onClick={() => Taro.navigateTo({ url: Route.login })}>
          去登录
        </Button>
      }
    />
  )
}
