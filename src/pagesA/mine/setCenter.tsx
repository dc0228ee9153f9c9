import { View, Button, Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Cell, { CellGroup } from '@/components/Cell'
import { Limits } from '@rules/limits'
import { useStores } from '@/stores'
import { pageUrl, Route } from '@/core/routes'
import { useReceiptSwitch } from '@/features/chat/receiptSettings'
import './setCenter.scss'

const go = (url: string) => () => Taro.navigateTo({ url })

const RECEIPT_LABEL = '消息已读回执'

/** 消息已读回执: the reader's own receipt setting, offered while the app's is on. */
function ReceiptSwitch({ signedIn }: { signedIn: boolean }) {
  const receipt = useReceiptSwitch(signedIn)
  if (!receipt.available) return null
  const a11y = {
    role: 'switch',
    'aria-role': 'switch',
    'aria-label': RECEIPT_LABEL,
    'aria-checked': receipt.on ? 'true' : 'false',
  }
  return (
    <CellGroup>
      <Cell
        title={RECEIPT_LABEL}
        arrow={false}
        value={
          <View
            className={receipt.on ? 'toggle is-on' : 'toggle'}
            data-testid="receipt-switch"
            onClick={() => receipt.toggle(!receipt.on)}
            {...a11y}
          >
            <Text className="toggle__knob" />
          </View>
        }
      />
    </CellGroup>
  )
}

function SettingsPage() {
  const { session } = useStores()

  const logout = async () => {
    const { confirm } = await Taro.showModal({ title: '退出登录', content: '确定退出当前账号吗？' })
    if (!confirm) return
    await session.logout()
    void Taro.switchTab({ url: Route.mine })
  }

  return (
    <View className="page">
      <CellGroup>
        <Cell title="个人资料" onClick={go(Route.userCenter)} />
        <Cell title="账号与安全" onClick={go(Route.account)} />
      </CellGroup>
      <ReceiptSwitch signedIn={session.isLoggedIn} />
      <CellGroup>
        <Cell title="用户协议" onClick={go(pageUrl(Route.richText, { id: 'agreement' }))} />
        <Cell title="隐私政策" onClick={go(pageUrl(Route.richText, { id: 'privacy' }))} />
        <Cell title="当前版本" value={`v${Limits.appVersion}`} arrow={false} />
      </CellGroup>
      {session.isLoggedIn && (
        <View className="page-pad">
          <Button className="btn-danger" onClick={logout}>
            退出登录
          </Button>
        </View>
      )}
    </View>
  )
}

export default observer(SettingsPage)
