import { Text, View } from '@tarojs/components'
import Taro, { useDidShow } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { useLiveList } from '@/components/PagedList/useLiveList'
import { Route } from '@/core/routes'
import { usePageData } from '@/core/usePageData'
import { formatDuration } from '@/features/books/format'
import { fetchReadingDays, fetchReadingTimeInfo } from '@/features/stats/api'
import ReadingDayRow from '@/features/stats/components/ReadingDayRow'
import { useStores } from '@/stores'
import type { ReadingDay } from '@/types/api/stats'
import './readTime.scss'

const PAGE_SIZE = 10

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <View className="read-time__stat">
      {/* The test id only once the numbers have come, not on the placeholder. */}
      <Text className="read-time__value" data-testid={value ? testId : undefined}>
        {value || '--'}
      </Text>
      <Text className="read-time__label">{label}</Text>
    </View>
  )
}

/** '' until the summary has come. */
const shown = (seconds: number | undefined) =>
  seconds === undefined ? '' : formatDuration(seconds)

/** My reading time: today, this week, in all, the days read, then day by day with its books. */
function ReadTimePage() {
  const { session } = useStores()
  const loggedIn = session.isLoggedIn
  // The day list refreshes itself on pull-down; the summary with the page's data.
  const summary = usePageData(async () => (loggedIn ? fetchReadingTimeInfo() : null), [loggedIn], {
    pullDown: true,
  })
  const info = summary.data ?? null

  // Back from reading, the numbers have moved (the day list follows by itself, see useLiveList).
  useDidShow(() => {
    if (session.isLoggedIn && info) void summary.reload()
  })

  const list = useLiveList<ReadingDay>({
    fetchPage: (page) => fetchReadingDays(page, PAGE_SIZE),
    pageSize: PAGE_SIZE,
    keyOf: (day) => day.day,
    versionOf: (day) => day.seconds,
    active: loggedIn,
  })

  if (!loggedIn) return <LoginRequired kind="books" text="登录后查看阅读时长" />

  const now = new Date()
  return (
    <View className="page read-time">
      <View className="read-time__card">
        <View className="read-time__top">
          <View className="read-time__today">
            <Text className="read-time__caption">今日阅读</Text>
            <Text className="read-time__big" data-testid={info ? 'today-seconds' : undefined}>
              {shown(info?.todaySeconds) || '--'}
            </Text>
          </View>
          <Text
            className="read-time__rank"
            data-testid="read-time-rank"
            onClick={() => void Taro.navigateTo({ url: Route.rankTop })}
          >
            阅读排行
          </Text>
        </View>
        <View className="read-time__stats">
          <Stat label="本周" value={shown(info?.weekSeconds)} testId="week-seconds" />
          <Stat label="累计" value={shown(info?.totalSeconds)} testId="total-seconds" />
          <Stat label="阅读天数" value={info ? `${info.days}天` : ''} testId="reading-days" />
        </View>
        {summary.error && (
          <Text className="read-time__error" onClick={() => void summary.reload()}>
            {summary.error}，点击重试
          </Text>
        )}
      </View>
      <Text className="read-time__heading">每日阅读</Text>
      <PagedList
        key={list.generation}
        load={list.load}
        keyOf={(day) => day.day}
        renderItem={(day) => <ReadingDayRow day={day} now={now} />}
        emptyText="还没有阅读记录，打开一本书或一本杂志开始阅读吧"
        emptyKind="books"
      />
    </View>
  )
}

export default observer(ReadTimePage)
