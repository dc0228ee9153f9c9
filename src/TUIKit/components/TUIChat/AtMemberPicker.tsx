import { Input, ScrollView, Text, View } from '@tarojs/components'
import { useState } from 'react'
import Avatar from '@/components/Avatar'
import { AT_ALL, type Mention } from '@/features/chat/mentions'
import { useGroupMembers } from '@/features/chat/useGroupMembers'

interface Props {
  groupId: number
  me: string
  /** Owner and admins may @所有人. */
  canAtAll: boolean
  onPick: (m: Mention) => void
  onClose: () => void
}

/** 选择提醒的人: the group's members by pages with a search, @所有人 first for managers. */
export default function AtMemberPicker({ groupId, me, canAtAll, onPick, onClose }: Props) {
  const list = useGroupMembers(groupId, true)
  const [typed, setTyped] = useState('')
  return (
    <View className="sheet" data-testid="at-picker">
      <View className="sheet__mask" onClick={onClose} />
      <View className="sheet__panel">
        <View className="sheet__head">
          <Text>选择提醒的人</Text>
          <Text className="sheet__close" onClick={onClose}>
            ✕
          </Text>
        </View>
        <Input
          className="sheet__search"
          value={typed}
          placeholder="搜索群成员"
          confirmType="search"
          onInput={(e) => setTyped(e.detail.value)}
          onConfirm={() => list.search(typed.trim())}
        />
        <ScrollView scrollY className="sheet__list" onScrollToLower={list.loadMore}>
          {canAtAll && !list.keyword && (
            <View className="sheet__row" data-testid="at-all" onClick={() => onPick(AT_ALL)}>
              <Text className="sheet__all">@</Text>
              <Text>所有人</Text>
            </View>
          )}
          {list.members
            .filter((m) => String(m.userId) !== me)
            .map((m) => (
              <View
                key={m.userId}
                className="sheet__row"
                data-testid={`at-${m.userId}`}
                onClick={() => onPick({ userID: String(m.userId), nick: m.nickname })}
              >
                <Avatar src={m.avatar} name={m.nickname} size={64} />
                <Text>{m.nickname}</Text>
              </View>
            ))}
          <Text className="sheet__foot muted">
            {list.error ||
              (list.loading
                ? '加载中…'
                : list.hasMore
                  ? '上滑加载更多'
                  : list.members.length
                    ? ''
                    : '没有找到成员')}
          </Text>
        </ScrollView>
      </View>
    </View>
  )
}
