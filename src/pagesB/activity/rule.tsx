import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import Empty from '@/components/Empty'
import { usePageData } from '@/core/usePageData'
import { formatWindow, paragraphs } from '@/features/activities/format'
import { activityRuleUrl } from '@/features/activities/links'
import { loadActivity, validId } from '@/features/activities/useActivity'
import { useShareCard } from '@/features/share/useShareCard'
import './rule.scss'

/** 活动规则: the activity's rules, with its windows and the daily votes. */
export default function ActivityRulePage() {
  const { params } = useRouter()
  const id = validId(params.id)
  const page = usePageData(() => loadActivity(id, false), [id], { pullDown: true })
  const activity = page.data
  useShareCard({
    title: activity ? `${activity.title} · 活动规则` : '活动规则',
    image: activity?.cover,
    path: activityRuleUrl(id),
  })

  if (page.error && !activity) return <Empty kind="error" text={page.error} />
  if (!activity) return <View className="muted activity-rule__loading">加载中…</View>

  const rules = paragraphs(activity.rules)
  return (
    <View className="page activity-rule">
      <View className="card">
        <Text className="activity-rule__title">{activity.title}</Text>
        <Text className="activity-rule__line">
          报名时间：{formatWindow(activity.applyStart, activity.applyEnd)}
        </Text>
        <Text className="activity-rule__line">
          投票时间：{formatWindow(activity.voteStart, activity.voteEnd)}
        </Text>
        <Text className="activity-rule__line">
          每人每天可投{activity.votesPerDay}票，每件作品每天限投1票
        </Text>
        <Text className="activity-rule__line">
          {activity.entryImageMax > 0
            ? `作品最多可上传${activity.entryImageMax}张图片`
            : '作品只能是文字'}
        </Text>
      </View>
      <View className="card">
        <Text className="activity-rule__heading">活动规则</Text>
        {rules.length === 0 ? (
          <Text className="activity-rule__para muted">暂无规则说明</Text>
        ) : (
          rules.map((p, i) => (
            <Text key={`r${i}`} className="activity-rule__para">
              {p}
            </Text>
          ))
        )}
      </View>
    </View>
  )
}
