import { Button, Image, Text, View } from '@tarojs/components'
import { resolveAssetUrl } from '@/core/assets'
import type { Order } from '@/types/api/shop'
import { formatFen, ORDER_STATE_LABELS } from '@rules/shop'
import { countdownText, formatShopTime } from '../../time'
import './index.scss'

interface Props {
  order: Order
  /** Seconds left to pay an unpaid order. */
  payLeft: number
  busy: boolean
  onCancel: () => void
  onPay: () => void
}

/** An order: what was bought (as it was then), amount, state, and for an unpaid one its actions. */
export default function OrderRow({ order, payLeft, busy, onCancel, onPay }: Props) {
  const pending = order.state === 'pending'
  return (
    <View className="order-row" data-testid={`order-${order.id}`}>
      <View className="order-row__head">
        <Text className="muted">订单号 {order.orderNo}</Text>
        <Text
          className={`order-row__state order-row__state--${order.state}`}
          data-testid={`order-state-${order.id}`}
        >
          {pending && payLeft <= 0 ? '已超时' : ORDER_STATE_LABELS[order.state]}
        </Text>
      </View>
      <View className="order-row__body">
        <View className="order-row__cover">
          {order.cover !== '' && (
            <Image
              className="order-row__image"
              src={resolveAssetUrl(order.cover)}
              mode="aspectFill"
            />
          )}
        </View>
        <View className="order-row__info">
          <Text className="order-row__name">{order.name}</Text>
          <Text className="muted">
            {formatFen(order.priceFen)} × {order.quantity}
            {order.source === 'redeem' ? ' · 兑换' : ''}
          </Text>
          <Text className="muted">{formatShopTime(order.createdAt)}</Text>
        </View>
      </View>
      <View className="order-row__foot">
        <View className="order-row__sum">
          {order.discountFen > 0 && (
            <Text className="order-row__discount" data-testid={`order-discount-${order.id}`}>
              优惠 −{formatFen(order.discountFen)}
            </Text>
          )}
          <Text className="order-row__amount">
            实付 <Text className="order-row__money">{formatFen(order.amountFen)}</Text>
          </Text>
        </View>
        {pending && payLeft > 0 && (
          <View className="order-row__actions">
            <Text className="order-row__countdown" data-testid={`order-countdown-${order.id}`}>
              剩余 {countdownText(payLeft)}
            </Text>
            <Button
              className="order-row__btn"
              data-testid={`order-cancel-${order.id}`}
              onClick={onCancel}
            >
              取消订单
            </Button>
            <Button
              className={
                busy
                  ? 'order-row__btn order-row__btn--pay is-busy'
                  : 'order-row__btn order-row__btn--pay'
              }
              data-testid={`order-pay-${order.id}`}
              onClick={onPay}
            >
              去支付
            </Button>
          </View>
        )}
      </View>
    </View>
  )
}
