import { View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import AgentError from '@/features/agent/components/AgentError'
import CouponCard from '@/features/agent/components/CouponCard'
import { useCouponRecords } from '@/features/agent/useAgentLists'
import { useStores } from '@/stores'
import { AgentText } from '@rules/agent'
import './couponLog.scss'

/** 发券记录: the coupons I gave, latest first: to whom, when, and whether used. */
function AgentCouponLogPage() {
  const { session } = useStores()
  const records = useCouponRecords(session.isLoggedIn)

  if (!session.isLoggedIn) return <LoginRequired text="登录后查看发券记录" />
  if (records.denied) return <AgentError text={AgentText.notAgent} />

  const now = Date.now()
  return (
    <View className="page agent-coupons">
      <PagedList
        key={records.generation}
        load={records.load}
        keyOf={(c) => c.id}
        emptyKind="generic"
        renderItem={(c) => (
          <CouponCard coupon={c} nowMs={now} testId={`coupon-record-${c.id}`} withHolder />
        )}
        emptyText="还没有发过优惠券"
      />
    </View>
  )
}

export default observer(AgentCouponLogPage)
