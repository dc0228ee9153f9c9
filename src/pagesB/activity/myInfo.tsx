import { Button, Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import LoginRequired from '@/components/LoginRequired'
import EntryRow from '@/features/activities/components/EntryRow'
import SignCalendar from '@/features/activities/components/SignCalendar'
import { activityDescUrl, activityPostUrl, voteItemUrl } from '@/features/activities/links'
import { validId } from '@/features/activities/useActivity'
import { signButton, useMySign } from '@/features/activities/useMySign'
import { useStores } from '@/stores'
import './myInfo.scss'

const go = (url: string) => void Taro.navigateTo({ url })

/** 我的参与: my entry in the activity, this month's sign-ins and 签到. */
function ActivityMinePage() {
  const { params } = useRouter()
  const id = validId(params.id)
  const { session } = useStores()
  const page = useMySign(id, session.isLoggedIn)

  if (!session.isLoggedIn) return <LoginRequired text="登录后查看我的参与" />
  if (page.error && !page.data) return <Empty kind="error" text={page.error} />
  if (!page.data) return <View className="muted activity-mine__loading">加载中…</View>

  const { activity, mine } = page.data
  const button = signButton(mine)
  return (
    <View className="page activity-mine">
      <View className="card activity-mine__head" onClick={() => go(activityDescUrl(id))}>
        <Text className="activity-mine__title">{activity.title}</Text>
        <Text className="link">活动详情 〉</Text>
      </View>

      <View className="activity-mine__section-title">
        <Text>我的作品</Text>
      </View>
      {mine.entry ? (
        <EntryRow
          entry={mine.entry}
          voteOpen={false}
          voting={false}
          onOpen={() => go(voteItemUrl(mine.entry?.id ?? 0))}
          onVote={() => undefined}
        />
      ) : (
        <Empty
          kind="posts"
          text="还没有报名这个活动"
          action={
            activity.applyOpen ? (
              <Button className="btn-primary" onClick={() => go(activityPostUrl(id))}>
                我要报名
              </Button>
            ) : undefined
          }
        />
      )}

      <View className="card">
        <View className="activity-mine__sign-head">
          <Text className="activity-mine__sign-total" data-testid="sign-total">
            已签到{mine.total}天
          </Text>
          <Button
            className={
              button.enabled && !page.signing ? 'activity-mine__sign' : 'activity-mine__sign is-off'
            }
            data-testid="activity-sign"
            onClick={() => void page.sign()}
          >
            {button.label}
          </Button>
        </View>
        <SignCalendar today={mine.today} days={mine.days} />
      </View>
    </View>
  )
}

export default observer(ActivityMinePage)
