import { Text, View } from '@tarojs/components'
import { AgentText } from '@rules/agent'
import { formatFen } from '@rules/shop'
import { formatShopTime } from '../../time'
import type { useCoupons } from '../../useCoupons'
import './index.scss'

/** The short word an option says for why it cannot be chosen now (the toast says it in full). */
const PROBLEM_LABEL: Record<string, string> = {
  [AgentText.couponThreshold]: '未满足使用门槛',
  [AgentText.couponExpired]: '已过期',
  [AgentText.couponNotUsable]: '不可用',
}

/**
 * The product page's coupon row: the coupon the order names (or how many fit), its options when
 * opened (不使用优惠券, then each of my usable coupons; those under their threshold greyed), and
 * 优惠 −¥x, 实付 ¥y.
 */
export default function CouponPicker({ picker }: { picker: ReturnType<typeof useCoupons> }) {
  const { coupons, chosen, fitting, discountFen, payFen, open, problemOf } = picker
  if (coupons.length === 0) return null
  const summary = chosen
    ? `−${formatFen(chosen.valueFen)}`
    : fitting > 0
      ? `${fitting}张可用`
      : '暂无可用'
  return (
    <View className="coupon-pick">
      <View className="coupon-pick__row" data-testid="coupon-picker" onClick={picker.toggle}>
        <Text className="coupon-pick__label">优惠券</Text>
        <Text
          className={chosen ? 'coupon-pick__value coupon-pick__value--on' : 'coupon-pick__value'}
          data-testid="coupon-chosen"
        >
          {summary}
        </Text>
        <Text
          className={open ? 'coupon-pick__arrow coupon-pick__arrow--open' : 'coupon-pick__arrow'}
        />
      </View>
      {open && (
        <View className="coupon-pick__list">
          <View
            className={
              chosen ? 'coupon-pick__option' : 'coupon-pick__option coupon-pick__option--on'
            }
            data-testid="coupon-option-none"
            onClick={() => picker.choose('none')}
          >
            <Text>不使用优惠券</Text>
          </View>
          {coupons.map((c) => {
            const problem = problemOf(c)
            const ok = problem === null
            const on = chosen?.id === c.id
            return (
              <View
                key={c.id}
                className={[
                  'coupon-pick__option',
                  on ? 'coupon-pick__option--on' : '',
                  ok ? '' : 'coupon-pick__option--off',
                ]
                  .filter(Boolean)
                  .join(' ')}
                data-testid={`coupon-option-${c.id}`}
                onClick={() => picker.choose(c.id)}
              >
                <Text className="coupon-pick__amount">{formatFen(c.valueFen)}</Text>
                <View className="coupon-pick__info">
                  <Text>满{formatFen(c.minOrderFen)}可用</Text>
                  <Text className="muted">
                    {problem === null ? '' : `${PROBLEM_LABEL[problem] ?? problem} · `}有效期至{' '}
                    {formatShopTime(c.expiresAt).slice(0, 10)}
                  </Text>
                </View>
              </View>
            )
          })}
        </View>
      )}
      <View className="coupon-pick__sum">
        <Text className="coupon-pick__discount" data-testid="product-discount">
          优惠 −{formatFen(discountFen)}
        </Text>
        <Text className="coupon-pick__pay" data-testid="product-pay-amount">
          实付 {formatFen(payFen)}
        </Text>
      </View>
    </View>
  )
}
