import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useCallback, useEffect, useState } from 'react'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { useLiveList } from '@/components/PagedList/useLiveList'
import { fetchReadingDays, fetchReadingTimeInfo } from '@/features/stats/api'
import { dayLabel } from '@/features/books/dayLabel'
import { formatDuration } from '@/features/books/format'
import { detailUrl } from '@/features/books/links'
import { useStores } from '@/stores'
import type { ReadingDay, ReadingTimeInfo } from '@/types/api/stats'
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

function DayRow({ day, now }: { day: ReadingDay; now: Date }) {
  return (
    <View className="read-day" data-testid={`read-day-${day.day}`}>
      <View className="read-day__head">
        <Text className="read-day__label">{dayLabel(day.day, now)}</Text>
        <Text className="read-day__total">{formatDuration(day.seconds)}</Text>
      </View>
      {day.books.map((book) => (
        <View
          key={book.booksId}
          className="read-day__book"
          hoverClass="read-day__book--hover"
          onClick={() => void Taro.navigateTo({ url: detailUrl(book.booksId) })}
        >
          <Text className="read-day__name">{book.booksName}</Text>
          <Text className="muted">{formatDuration(book.seconds)}</Text>
        </View>
      ))}
    </View>
  )
}

/** My reading time: today, this week, in all, the days read, then day by day with its books. */
function ReadTimePage() {
  const { session } = useStores()
  const loggedIn = session.isLoggedIn
  const [info, setInfo] = useState<ReadingTimeInfo | null>(null)
  const [infoError, setInfoError] = useState('')

  const loadInfo = useCallback(() => {
    fetchReadingTimeInfo()
      .then((res) => {
        setInfo(res)
        setInfoError('')
      })
      .catch((err: unknown) =>
        setInfoError(err instanceof Error && err.message ? err.message : '加载失败'),
      )
  }, [])

  useEffect(() => {
    if (loggedIn) loadInfo()
  }, [loggedIn, loadInfo])

  // Back from reading, the numbers have moved (the day list follows by itself, see useLiveList).
  useDidShow(() => {
    if (session.isLoggedIn && info) loadInfo()
  })

  // The day list refreshes itself on pull-down; the summary does here.
  usePullDownRefresh(() => {
    if (session.isLoggedIn) loadInfo()
  })

  const list = useLiveList<ReadingDay>({
    fetchPage: (page) => fetchReadingDays(page, PAGE_SIZE),
    pageSize: PAGE_SIZE,
    keyOf: (day) => day.day,
    versionOf: (day) => day.seconds,
    active: loggedIn,
  })

  if (!loggedIn) return <LoginRequired kind="books" text="登录后查看阅读时长" />

  /** '' until the summary has come. */
  const show = (seconds: number | undefined) =>
    seconds === undefined ? '' : formatDuration(seconds)
  const now = new Date()

  return (
    <View className="page read-time">
      <View className="read-time__card">
        <View className="read-time__top">
          <View className="read-time__today">
            <Text className="read-time__caption">今日阅读</Text>
            <Text className="read-time__big" data-testid={info ? 'today-seconds' : undefined}>
              {show(info?.todaySeconds) || '--'}
            </Text>
          </View>
          <Text
            className="read-time__rank"
            data-testid="read-time-rank"
            onClick={() => void Taro.navigateTo({ url: '/pagesA/mine/rankTop' })}
          >
            阅读排行
          </Text>
        </View>
        <View className="read-time__stats">
          <Stat label="本周" value={show(info?.weekSeconds)} testId="week-seconds" />
          <Stat label="累计" value={show(info?.totalSeconds)} testId="total-seconds" />
          <Stat label="阅读天数" value={info ? `${info.days}天` : ''} testId="reading-days" />
        </View>
        {infoError && (
          <Text className="read-time__error" onClick={loadInfo}>
            {infoError}，点击重试
          </Text>
        )}
      </View>
      <Text className="read-time__heading">每日阅读</Text>
      <PagedList
        key={list.generation}
        load={list.load}
        keyOf={(day) => day.day}
        renderItem={(day) => <DayRow day={day} now={now} />}
        emptyText="还没有阅读记录，打开一本书开始阅读吧"
        emptyKind="books"
      />
    </View>
  )
}

export default observer(ReadTimePage)
