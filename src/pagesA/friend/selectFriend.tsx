import { Button, Input, Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import Avatar from '@/components/Avatar'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { setPageTitle } from '@/core/platform'
import { useFriendPicker } from '@/features/friends/useFriendPicker'
import { useGroupMemberIds } from '@/features/friends/useGroupMemberIds'
import {
  giftKindOf,
  PURPOSE_MODE,
  PURPOSE_TITLE,
  purposeOf,
  usePickPurpose,
} from '@/features/friends/usePickPurpose'
import { useStores } from '@/stores'
import type { FriendItem } from '@/types/api/friends'
import { friendName } from '@rules/friends'
import './selectFriend.scss'

/** Pick book friends (purpose=chat: one, to chat; group: several and a name; invite: into groupId). */
function SelectFriendPage() {
  const { params } = useRouter()
  const { session } = useStores()
  const purpose = purposeOf(params.purpose)
  const mode = PURPOSE_MODE[purpose]
  const groupId = Number(params.groupId)
  const members = useGroupMemberIds(groupId, purpose === 'invite')
  const picker = useFriendPicker(mode, members)
  const action = usePickPurpose(purpose, groupId, giftKindOf(params.kind))
  const [typed, setTyped] = useState('')

  useEffect(() => setPageTitle(PURPOSE_TITLE[purpose]), [purpose])

  if (!session.isLoggedIn) return <LoginRequired kind="people" text="登录后选择书友" />
  const count = picker.selected.size

  const renderFriend = (f: FriendItem) => {
    const on = picker.selected.has(f.userId)
    const inGroup = members.has(f.userId)
    return (
      <View
        className={inGroup ? 'pick-row pick-row--off' : 'pick-row'}
        data-testid={`pick-${f.userId}`}
        onClick={() => picker.toggle(f.userId)}
      >
        <View className={on || inGroup ? 'pick-row__box pick-row__box--on' : 'pick-row__box'}>
          {on || inGroup ? '✓' : ''}
        </View>
        <Avatar src={f.avatar} name={f.nickname} size={72} />
        <Text className="pick-row__name">{friendName(f)}</Text>
        {inGroup && <Text className="muted pick-row__note">已在群中</Text>}
      </View>
    )
  }

  return (
    <View className="page pick">
      {purpose === 'group' && (
        <View className="pick__name">
          <Input
            className="pick__input"
            value={action.groupName}
            maxlength={20}
            placeholder="群名称（2-20个字）"
            data-testid="group-name"
            onInput={(e) => action.setGroupName(e.detail.value)}
          />
        </View>
      )}
      {action.error && (
        <Text className="pick__error" data-testid="pick-error">
          {action.error}
        </Text>
      )}
      <View className="pick__search">
        <Input
          className="pick__input"
          value={typed}
          placeholder="搜索书友"
          confirmType="search"
          onInput={(e) => setTyped(e.detail.value)}
          onConfirm={() => picker.setSearch(typed.trim())}
        />
        {mode === 'multi' && (
          <Text className="link" data-testid="pick-all" onClick={picker.selectAll}>
            {picker.allSelected ? '取消全选' : '全选'}
          </Text>
        )}
      </View>
      <PagedList
        key={picker.listKey}
        load={picker.load}
        keyOf={(f) => f.userId}
        renderItem={renderFriend}
        emptyText={picker.search ? '没有找到这位书友' : '还没有书友，去添加书友吧'}
        emptyKind="people"
      />
      <View className="pick__bar">
        <Text className="pick__chosen">
          {count > 0 ? `已选：${picker.selectedNames.join('、')}` : '请选择书友'}
        </Text>
        <Button
          className={
            count > 0 ? 'btn-primary pick__done' : 'btn-primary pick__done pick__done--off'
          }
          data-testid="pick-done"
          loading={action.busy}
          onClick={() => void action.finish([...picker.selected])}
        >
          {/* The label in a Text of its own: a bare string would be rewritten as the button's
              textContent, removing Stencil's slot node, and the loading spinner would then fail
              (insertBefore's NotFoundError). */}
          <Text>
            {purpose === 'chat'
              ? '发消息'
              : purpose === 'gift'
                ? '下一步'
                : `完成${count > 0 ? `(${count})` : ''}`}
          </Text>
        </Button>
      </View>
    </View>
  )
}

export default observer(SelectFriendPage)
