import { Input, ScrollView, Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import Avatar from '@/components/Avatar'
import { useMemberPicker } from '@/features/chat/useMemberPicker'
import type { GroupMember } from '@/types/api/groups'
import { buttonA11y, checkboxA11y } from './forwardA11y'
import './MemberPicker.scss'

interface Props {
  title: string
  groupId: number
  /** The reader: not offered. */
  me: string
  /** Several members with 全选 and 完成 (group calls); else a tap picks one at once (the @ list). */
  multiple?: boolean
  /** Rows above the members while not searching (the @ list's 所有人). */
  head?: ReactNode
  /** data-testid of the sheet and the prefix of each row's (`<prefix>-<userId>`). */
  testId?: string
  rowPrefix?: string
  onDone: (members: GroupMember[]) => void
  onClose: () => void
}

/**
 * The in-chat group member picker: search (a user ID exactly, else nicknames), load more, and in
 * `multiple` mode 全选, the selected list, 取消 and 完成 (inactive while nothing is selected).
 */
export default function MemberPicker(props: Props) {
  const { title, groupId, me, multiple = false, head, onDone, onClose } = props
  const { testId = 'member-picker', rowPrefix = 'member' } = props
  const p = useMemberPicker(groupId, [me])
  const done = () => {
    if (p.canFinish) onDone(p.selected)
  }
  return (
    <View className="sheet" data-testid={testId}>
      <View className="sheet__mask" onClick={onClose} />
      <View className="sheet__panel member-picker">
        <View className="member-picker__head">
          <Text
            className="member-picker__cancel"
            data-testid="member-picker-cancel"
            {...buttonA11y('取消')}
            onClick={onClose}
          >
            取消
          </Text>
          <Text className="member-picker__title">{title}</Text>
          {multiple ? (
            <Text
              className={`member-picker__done${p.canFinish ? '' : ' member-picker__done--off'}`}
              data-testid="member-picker-done"
              {...buttonA11y('完成', !p.canFinish)}
              onClick={done}
            >
              {p.selected.length ? `完成(${p.selected.length})` : '完成'}
            </Text>
          ) : (
            <Text className="member-picker__done member-picker__done--none" />
          )}
        </View>
        <Input
          className="sheet__search"
          data-testid="member-search"
          aria-label="搜索用户ID或昵称"
          value={p.typed}
          placeholder="搜索用户ID或昵称"
          confirmType="search"
          onInput={(e) => p.setTyped(e.detail.value)}
          onConfirm={p.search}
        />
        {multiple && p.selected.length > 0 && (
          <ScrollView scrollX className="member-picker__chosen" data-testid="member-selected">
            {p.selected.map((m) => (
              <View
                key={m.userId}
                className="member-picker__chip"
                {...buttonA11y(`取消选择${m.nickname}`)}
                onClick={() => p.toggle(m)}
              >
                <Avatar src={m.avatar} name={m.nickname} size={56} />
                <Text className="member-picker__chip-name">{m.nickname}</Text>
              </View>
            ))}
          </ScrollView>
        )}
        <ScrollView scrollY className="sheet__list" onScrollToLower={p.loadMore}>
          {!p.searching && head}
          {multiple && p.shown.length > 0 && (
            <View
              className="sheet__row"
              data-testid="member-select-all"
              {...checkboxA11y('全选', p.allSelected)}
              onClick={p.selectAll}
            >
              <Text
                className={`member-picker__box${p.allSelected ? ' member-picker__box--on' : ''}`}
              >
                {p.allSelected ? '✓' : ''}
              </Text>
              <Text>全选</Text>
            </View>
          )}
          {p.shown.map((m) => {
            const on = p.isSelected(m)
            const a11y = multiple ? checkboxA11y(m.nickname, on) : buttonA11y(m.nickname)
            return (
              <View
                key={m.userId}
                className="sheet__row"
                data-testid={`${rowPrefix}-${m.userId}`}
                {...a11y}
                onClick={() => (multiple ? p.toggle(m) : onDone([m]))}
              >
                {multiple && (
                  <Text className={`member-picker__box${on ? ' member-picker__box--on' : ''}`}>
                    {on ? '✓' : ''}
                  </Text>
                )}
                <Avatar src={m.avatar} name={m.nickname} size={64} />
                <View className="sheet__body">
                  <Text>{m.nickname}</Text>
                  <Text className="member-picker__id">{`ID ${m.userId}`}</Text>
                </View>
              </View>
            )
          })}
          {p.error || p.loading ? (
            <Text className="sheet__foot member-picker__note">{p.error || '加载中…'}</Text>
          ) : p.hasMore ? (
            <Text
              className="sheet__foot member-picker__more"
              data-testid="member-load-more"
              {...buttonA11y('加载更多')}
              onClick={p.loadMore}
            >
              加载更多
            </Text>
          ) : (
            p.empty && <Text className="sheet__foot member-picker__note">没有找到成员</Text>
          )}
        </ScrollView>
      </View>
    </View>
  )
}
