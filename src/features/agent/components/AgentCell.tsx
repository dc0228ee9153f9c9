import { observer } from 'mobx-react-lite'
import Cell from '@/components/Cell'
import { requireLogin } from '@/features/account/public'
import { useStores } from '@/stores'
import { openAgentCenter } from '../entry'

/** The mine tab's 吧主中心 row: the agent home for an agent, else the application (login first). */
function AgentCell() {
  const { session } = useStores()
  return (
    <Cell title="吧主中心" onClick={() => requireLogin(session, () => void openAgentCenter())} />
  )
}

export default observer(AgentCell)
