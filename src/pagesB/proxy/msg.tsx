import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import AgentError from '@/features/agent/components/AgentError'
import { formatTime } from '@/features/agent/format'
import { useNotices } from '@/features/agent/useNotices'
import { useStores } from '@/stores'
import type { Notice } from '@/types/api/agent'
import { AgentText } from '@rules/agent'
import './msg.scss'

/** 通知: the operators' notices to me, newest first, unread ones dotted; a tap opens one. */
function AgentNoticesPage() {
  const { session } = useStores()
  const { notices, rows, open } = useNotices(session.isLoggedIn)

  if (!session.isLoggedIn) return <LoginRequired text="登录后查看通知" />
  if (notices.denied) return <AgentError text={AgentText.notAgent} />

  const renderNotice = (n: Notice) => (
    <View className="agent-notice" data-testid={`notice-${n.id}`} onClick={() => open(n)}>
      <View className="agent-notice__head">
        {!n.read && <View className="agent-notice__dot" data-testid={`notice-unread-${n.id}`} />}
        <Text className="agent-notice__title">{n.title}</Text>
        <Text className="muted">{formatTime(n.createdAt)}</Text>
      </View>
      <Text className="agent-notice__excerpt">{n.content}</Text>
    </View>
  )

  return (
    <View className="page agent-notices">
      <PagedList
        key={notices.generation}
        handle={rows.ref}
        load={notices.load}
        keyOf={(n) => n.id}
        renderItem={renderNotice}
        emptyKind="messages"
        emptyText="暂时没有通知"
      />
    </View>
  )
}

export default observer(AgentNoticesPage)
