import { Button } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Empty from '@/components/Empty'
import { AgentText } from '@rules/agent'
import { agentApplyUrl } from '../../links'

/** Pure: the failure says the reader is no agent (403 '您还不是吧主'). */
export const isNotAgent = (error: string | null | undefined): boolean =>
  error === AgentText.notAgent

const apply = () => void Taro.navigateTo({ url: agentApplyUrl() })

/**
 * What an agent page shows when its data could not be loaded: the reason, and for a reader who is
 * no agent the way to apply.
 */
export default function AgentError({ text }: { text: string }) {
  const notAgent = isNotAgent(text)
  return (
    <Empty
      kind={notAgent ? 'people' : 'error'}
      text={text}
      action={
        notAgent ? (
          <Button className="btn-primary" data-testid="agent-apply-link" onClick={apply}>
            申请成为吧主
          </Button>
        ) : undefined
      }
    />
  )
}
