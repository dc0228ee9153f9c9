import { Button, Text, Textarea, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Avatar from '@/components/Avatar'
import LoginRequired from '@/components/LoginRequired'
import GroupGate from '@/features/groups/components/GroupGate'
import { groupIdOf } from '@/features/groups/groupRules'
import { useAnnouncement } from '@/features/groups/useAnnouncement'
import { GroupLimits } from '@rules/groups'
import './groupDetailOpen.scss'

const MAX = GroupLimits.announcementMaxChars

/** The group's announcement (route param `id`): read by all, edited by the owner and admins. */
function GroupAnnouncementPage() {
  const { params } = useRouter()
  const groupId = groupIdOf(params.id)
  const a = useAnnouncement(groupId)

  if (!a.loggedIn) return <LoginRequired kind="people" text="登录后查看群公告" />
  const d = a.detail

  return (
    <View className="page group-notice">
      <GroupGate groupId={groupId} detail={d} error={a.error}>
        {d && (
          <View>
            <View className="group-notice__head">
              <Avatar src={d.avatar} name={d.name} size={72} />
              <View className="group-notice__who">
                <Text className="group-notice__name">{d.name}</Text>
                <Text className="muted">{`群号 ${d.groupId}`}</Text>
              </View>
            </View>
            {a.editable ? (
              <View className="group-notice__edit">
                <Textarea
                  className="group-notice__input"
                  name="announcement"
                  value={a.text}
                  // Not cut at 150: a longer text shows its count in red and is refused on save.
                  maxlength={MAX * 4}
                  placeholder="写下群公告，让群成员都能看到"
                  disableDefaultPadding
                  data-testid="announcement-input"
                  onInput={(e) => a.input(e.detail.value)}
                />
                <Text
                  className={
                    a.over ? 'group-notice__count group-notice__count--over' : 'group-notice__count'
                  }
                  data-testid="announcement-count"
                >
                  {`${a.count}/${MAX}`}
                </Text>
                {a.problem && (
                  <Text className="form-error" data-testid="announcement-error">
                    {a.problem}
                  </Text>
                )}
                <Button
                  className="btn-primary"
                  data-testid="announcement-save"
                  loading={a.busy}
                  onClick={() => void a.save()}
                >
                  保存
                </Button>
              </View>
            ) : (
              <Text className="group-notice__text" data-testid="announcement-text">
                {d.announcement || '暂无群公告'}
              </Text>
            )}
          </View>
        )}
      </GroupGate>
    </View>
  )
}

export default observer(GroupAnnouncementPage)
