import { View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import TabStrip from '@/components/TabStrip'
import OrderRow from '@/features/shop/components/OrderRow'
import { ORDER_TABS, orderFilterOf, payLeft, useMyOrders } from '@/features/shop/useMyOrders'
import { useStores } from '@/stores'
import type { Order } from '@/types/api/shop'
import { ORDER_FILTER_LABELS } from '@rules/shop'
import './myOrder.scss'

/**
 * 我的订单: my orders under 全部, 待付款, 已付款, 已取消 and 已退款; an unpaid one counts down to its
 * expiry, with 取消订单 (after a confirmation) and 去支付.
 */
function MyOrderPage() {
  const { params } = useRouter()
  const { session } = useStores()
  const mine = useMyOrders(session.isLoggedIn, orderFilterOf(params.state))

  if (!session.isLoggedIn) return <LoginRequired text="登录后查看我的订单" />

  const renderOrder = (order: Order) =>
    mine.orders.hidden.has(order.id) ? null : (
      <OrderRow
        order={order}
        payLeft={payLeft(order, mine.now)}
        busy={mine.paying || mine.cancelling.has(order.id)}
        onCancel={() => void mine.cancel(order)}
        onPay={() => void mine.payAgain(order)}
      />
    )

  return (
    <View className="page my-order">
      <TabStrip
        tabs={ORDER_TABS}
        current={mine.filter}
        onChange={mine.setFilter}
        testPrefix="order-tab"
        scroll
      />
      <PagedList
        key={`${mine.filter}|${mine.orders.generation}`}
        handle={mine.rows.ref}
        load={mine.orders.load}
        keyOf={(order) => order.id}
        renderItem={renderOrder}
        emptyKind="generic"
        emptyText={
          mine.filter === 'all' ? '还没有订单' : `没有${ORDER_FILTER_LABELS[mine.filter]}的订单`
        }
      />
    </View>
  )
}

export default observer(MyOrderPage)
