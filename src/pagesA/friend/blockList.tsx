import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { formatMessageTime } from '@/core/time'
import UserRow from '@/features/social/components/UserRow'
import { useBlockList } from '@/features/social/useBlockList'
import { useStores } from '@/stores'
import type { RelatedUser } from '@/types/api/social'
import './blockList.scss'

/** Whom I blocked, newest first; each can be taken off the list. */
function BlockListPage() {
  const { session } = useStores()
  const { list, busy, unblock } = useBlockList(session.isLoggedIn)

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
          你不会看到黑名单中的人的读后感和评论，对方也无法关注你或评论你的读后感。
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
