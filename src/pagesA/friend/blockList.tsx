import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useRef, useState } from 'react'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { useLiveList } from '@/components/PagedList/useLiveList'
import { formatMessageTime } from '@/core/time'
import { fetchBlockList, setBlocked } from '@/features/social/api'
import UserRow from '@/features/social/components/UserRow'
import { useStores } from '@/stores'
import type { RelatedUser } from '@/types/api/social'
import './blockList.scss'

const PAGE_SIZE = 20

/** Whom I blocked, newest first; each can be taken off the list. */
function BlockListPage() {
  const { session } = useStores()
  const [busy, setBusy] = useState<ReadonlySet<number>>(() => new Set())
  const pending = useRef(new Set<number>())

  // Blocking happens on a person's page: follow it when this page is shown again.
  const list = useLiveList<RelatedUser>({
    fetchPage: (page) => fetchBlockList(page, PAGE_SIZE),
    pageSize: PAGE_SIZE,
    keyOf: (u) => u.userId,
    active: session.isLoggedIn,
  })

  const mark = (id: number, on: boolean) => {
    if (on) pending.current.add(id)
    else pending.current.delete(id)
    setBusy(new Set(pending.current))
  }

  const unblock = async (user: RelatedUser) => {
    if (pending.current.has(user.userId)) return
    const { confirm } = await Taro.showModal({
      title: '移出黑名单',
      content: `确定将“${user.nickname || '书友'}”移出黑名单吗？移出后你将能看到对方的动态和评论。`,
      confirmText: '移出',
      confirmColor: '#c0392b',
    })
    if (!confirm) return
    mark(user.userId, true)
    try {
      await setBlocked(user.userId, false)
      list.remove(user.userId)
      void Taro.showToast({ title: '已移出黑名单', icon: 'none' })
    } catch {
      // the request layer has shown why
    } finally {
      mark(user.userId, false)
    }
  }

  if (!session.isLoggedIn) return <LoginRequired kind="people" text="登录后查看黑名单" />

  const renderUser = (user: RelatedUser) =>
    list.hidden.has(user.userId) ? null : (
      <UserRow
        user={user}
        subtitle={<Text className="user-row__sub">拉黑于 {formatMessageTime(user.since)}</Text>}
        action={
          <Text
            className={
              busy.has(user.userId)
                ? 'user-action user-action--plain user-action--busy'
                : 'user-action user-action--plain'
            }
            data-testid={`unblock-${user.userId}`}
            onClick={() => void unblock(user)}
          >
            移出黑名单
          </Text>
        }
      />
    )

  return (
    <View className="page block-list">
      <View className="block-list__tip">
        <Text className="muted">
          你不会看到黑名单中的人的动态和评论，对方也无法关注你或评论你的动态。
        </Text>
      </View>
      <PagedList
        key={list.generation}
        load={list.load}
        keyOf={(u) => u.userId}
        renderItem={renderUser}
        emptyText="黑名单里还没有人"
        emptyKind="people"
      />
    </View>
  )
}

export default observer(BlockListPage)
