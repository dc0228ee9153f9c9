import { View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { useState } from 'react'
import PagedList from '@/components/PagedList'
import Tabs from '@/components/Tabs'
import { Route } from '@/core/routes'
import { ACTIVITY_PAGE_SIZE, fetchActivities } from '@/features/activities/api'
import ActivityCard from '@/features/activities/components/ActivityCard'
import { activityDescUrl } from '@/features/activities/links'
import { useShareCard } from '@/features/share/useShareCard'
import { ACTIVITY_LIST_STATES } from '@rules/activities'
import './list.scss'

const TABS = ['进行中', '已结束'] as const

/** 活动: the current activities (报名中, 投票中, 未开始) and the past ones, page by page. */
export default function ActivityListPage() {
  const { params } = useRouter()
  const [tab, setTab] = useState(params.state === 'past' ? 1 : 0)
  const state = ACTIVITY_LIST_STATES[tab]
  useShareCard({ title: '书友活动', desc: '读书活动，投票评选', path: Route.activityList })

  return (
    <View className="page activity-list">
      <Tabs titles={TABS} current={tab} onChange={setTab} />
      <PagedList
        key={state}
        load={(page) => fetchActivities({ state, page, pageSize: ACTIVITY_PAGE_SIZE })}
        keyOf={(activity) => activity.id}
        renderItem={(activity) => (
          <ActivityCard
            activity={activity}
            onOpen={() => void Taro.navigateTo({ url: activityDescUrl(activity.id) })}
          />
        )}
        emptyKind="generic"
        emptyText={tab === 0 ? '暂时没有进行中的活动' : '还没有已结束的活动'}
      />
    </View>
  )
}
