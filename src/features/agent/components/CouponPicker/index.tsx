import { Text, View } from '@tarojs/components'
import type { AgentCoupon } from '@/types/api/agent'
import { formatFen } from '@rules/shop'
import { fetchAgentCoupons, PICKER_PAGE_SIZE } from '../../api'
import { canGive, formatDay, thresholdText } from '../../format'
import { usePickerList } from '../../usePickerList'
import { PickerFoot } from '../PickerState'
import Sheet from '../Sheet'

interface Props {
  title: string
  busy: boolean
  onPick: (coupon: AgentCoupon) => void
  onClose: () => void
}

/** Choosing one of my unissued coupons (to give to a member); expired ones are left out. */
export default function CouponPicker({ title, busy, onPick, onClose }: Props) {
  const list = usePickerList((page) => fetchAgentCoupons('unissued', page, PICKER_PAGE_SIZE))
  const now = Date.now()
  const givable = { ...list, items: list.items.filter((c) => canGive(c, now)) }
  return (
    <Sheet title={title} onClose={onClose} testId="coupon-picker-sheet">
      {givable.items.map((coupon) => (
        <View
          key={coupon.id}
          className={busy ? 'agent-sheet__row is-off' : 'agent-sheet__row'}
          data-testid={`pick-coupon-${coupon.id}`}
          onClick={() => {
            if (!busy) onPick(coupon)
          }}
        >
          <Text className="agent-coupon-value">{formatFen(coupon.valueFen)}</Text>
          <View className="agent-sheet__row-body">
            <Text className="agent-sheet__row-title">{thresholdText(coupon.minOrderFen)}</Text>
            <Text className="muted">有效期至 {formatDay(coupon.expiresAt)}</Text>
          </View>
        </View>
      ))}
      <PickerFoot list={givable} emptyText="没有可发放的优惠券" />
    </Sheet>
  )
}
