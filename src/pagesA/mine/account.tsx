import { View, Text, Button, Input } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import Cell, { CellGroup } from '@/components/Cell'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { deleteAccount, sendOwnCaptcha } from '@/features/account/api'
import { useWechatBinding, wechatRowValue } from '@/features/account/wechatBinding'
import { checkSmsCode } from '@rules/validate'
import { useStores } from '@/stores'
import LoginRequired from '@/components/LoginRequired'
import './account.scss'
import { Route } from '@/core/routes'
import { BRAND_COLOR } from '@/core/theme'

const go = (url: string) => () => Taro.navigateTo({ url })

function AccountPage() {
  const { session } = useStores()
  const user = session.user
  const [deleting, setDeleting] = useState(false)
  const [code, setCode] = useState('')
  const form = useFormSubmit('注销失败', () => checkSmsCode(code))
  const wechat = useWechatBinding(Boolean(user?.wechat_bound), Boolean(user))

  const askDelete = async () => {
    const { confirm } = await Taro.showModal({
      title: '注销账号',
      content: '注销后，账号资料、书架、读后感和书评将无法找回，确定继续吗？',
      confirmText: '继续注销',
      confirmColor: BRAND_COLOR,
    })
    if (!confirm) return
    try {
      await sendOwnCaptcha()
      setDeleting(true)
      void Taro.showToast({ title: '验证码已发送至绑定手机', icon: 'none' })
    } catch {
      // the request layer has shown why
    }
  }

  const confirmDelete = () =>
    form.submit(checkSmsCode(code), async () => {
      await deleteAccount({ code })
      session.clear()
      void Taro.showToast({ title: '账号已注销', icon: 'none' })
      setTimeout(() => void Taro.switchTab({ url: Route.mine }), 800)
    })

  if (!user) return <LoginRequired />

  return (
    <View className="page">
      <CellGroup>
        <Cell title="手机号" value={user.mobile} onClick={go(Route.changePhone)} />
        <Cell
          title="登录密码"
          value={user.has_password ? '修改' : '未设置'}
          onClick={go(user.has_password ? Route.changePwd : Route.mineFindPwd)}
        />
        <Cell title="忘记密码" onClick={go(Route.mineFindPwd)} />
        <Cell
          title="实名认证"
          value={user.real_name_verified ? '已认证' : '未认证'}
          onClick={go(Route.bindID)}
        />
        <Cell
          title="微信"
          value={<Text data-testid="account-wechat">{wechatRowValue(wechat.bound)}</Text>}
          onClick={() => void wechat.showDetail()}
        />
      </CellGroup>
      <CellGroup>
        <Cell title="注销账号" danger onClick={askDelete} />
      </CellGroup>
      {deleting && (
        <View className="card account__delete">
          <Text>请输入发送至 {user.mobile} 的验证码以确认注销</Text>
          <Input
            className="account__code"
            name="delete_code"
            type="number"
            maxlength={6}
            value={code}
            placeholder="6位验证码"
            onInput={(e) => setCode(e.detail.value)}
          />
          <FormError text={form.error} />
          <SubmitButton busy={form.busy} onClick={confirmDelete}>
            确认注销
          </SubmitButton>
          <Button className="btn-plain" onClick={() => setDeleting(false)}>
            取消
          </Button>
        </View>
      )}
    </View>
  )
}

export default observer(AccountPage)
