import { View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { useLiveList } from '@/components/PagedList/useLiveList'
import { AGENT_PAGE_SIZE, fetchCouponRecords } from '@/features/agent/api'
import CouponCard from '@/features/agent/components/CouponCard'
import { useStores } from '@/stores'
import type { AgentCoupon } from '@/types/api/agent'
import './couponLog.scss'

/** 发券记录: the coupons I gave, latest first: to whom, when, and whether used. */
function AgentCouponLogPage() {
  const { session } = useStores()
  const records = useLiveList<AgentCoupon>({
    fetchPage: fetchCouponRecords,
    pageSize: AGENT_PAGE_SIZE,
    keyOf: (c) => c.id,
    versionOf: (c) => c.state,
    active: session.isLoggedIn,
  })

  if (!session.isLoggedIn) return <LoginRequired text="登录后查看发券记录" />

  const now = Date.now()
  return (
    <View className="page agent-coupons">
      <PagedList
        key={records.generation}
        load={records.load}
        keyOf={(c) => c.id}
        renderItem={(c) => (
          <CouponCard coupon={c} nowMs={now} testId={`coupon-record-${c.id}`} withHolder />
        )}
        emptyText="还没有发过优惠券"
      />
    </View>
  )
}

export default observer(AgentCouponLogPage)
