import { Button } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Empty from '@/components/Empty'
import { isNotAgent } from '../../format'
import { agentApplyUrl } from '../../links'

const apply = () => void Taro.navigateTo({ url: agentApplyUrl() })

interface Props {
  text: string
  /** Load again (any failure but '您还不是吧主', which offers the application instead). */
  onRetry?: () => void
}

/**
 * What an agent page shows when its data could not be loaded: the reason, and for a reader who is
 * no agent the way to apply, else 重新加载.
 */
export default function AgentError({ text, onRetry }: Props) {
  const notAgent = isNotAgent(text)
  const action = notAgent ? (
    <Button className="btn-primary" data-testid="agent-apply-link" onClick={apply}>
      申请成为吧主
    </Button>
  ) : onRetry ? (
    <Button className="btn-plain" data-testid="agent-retry" onClick={onRetry}>
      重新加载
    </Button>
  ) : undefined
  return <Empty kind={notAgent ? 'people' : 'error'} text={text} action={action} />
}
