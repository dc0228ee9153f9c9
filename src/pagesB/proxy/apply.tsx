import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import ApplyView from '@/features/agent/components/ApplyView'
import { agentHomeUrl } from '@/features/agent/links'
import { useStores } from '@/stores'

const toHome = () => void Taro.redirectTo({ url: agentHomeUrl() }).catch(() => undefined)

/**
 * 申请成为吧主: my application's state (审核中, or 未通过 with the reason and the form again) or the
 * form; an agent is sent on to the agent home.
 */
function AgentApplyPage() {
  const { session } = useStores()
  if (!session.isLoggedIn) return <LoginRequired text="登录后申请成为吧主" />
  return <ApplyView onApproved={toHome} />
}

export default observer(AgentApplyPage)
