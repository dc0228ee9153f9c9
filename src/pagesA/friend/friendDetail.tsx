import { Button, Input, Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import Avatar from '@/components/Avatar'
import Cell, { CellGroup } from '@/components/Cell'
import Empty from '@/components/Empty'
import LoginRequired from '@/components/LoginRequired'
import { pageUrl, Route } from '@/core/routes'
import { openChatWith } from '@/features/chat/public'
import { GIFT_ENTRIES, giftEntryUrl } from '@/features/gifts/links'
import { useFriendDetail } from '@/features/friends/useFriendDetail'
import { useStores } from '@/stores'
import { friendName } from '@rules/friends'
import './friendDetail.scss'

/** A book friend (type=chat from a chat, type=group from a group member): remark, chat, manage. */
function FriendDetailPage() {
  const { params } = useRouter()
  const { session } = useStores()
  const userId = Number(params.id)
  const d = useFriendDetail(userId)
  const [editing, setEditing] = useState<string | null>(null)
  const [remarkError, setRemarkError] = useState('')

  if (!session.isLoggedIn) return <LoginRequired kind="people" text="登录后查看书友资料" />
  if (d.error && !d.friend) return <Empty kind="error" text={d.error} />
  const f = d.friend
  if (!f) return <View className="muted friend-detail__loading">加载中…</View>

  const save = async () => {
    if (editing === null) return
    const error = await d.saveRemark(editing)
    setRemarkError(error ?? '')
    if (!error) setEditing(null)
  }

  return (
    <View className="page friend-detail">
      <View className="friend-detail__card">
        <Avatar src={f.avatar} name={f.nickname} size={120} />
        <View className="friend-detail__who">
          <Text className="friend-detail__name" data-testid="friend-name">
            {friendName(f)}
          </Text>
          {f.remark && <Text className="muted">昵称：{f.nickname}</Text>}
          <Text className="muted">{f.signature || '这个人很懒，还没有签名'}</Text>
          {!f.isFriend && !f.isMe && (
            <Text className="friend-detail__tag" data-testid="not-friends">
              你们已不是书友
            </Text>
          )}
        </View>
      </View>
      {f.isFriend && (
        <View className="friend-detail__remark">
          {editing === null ? (
            <Cell
              title="备注"
              value={f.remark || '未设置'}
              onClick={() => {
                setRemarkError('')
                setEditing(f.remark)
              }}
            />
          ) : (
            <View className="friend-detail__edit">
              <Input
                className="friend-detail__input"
                value={editing}
                focus
                placeholder="给书友设置备注"
                data-testid="remark-input"
                onInput={(e) => setEditing(e.detail.value)}
                onConfirm={() => void save()}
              />
              <Text className="link" data-testid="remark-save" onClick={() => void save()}>
                保存
              </Text>
              <Text className="muted" onClick={() => setEditing(null)}>
                取消
              </Text>
            </View>
          )}
          {remarkError && (
            <Text className="friend-detail__error" data-testid="remark-error">
              {remarkError}
            </Text>
          )}
        </View>
      )}
      <CellGroup>
        <Cell
          title="TA的读后感"
          onClick={() => void Taro.navigateTo({ url: pageUrl(Route.friendReport, { id: userId }) })}
        />
        <Cell
          title="个人主页"
          onClick={() => void Taro.navigateTo({ url: pageUrl(Route.userDetail, { id: userId }) })}
        />
      </CellGroup>
      {f.isFriend && !f.blockedMe && (
        <View className="friend-detail__gifts" data-testid="gift-entries">
          <Text className="muted friend-detail__gifts-title">赠送</Text>
          <CellGroup>
            {GIFT_ENTRIES.map((e) => (
              <Cell
                key={e.kind}
                title={e.label}
                onClick={() =>
                  void Taro.navigateTo({ url: giftEntryUrl(e.kind, userId, friendName(f)) })
                }
              />
            ))}
          </CellGroup>
        </View>
      )}
      {!f.isMe && (
        <View className="friend-detail__actions">
          {!f.blockedMe && (
            <Button
              className="btn-primary"
              data-testid="friend-message"
              onClick={() => openChatWith(userId)}
            >
              发消息
            </Button>
          )}
          <Button className="btn-plain" data-testid="friend-block" onClick={d.toggleBlock}>
            {f.blocked ? '取消拉黑' : '拉黑'}
          </Button>
          {f.isFriend && (
            <Button
              className="btn-plain friend-detail__delete"
              data-testid="friend-delete"
              onClick={d.remove}
            >
              删除书友
            </Button>
          )}
        </View>
      )}
    </View>
  )
}

export default observer(FriendDetailPage)
