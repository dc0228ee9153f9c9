import { Button } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Empty from '../Empty'

/** What a login-only page shows to a guest who opened it by its link. */
export default function LoginRequired({ text = '登录后才能使用这个功能' }: { text?: string }) {
  return (
    <Empty
      text={text}
      action={
        <Button
          className="btn-primary"
          onClick={() => Taro.navigateTo({ url: '/pages/public/login' })}
        >
          去登录
        </Button>
      }
    />
  )
}
