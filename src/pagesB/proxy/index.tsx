import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef } from 'react'
import Avatar from '@/components/Avatar'
import LoginRequired from '@/components/LoginRequired'
import { setPageTitle } from '@/core/platform'
import { Route } from '@/core/routes'
import AgentError from '@/features/agent/components/AgentError'
import ApplyView from '@/features/agent/components/ApplyView'
import { formatDay, isNotAgent } from '@/features/agent/format'
import { AGENT_ENTRIES } from '@/features/agent/links'
import { entryBadge, useAgentDetail } from '@/features/agent/useAgentHome'
import { useStores } from '@/stores'
import { formatRate } from '@rules/agent'
import { formatFen } from '@rules/shop'
import './index.scss'

const go = (url: string) => () => void Taro.navigateTo({ url })

/**
 * 吧主中心: my balance and commission, members, and the agent pages. A reader who is no agent is
 * shown the application (申请成为吧主) in its place.
 */
function AgentHomePage() {
  const { session } = useStores()
  const page = useAgentDetail(session.isLoggedIn, true)
  const detail = page.data
  const notAgent = isNotAgent(page.error) && !detail

  // The application in the home's place has its own title, and the home's again once approved.
  const shownTitle = useRef('吧主中心')
  useEffect(() => {
    const title = notAgent ? '申请成为吧主' : '吧主中心'
    if (title === shownTitle.current) return
    shownTitle.current = title
    setPageTitle(title)
  }, [notAgent])

  if (!session.isLoggedIn) return <LoginRequired text="登录后进入吧主中心" />
  if (notAgent) return <ApplyView onApproved={() => void page.reload()} />
  if (page.error && !detail)
    return <AgentError text={page.error} onRetry={() => void page.reload()} />
  if (!detail) return <View className="muted agent-home__loading">加载中…</View>

  return (
    <View className="page agent-home">
      <View className="agent-home__head">
        <Avatar src={detail.avatar} name={detail.nickname} size={96} />
        <View className="agent-home__who">
          <Text className="agent-home__name">{detail.nickname}</Text>
          <Text className="agent-home__meta">
            佣金比例 {formatRate(detail.rateBp)} · {formatDay(detail.since)} 成为吧主
          </Text>
        </View>
      </View>

      <View className="agent-home__money">
        <View className="agent-home__balance-row">
          <View className="agent-home__balance">
            <Text className="agent-home__label">可提现余额</Text>
            <Text className="agent-home__big" data-testid="agent-balance">
              {formatFen(detail.balanceFen)}
            </Text>
          </View>
          <Button
            className="agent-home__withdraw"
            data-testid="agent-withdraw"
            onClick={go(Route.proxyMoney)}
          >
            提现
          </Button>
        </View>
        <View className="agent-home__stats">
          <View className="agent-home__stat">
            <Text className="agent-home__num" data-testid="agent-pending">
              {formatFen(detail.pendingFen)}
            </Text>
            <Text className="agent-home__label">待结算</Text>
          </View>
          <View className="agent-home__stat">
            <Text className="agent-home__num" data-testid="agent-today">
              {formatFen(detail.todayFen)}
            </Text>
            <Text className="agent-home__label">今日佣金</Text>
          </View>
          <View className="agent-home__stat">
            <Text className="agent-home__num" data-testid="agent-month">
              {formatFen(detail.monthFen)}
            </Text>
            <Text className="agent-home__label">本月佣金</Text>
          </View>
          <View className="agent-home__stat">
            <Text className="agent-home__num" data-testid="agent-members">
              {detail.memberCount}
            </Text>
            <Text className="agent-home__label">会员数</Text>
          </View>
        </View>
      </View>

      <View className="agent-home__entries">
        {AGENT_ENTRIES.map((entry) => {
          const badge = entryBadge(entry.key, detail)
          return (
            <View
              key={entry.key}
              className="agent-home__entry"
              data-testid={`entry-${entry.key}`}
              onClick={go(entry.url)}
            >
              <View className={`agent-home__icon agent-home__icon--${entry.key}`}>
                <Text>{[...entry.title][0]}</Text>
              </View>
              <Text className="agent-home__entry-title">{entry.title}</Text>
              {badge !== null && (
                <Text className="badge agent-home__badge" data-testid={`entry-${entry.key}-badge`}>
                  {badge}
                </Text>
              )}
            </View>
          )
        })}
      </View>
    </View>
  )
}

export default observer(AgentHomePage)
