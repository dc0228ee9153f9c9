import { Button, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import Avatar from '@/components/Avatar'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { useLiveList } from '@/components/PagedList/useLiveList'
import { AGENT_PAGE_SIZE, fetchMembers } from '@/features/agent/api'
import CouponPicker from '@/features/agent/components/CouponPicker'
import { formatDay } from '@/features/agent/format'
import { useGiveCoupon } from '@/features/agent/useGiveCoupon'
import { useStores } from '@/stores'
import type { Member } from '@/types/api/agent'
import { formatFen } from '@rules/shop'
import './member.scss'

/** 我的会员: the readers bound to me, newest first, with their orders and my commission; 发券. */
function AgentMembersPage() {
  const { session } = useStores()
  const members = useLiveList<Member>({
    fetchPage: (page) => fetchMembers(page),
    pageSize: AGENT_PAGE_SIZE,
    keyOf: (m) => m.userId,
    versionOf: (m) => `${m.orderCount}:${m.commissionFen}`,
    active: session.isLoggedIn,
  })
  const [target, setTarget] = useState<Member | null>(null)
  const giving = useGiveCoupon(() => setTarget(null))

  if (!session.isLoggedIn) return <LoginRequired text="登录后查看我的会员" />

  const renderMember = (m: Member) => (
    <View className="agent-member" data-testid={`member-${m.userId}`}>
      <Avatar src={m.avatar} name={m.nickname} size={88} />
      <View className="agent-member__body">
        <View className="agent-member__top">
          <Text className="agent-member__name">{m.nickname}</Text>
          <Button
            className="agent-member__give"
            data-testid={`member-give-${m.userId}`}
            onClick={() => setTarget(m)}
          >
            发券
          </Button>
        </View>
        <Text className="muted">{m.joinedAt ? `${formatDay(m.joinedAt)} 加入` : '已加入'}</Text>
        <Text className="agent-member__nums" data-testid={`member-stats-${m.userId}`}>
          订单 {m.orderCount} 笔 · 消费 {formatFen(m.orderTotalFen)} · 佣金{' '}
          <Text className="agent-member__commission">{formatFen(m.commissionFen)}</Text>
        </Text>
      </View>
    </View>
  )

  return (
    <View className="page agent-members">
      <PagedList
        key={members.generation}
        load={members.load}
        keyOf={(m) => m.userId}
        renderItem={renderMember}
        emptyKind="people"
        emptyText="还没有会员，分享推广海报邀请书友加入吧"
      />
      {target && (
        <CouponPicker
          title={`发券给 ${target.nickname}`}
          busy={giving.busy}
          onPick={(coupon) => void giving.give(coupon.id, target.userId)}
          onClose={() => setTarget(null)}
        />
      )}
    </View>
  )
}

export default observer(AgentMembersPage)
