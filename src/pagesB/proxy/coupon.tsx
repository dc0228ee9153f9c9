import { Button, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import AgentError from '@/features/agent/components/AgentError'
import CouponCard from '@/features/agent/components/CouponCard'
import MemberPicker from '@/features/agent/components/MemberPicker'
import TabStrip from '@/components/TabStrip'
import { canGive } from '@/features/agent/format'
import { COUPON_TABS, useAgentCoupons } from '@/features/agent/useAgentCoupons'
import { useStores } from '@/stores'
import type { AgentCoupon } from '@/types/api/agent'
import { AgentText } from '@rules/agent'
import { formatFen } from '@rules/shop'
import './coupon.scss'

/** 优惠券: the coupons operators allocated to me (still to give, or all); 发放 to a member. */
function AgentCouponsPage() {
  const { session } = useStores()
  const page = useAgentCoupons(session.isLoggedIn)
  const { filter, coupons, target } = page

  if (!session.isLoggedIn) return <LoginRequired text="登录后查看优惠券" />
  if (coupons.denied) return <AgentError text={AgentText.notAgent} />

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
              onClick={() => page.setTarget(c)}
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
        tabs={COUPON_TABS}
        current={filter}
        onChange={page.changeFilter}
        testPrefix="coupon-tab"
      />
      <PagedList
        key={`${filter}|${coupons.generation}`}
        handle={page.rows.ref}
        load={coupons.load}
        keyOf={(c) => c.id}
        renderItem={renderCoupon}
        emptyText={page.emptyText}
        emptyKind="generic"
      />
      {target && (
        <MemberPicker
          title={`发放 ${formatFen(target.valueFen)} 优惠券给`}
          busy={page.busy}
          onPick={(member) => page.give(member.userId)}
          onClose={() => page.setTarget(null)}
        />
      )}
    </View>
  )
}

export default observer(AgentCouponsPage)
