import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { useLiveList } from '@/components/PagedList/useLiveList'
import { usePagedListHandle } from '@/components/PagedList/usePagedListHandle'
import { AGENT_PAGE_SIZE, fetchNotices } from '@/features/agent/api'
import { formatTime } from '@/features/agent/format'
import { noticeUrl } from '@/features/agent/links'
import { useStores } from '@/stores'
import type { Notice } from '@/types/api/agent'
import './msg.scss'

/** 通知: the operators' notices to me, newest first, unread ones dotted; a tap opens one. */
function AgentNoticesPage() {
  const { session } = useStores()
  const rows = usePagedListHandle<Notice>()
  const notices = useLiveList<Notice>({
    fetchPage: fetchNotices,
    pageSize: AGENT_PAGE_SIZE,
    keyOf: (n) => n.id,
    versionOf: (n) => (n.read ? 1 : 0),
    active: session.isLoggedIn,
  })

  if (!session.isLoggedIn) return <LoginRequired text="登录后查看通知" />

  const open = (n: Notice) => {
    // Opening it marks it read (the detail call does): show it read on the way back.
    rows.update(
      (x) => x.id === n.id,
      (x) => ({ ...x, read: true }),
    )
    void Taro.navigateTo({ url: noticeUrl(n.id) })
  }

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
