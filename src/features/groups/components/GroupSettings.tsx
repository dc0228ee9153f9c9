import { Switch, Text, View } from '@tarojs/components'
import { BRAND_COLOR } from '@/core/theme'
import type { GroupDetail, JoinMode } from '@/types/api/groups'
import { JOIN_MODE_ORDER, JOIN_MODE_TEXT } from '../groupRules'
import './groupSettings.scss'

interface Props {
  detail: GroupDetail
  onJoinMode: (mode: JoinMode) => void
  onMuteAll: (on: boolean) => void
}

const JOIN_MODE_HINT: Record<JoinMode, string> = {
  free: '任何人都可以直接加入',
  approval: '群主或管理员同意后加入',
  closed: '只能由群主或管理员邀请',
}

/** How people join, and the mute-all switch. */
export default function GroupSettings({ detail, onJoinMode, onMuteAll }: Props) {
  return (
    <View className="group-settings">
      <Text className="group-settings__title">入群方式</Text>
      <View className="group-settings__block">
        {JOIN_MODE_ORDER.map((mode) => (
          <View
            key={mode}
            className="group-settings__mode"
            data-testid={`join-mode-${mode}`}
            data-on={detail.joinMode === mode ? '1' : '0'}
            onClick={() => onJoinMode(mode)}
          >
            <View className="group-settings__words">
              <Text>{JOIN_MODE_TEXT[mode]}</Text>
              <Text className="muted">{JOIN_MODE_HINT[mode]}</Text>
            </View>
            <Text className="group-settings__check">{detail.joinMode === mode ? '✓' : ''}</Text>
          </View>
        ))}
      </View>
      <Text className="group-settings__title">发言</Text>
      <View className="group-settings__block">
        <View className="group-settings__mode">
          <View className="group-settings__words">
            <Text>全员禁言</Text>
            <Text className="muted">开启后只有群主和管理员可以发言</Text>
          </View>
          <Switch
            checked={detail.muteAll}
            color={BRAND_COLOR}
            data-testid="mute-all"
            onChange={(e) => onMuteAll(e.detail.value)}
          />
        </View>
      </View>
    </View>
  )
}
