import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import Avatar from '@/components/Avatar'
import type { AgentCoupon } from '@/types/api/agent'
import { formatFen } from '@rules/shop'
import { couponStateLabel, formatDay, formatTime, thresholdText } from '../../format'
import './index.scss'

interface Props {
  coupon: AgentCoupon
  nowMs: number
  testId: string
  /** Show who holds it and when it was given and used (发券记录). */
  withHolder?: boolean
  /** The row's action (发放). */
  action?: ReactNode
}

/** A cash coupon: its value, threshold, expiry and state (and its holder, in the records). */
export default function CouponCard({ coupon, nowMs, testId, withHolder, action }: Props) {
  const label = couponStateLabel(coupon, nowMs)
  return (
    <View className="agent-coupon" data-testid={testId}>
      <View className="agent-coupon__value">
        <Text className="agent-coupon__amount">{formatFen(coupon.valueFen)}</Text>
        <Text className="agent-coupon__min">{thresholdText(coupon.minOrderFen)}</Text>
      </View>
      <View className="agent-coupon__body">
        <View className="agent-coupon__top">
          <Text className="agent-coupon__title">现金券</Text>
          <Text
            className={`agent-coupon__state agent-coupon__state--${coupon.state}`}
            data-testid={`${testId}-state`}
          >
            {label}
          </Text>
        </View>
        <Text className="muted">有效期至 {formatDay(coupon.expiresAt)}</Text>
        {withHolder && coupon.holder && (
          <View className="agent-coupon__holder">
            <Avatar src={coupon.holder.avatar} name={coupon.holder.nickname} size={40} />
            <Text className="agent-coupon__holder-name">{coupon.holder.nickname}</Text>
          </View>
        )}
        {withHolder && coupon.givenAt !== null && (
          <Text className="muted">发放于 {formatTime(coupon.givenAt)}</Text>
        )}
        {withHolder && coupon.usedAt !== null && (
          <Text className="muted">使用于 {formatTime(coupon.usedAt)}</Text>
        )}
        {action}
      </View>
    </View>
  )
}
