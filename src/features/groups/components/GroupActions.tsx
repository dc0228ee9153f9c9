import { Button, Text, View } from '@tarojs/components'
import type { GroupRole } from '@/types/api/groups'
import { isManager } from '@rules/groups'
import { DETAIL_JOIN_TEXT, type JoinState } from '../groupRules'
import ReasonInput from './ReasonInput'
import './groupActions.scss'

interface Props {
  state: JoinState
  role: GroupRole | null
  busy: boolean
  reason: string
  setReason: (text: string) => void
  on: {
    join: () => void
    chat: () => void
    invite: () => void
    manage: () => void
    edit: () => void
    quit: () => void
    disband: () => void
  }
}

/** The detail page's buttons by where the reader stands: join or apply, or what a member does. */
export default function GroupActions({ state, role, busy, reason, setReason, on }: Props) {
  if (state !== 'member') {
    const text = DETAIL_JOIN_TEXT[state]
    if (state === 'closed' || !text) {
      return (
        <View className="group-actions">
          <Text className="group-actions__note" data-testid="group-closed">
            {text ?? ''}
          </Text>
        </View>
      )
    }
    return (
      <View className="group-actions">
        {state === 'apply' && (
          <ReasonInput value={reason} onInput={setReason} onConfirm={on.join} />
        )}
        <Button
          className={state === 'applied' ? 'btn-primary is-disabled' : 'btn-primary'}
          data-testid="group-join"
          loading={busy}
          onClick={on.join}
        >
          {text}
        </Button>
      </View>
    )
  }
  const manager = isManager(role)
  return (
    <View className="group-actions">
      <Button className="btn-primary" data-testid="group-chat" onClick={on.chat}>
        发消息
      </Button>
      {manager && (
        <View className="group-actions__row">
          <Button className="btn-plain" data-testid="group-invite" onClick={on.invite}>
            邀请书友
          </Button>
          <Button className="btn-plain" data-testid="group-manage" onClick={on.manage}>
            群管理
          </Button>
          <Button className="btn-plain" data-testid="group-edit" onClick={on.edit}>
            编辑资料
          </Button>
        </View>
      )}
      <Button className="btn-danger" data-testid="group-quit" onClick={on.quit}>
        退出群聊
      </Button>
      {role === 'owner' && (
        <Button className="btn-danger" data-testid="group-disband" onClick={on.disband}>
          解散群聊
        </Button>
      )}
    </View>
  )
}
