import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import Avatar from '@/components/Avatar'
import LoginRequired from '@/components/LoginRequired'
import AgentError from '@/features/agent/components/AgentError'
import { formatDay } from '@/features/agent/format'
import { useAgentInfo } from '@/features/agent/useAgentInfo'
import { useStores } from '@/stores'
import { formatRate } from '@rules/agent'
import './info.scss'

function Line({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <View className="agent-info__line">
      <Text className="agent-info__label">{label}</Text>
      <Text className="agent-info__value" data-testid={testId}>
        {value}
      </Text>
    </View>
  )
}

/** 吧主资料: my agent profile (masked name and phone, region, rate, since) and who referred me. */
function AgentInfoPage() {
  const { session } = useStores()
  const page = useAgentInfo(session.isLoggedIn)

  if (!session.isLoggedIn) return <LoginRequired text="登录后查看吧主资料" />
  if (page.error && !page.data)
    return <AgentError text={page.error} onRetry={() => void page.reload()} />
  if (!page.data) return <View className="muted agent-info__loading">加载中…</View>

  const { detail, spread } = page.data
  const referrer = spread.referrer
  return (
    <View className="page agent-info">
      <View className="card agent-info__who">
        <Avatar src={detail.avatar} name={detail.nickname} size={112} />
        <Text className="agent-info__name">{detail.nickname}</Text>
      </View>
      <View className="card">
        <Line label="真实姓名" value={detail.realName} testId="info-real-name" />
        <Line label="手机号" value={detail.phone} testId="info-phone" />
        <Line label="所在地区" value={detail.region} testId="info-region" />
        <Line label="佣金比例" value={formatRate(detail.rateBp)} testId="info-rate" />
        <Line label="成为吧主" value={formatDay(detail.since)} testId="info-since" />
        <Line label="会员数" value={String(detail.memberCount)} />
      </View>
      <View className="card">
        <Text className="agent-info__heading">我的推荐人</Text>
        {referrer ? (
          <View className="agent-info__referrer" data-testid="info-referrer">
            <Avatar src={referrer.avatar} name={referrer.nickname} size={72} />
            <View className="agent-info__referrer-body">
              <Text className="agent-info__value">
                {referrer.nickname}
                {referrer.isAgent ? '（吧主）' : ''}
              </Text>
              {spread.boundAt !== null && (
                <Text className="muted">{formatDay(spread.boundAt)} 绑定</Text>
              )}
            </View>
          </View>
        ) : (
          <Text className="muted" data-testid="info-referrer">
            没有推荐人
          </Text>
        )}
      </View>
    </View>
  )
}

export default observer(AgentInfoPage)
