import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import { usePageData } from '@/core/usePageData'
import { fetchNotice } from '@/features/agent/api'
import AgentError from '@/features/agent/components/AgentError'
import { formatTime, paragraphs } from '@/features/agent/format'
import { useStores } from '@/stores'
import { AgentText } from '@rules/agent'
import './msgDetail.scss'

/** A route's id: a positive integer, else 0. */
const validId = (raw: string | undefined): number => {
  const id = Number(raw)
  return Number.isInteger(id) && id > 0 ? id : 0
}

/** 通知详情: a notice in full, as plain text (never markup); opening it marks it read. */
function AgentNoticePage() {
  const { params } = useRouter()
  const id = validId(params.id)
  const { session } = useStores()
  const page = usePageData(
    async () => {
      if (!session.isLoggedIn) return null
      if (!id) throw new Error(AgentText.noticeNotFound)
      return fetchNotice(id)
    },
    [id, session.isLoggedIn],
    { pullDown: true },
  )
  const notice = page.data

  if (!session.isLoggedIn) return <LoginRequired text="登录后查看通知" />
  if (page.error && !notice) return <AgentError text={page.error} />
  if (!notice) return <View className="muted agent-notice-page__loading">加载中…</View>

  return (
    <View className="page agent-notice-page">
      <View className="card">
        <Text className="agent-notice-page__title" data-testid="notice-title">
          {notice.title}
        </Text>
        <Text className="muted">{formatTime(notice.createdAt)}</Text>
        <View className="agent-notice-page__content" data-testid="notice-content">
          {paragraphs(notice.content).map((p, i) => (
            <Text key={`p${i}`} className="agent-notice-page__para">
              {p}
            </Text>
          ))}
        </View>
      </View>
    </View>
  )
}

export default observer(AgentNoticePage)
