import { Image, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { resolveAssetUrl } from '@/core/assets'
import AgentError from '@/features/agent/components/AgentError'
import TabStrip from '@/components/TabStrip'
import { formatDay, formatTime } from '@/features/agent/format'
import { ORDER_TABS, useAgentOrders } from '@/features/agent/useAgentLists'
import { useStores } from '@/stores'
import type { MemberOrder } from '@/types/api/agent'
import { AgentText, COMMISSION_STATE_LABELS, formatRate } from '@rules/agent'
import { formatFen } from '@rules/shop'
import './order.scss'

function OrderRow({ order }: { order: MemberOrder }) {
  const pending = order.commissionState === 'pending'
  return (
    <View className="agent-order" data-testid={`agent-order-${order.orderId}`}>
      <View className="agent-order__head">
        <Text className="muted">
          {order.member.nickname} · {formatTime(order.paidAt)}
        </Text>
        <Text
          className={`agent-order__state agent-order__state--${order.commissionState}`}
          data-testid={`agent-order-state-${order.orderId}`}
        >
          {COMMISSION_STATE_LABELS[order.commissionState]}
        </Text>
      </View>
      <View className="agent-order__body">
        <View className="agent-order__cover">
          {order.cover !== '' && (
            <Image
              className="agent-order__image"
              src={resolveAssetUrl(order.cover)}
              mode="aspectFill"
            />
          )}
        </View>
        <View className="agent-order__info">
          <Text className="agent-order__name">{order.name}</Text>
          <Text className="muted">
            × {order.quantity} · 实付 {formatFen(order.amountFen)}
            {order.orderState === 'refunded' ? ' · 已退款' : ''}
          </Text>
          <Text className="agent-order__commission">
            佣金 {formatFen(order.commissionFen)}
            <Text className="muted">（{formatRate(order.rateBp)}）</Text>
          </Text>
          {pending && (
            <Text className="muted" data-testid={`agent-order-settle-${order.orderId}`}>
              预计 {formatDay(order.settleAt)} 结算
            </Text>
          )}
        </View>
      </View>
    </View>
  )
}

/** 会员订单: my members' paid orders with my commission, by the commission's state. */
function AgentOrdersPage() {
  const { session } = useStores()
  const page = useAgentOrders(session.isLoggedIn)
  const { state, orders } = page

  if (!session.isLoggedIn) return <LoginRequired text="登录后查看会员订单" />
  if (orders.denied) return <AgentError text={AgentText.notAgent} />

  return (
    <View className="page agent-orders">
      <TabStrip
        tabs={ORDER_TABS}
        current={state}
        onChange={page.setState}
        testPrefix="agent-order-tab"
      />
      <PagedList
        key={`${state}|${orders.generation}`}
        load={orders.load}
        keyOf={(o) => o.orderId}
        renderItem={(o) => <OrderRow order={o} />}
        emptyKind="generic"
        emptyText={page.emptyText}
      />
    </View>
  )
}

export default observer(AgentOrdersPage)
