import { Image, Text, View } from '@tarojs/components'
import { resolveAssetUrl } from '@/core/assets'
import type { ActivitySummary } from '@/types/api/activities'
import { formatActivityTime, phaseLabel } from '../../format'
import './index.scss'

interface Props {
  activity: ActivitySummary
  onOpen: () => void
}

/** An activity in the list: cover, phase, title, summary, the vote's end, entries and votes. */
export default function ActivityCard({ activity, onOpen }: Props) {
  return (
    <View className="activity-card" data-testid={`activity-${activity.id}`} onClick={onOpen}>
      <View className="activity-card__cover">
        {activity.cover !== '' && (
          <Image
            className="activity-card__image"
            src={resolveAssetUrl(activity.cover)}
            mode="aspectFill"
            lazyLoad
          />
        )}
        <Text className={`activity-card__phase activity-card__phase--${activity.phase}`}>
          {phaseLabel(activity.phase)}
        </Text>
      </View>
      <View className="activity-card__body">
        <Text className="activity-card__title">{activity.title}</Text>
        {activity.summary !== '' && (
          <Text className="activity-card__summary">{activity.summary}</Text>
        )}
        <Text className="activity-card__meta">
          {activity.entryCount}件作品 · {activity.voteCount}票 · 投票截止{' '}
          {formatActivityTime(activity.voteEnd)}
        </Text>
      </View>
    </View>
  )
}
