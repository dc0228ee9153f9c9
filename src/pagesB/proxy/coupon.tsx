import { Button, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { useLiveList } from '@/components/PagedList/useLiveList'
import { usePagedListHandle } from '@/components/PagedList/usePagedListHandle'
import { AGENT_PAGE_SIZE, fetchAgentCoupons } from '@/features/agent/api'
import CouponCard from '@/features/agent/components/CouponCard'
import MemberPicker from '@/features/agent/components/MemberPicker'
import TabStrip from '@/features/agent/components/TabStrip'
import { canGive } from '@/features/agent/format'
import { useGiveCoupon } from '@/features/agent/useGiveCoupon'
import { useStores } from '@/stores'
import type { AgentCoupon } from '@/types/api/agent'
import type { CouponFilter } from '@rules/agent'
import { formatFen } from '@rules/shop'
import './coupon.scss'

const TABS: readonly { key: CouponFilter; label: string }[] = [
  { key: 'unissued', label: '未发放' },
  { key: 'all', label: '全部' },
]

/** 优惠券: the coupons operators allocated to me (still to give, or all); 发放 to a member. */
function AgentCouponsPage() {
  const { session } = useStores()
  const [filter, setFilter] = useState<CouponFilter>('unissued')
  const [target, setTarget] = useState<AgentCoupon | null>(null)
  const rows = usePagedListHandle<AgentCoupon>()
  const coupons = useLiveList<AgentCoupon>({
    fetchPage: (page) => fetchAgentCoupons(filter, page),
    pageSize: AGENT_PAGE_SIZE,
    keyOf: (c) => c.id,
    versionOf: (c) => c.state,
    active: session.isLoggedIn,
  })
  const giving = useGiveCoupon((coupon) => {
    setTarget(null)
    if (filter === 'unissued') coupons.remove(coupon.id)
    else
      rows.update(
        (c) => c.id === coupon.id,
        () => coupon,
      )
  })

  if (!session.isLoggedIn) return <LoginRequired text="登录后查看优惠券" />

  const now = Date.now()
  const renderCoupon = (c: AgentCoupon) =>
    coupons.hidden.has(c.id) ? null : (
      <CouponCard
        coupon={c}
        nowMs={now}
        testId={`coupon-${c.id}`}
        withHolder={filter === 'all'}
        action={
          canGive(c, now) ? (
            <Button
              className="agent-coupon__give"
              data-testid={`coupon-give-${c.id}`}
              onClick={() => setTarget(c)}
            >
              发放
            </Button>
          ) : null
        }
      />
    )

  return (
    <View className="page agent-coupons">
      <TabStrip
        tabs={TABS}
        current={filter}
        onChange={(next) => {
          if (next === filter) return
          setFilter(next)
          coupons.reload()
        }}
        testPrefix="coupon-tab"
      />
      <PagedList
        key={`${filter}|${coupons.generation}`}
        handle={rows.ref}
        load={coupons.load}
        keyOf={(c) => c.id}
        renderItem={renderCoupon}
        emptyText={filter === 'unissued' ? '没有待发放的优惠券' : '还没有优惠券'}
      />
      {target && (
        <MemberPicker
          title={`发放 ${formatFen(target.valueFen)} 优惠券给`}
          busy={giving.busy}
          onPick={(member) => void giving.give(target.id, member.userId)}
          onClose={() => setTarget(null)}
        />
      )}
    </View>
  )
}

export default observer(AgentCouponsPage)
