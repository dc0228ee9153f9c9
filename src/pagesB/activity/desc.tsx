import { Button, Image, Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import PagedList from '@/components/PagedList'
import { resolveAssetUrl } from '@/core/assets'
import EntryRow from '@/features/activities/components/EntryRow'
import { formatWindow, paragraphs, phaseLabel } from '@/features/activities/format'
import {
  activityDescUrl,
  activityMineUrl,
  activityPostUrl,
  activityRuleUrl,
  voteItemUrl,
} from '@/features/activities/links'
import { ENTRY_ORDERS, useActivity, validId } from '@/features/activities/useActivity'
import { requireLogin } from '@/features/account/public'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { useStores } from '@/stores'
import './desc.scss'

const go = (url: string) => void Taro.navigateTo({ url })

/**
 * 活动详情: the activity (cover, phase, windows, description, 活动规则), my part (我要报名 while
 * applying is open, 我的参与 once I applied, votes left today), and its entries ranked by votes or
 * newest, each with 投票 while voting is open (a guest logs in first, then the vote is cast).
 */
function ActivityDescPage() {
  const { params } = useRouter()
  const id = validId(params.id)
  const { session } = useStores()
  const page = useActivity(id)
  const { activity } = page
  const share = useShareCard({
    title: activity?.title ?? '书友活动',
    desc: activity?.summary,
    image: activity?.cover,
    path: activityDescUrl(id),
  })

  if (page.error && !activity) return <Empty kind="error" text={page.error} />
  if (!activity) return <View className="muted activity-desc__loading">加载中…</View>

  const mine = activity.mine
  return (
    <View className="page activity-desc">
      {activity.cover !== '' && (
        <Image
          className="activity-desc__cover"
          src={resolveAssetUrl(activity.cover)}
          mode="aspectFill"
        />
      )}
      <View className="activity-desc__head">
        <View className="activity-desc__title-row">
          <Text className="activity-desc__title">{activity.title}</Text>
          <Text className={`activity-desc__phase activity-desc__phase--${activity.phase}`}>
            {phaseLabel(activity.phase)}
          </Text>
        </View>
        {activity.summary !== '' && (
          <Text className="activity-desc__summary">{activity.summary}</Text>
        )}
        <Text className="activity-desc__line">
          报名时间：{formatWindow(activity.applyStart, activity.applyEnd)}
        </Text>
        <Text className="activity-desc__line">
          投票时间：{formatWindow(activity.voteStart, activity.voteEnd)}
        </Text>
        <Text className="activity-desc__line">
          {activity.entryCount}件作品 · 共{activity.voteCount}票 · 每人每天{activity.votesPerDay}票
        </Text>
        {mine && activity.voteOpen && (
          <Text className="activity-desc__left" data-testid="votes-left">
            今日还可投{mine.votesLeftToday}票
          </Text>
        )}
        <View className="activity-desc__actions">
          <ShareButton onShare={share} />
          <Text
            className="link activity-desc__rule"
            data-testid="activity-rule"
            onClick={() => go(activityRuleUrl(id))}
          >
            活动规则 〉
          </Text>
        </View>
      </View>

      <View className="activity-desc__mine">
        {mine?.entryId ? (
          <Button
            className="btn-plain"
            data-testid="activity-my-info"
            onClick={() => go(activityMineUrl(id))}
          >
            我的参与
          </Button>
        ) : activity.applyOpen ? (
          <Button
            className="btn-primary"
            data-testid="activity-apply"
            onClick={() => requireLogin(session, () => go(activityPostUrl(id)))}
          >
            我要报名
          </Button>
        ) : null}
      </View>

      {activity.description !== '' && (
        <View className="activity-desc__section">
          <Text className="activity-desc__section-title">活动介绍</Text>
          {paragraphs(activity.description).map((p, i) => (
            <Text key={`p${i}`} className="activity-desc__para">
              {p}
            </Text>
          ))}
        </View>
      )}

      <View className="activity-desc__entries-head">
        <Text className="activity-desc__section-title">参赛作品</Text>
        <View className="activity-desc__orders">
          {ENTRY_ORDERS.map((o) => (
            <Text
              key={o.key}
              className={
                o.key === page.order
                  ? 'activity-desc__order activity-desc__order--on'
                  : 'activity-desc__order'
              }
              data-testid={`entry-order-${o.key}`}
              onClick={() => page.setOrder(o.key)}
            >
              {o.label}
            </Text>
          ))}
        </View>
      </View>
      <PagedList
        key={page.order}
        handle={page.rows.ref}
        load={page.load}
        keyOf={(entry) => entry.id}
        renderItem={(entry) => (
          <EntryRow
            entry={entry}
            voteOpen={activity.voteOpen}
            voting={page.voting.has(entry.id)}
            onOpen={() => go(voteItemUrl(entry.id))}
            onVote={() => page.vote(entry.id)}
          />
        )}
        emptyKind="posts"
        emptyText={activity.applyOpen ? '还没有作品，快来报名吧' : '还没有作品'}
      />
    </View>
  )
}

export default observer(ActivityDescPage)
