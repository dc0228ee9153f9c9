import { Button, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import Avatar from '@/components/Avatar'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import AgentError from '@/features/agent/components/AgentError'
import CouponPicker from '@/features/agent/components/CouponPicker'
import { formatDay } from '@/features/agent/format'
import { useMembers } from '@/features/agent/useAgentLists'
import { useStores } from '@/stores'
import type { Member } from '@/types/api/agent'
import { AgentText } from '@rules/agent'
import { formatFen } from '@rules/shop'
import './member.scss'

/** 我的会员: the readers bound to me, newest first, with their orders and my commission; 发券. */
function AgentMembersPage() {
  const { session } = useStores()
  const page = useMembers(session.isLoggedIn)
  const { members, target } = page

  if (!session.isLoggedIn) return <LoginRequired text="登录后查看我的会员" />
  if (members.denied) return <AgentError text={AgentText.notAgent} />

  const renderMember = (m: Member) => (
    <View className="agent-member" data-testid={`member-${m.userId}`}>
      <Avatar src={m.avatar} name={m.nickname} size={88} />
      <View className="agent-member__body">
        <View className="agent-member__top">
          <Text className="agent-member__name">{m.nickname}</Text>
          <Button
            className="agent-member__give"
            data-testid={`member-give-${m.userId}`}
            onClick={() => page.setTarget(m)}
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
          busy={page.busy}
          onPick={(coupon) => page.give(coupon.id)}
          onClose={() => page.setTarget(null)}
        />
      )}
    </View>
  )
}

export default observer(AgentMembersPage)
