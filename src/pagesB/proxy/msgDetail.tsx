import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import AgentError from '@/features/agent/components/AgentError'
import { formatTime, paragraphs } from '@/features/agent/format'
import { useNotice } from '@/features/agent/useNotices'
import { useStores } from '@/stores'
import './msgDetail.scss'

/** 通知详情: a notice in full, as plain text (never markup); opening it marks it read. */
function AgentNoticePage() {
  const { params } = useRouter()
  const { session } = useStores()
  const page = useNotice(params.id, session.isLoggedIn)
  const notice = page.data

  if (!session.isLoggedIn) return <LoginRequired text="登录后查看通知" />
  if (page.error && !notice)
    return <AgentError text={page.error} onRetry={() => void page.reload()} />
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
