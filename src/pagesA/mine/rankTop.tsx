import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import PagedList from '@/components/PagedList'
import { Route } from '@/core/routes'
import { fetchRanking } from '@/features/stats/api'
import MyRank from '@/features/stats/components/MyRank'
import RankRow from '@/features/stats/components/RankRow'
import { RANK_PERIODS } from '@/features/stats/RankingStore'
import { useRanking } from '@/features/stats/useRanking'
import { useStores } from '@/stores'
import './rankTop.scss'
import Tabs from '@/components/Tabs'

/** The reading ranking by period, my place on top, readers liked with a tap. */
function RankTopPage() {
  const { session } = useStores()
  const ranking = useRanking()
  const { period } = ranking
  const myId = session.user?.user_id

  return (
    <View className="page rank-top">
      <Tabs
        className="rank-top__tabs"
        titles={RANK_PERIODS.map(({ label }) => label)}
        current={RANK_PERIODS.findIndex((p) => p.period === period)}
        onChange={(index) => ranking.choose(RANK_PERIODS[index].period)}
      />

      {session.isLoggedIn ? (
        <MyRank ranking={ranking} />
      ) : (
        <View
          className="rank-top__mine"
          data-testid="my-rank-login"
          onClick={() => void Taro.navigateTo({ url: Route.login })}
        >
          <Text className="muted">登录后查看我的排名</Text>
          <Text className="link">去登录</Text>
        </View>
      )}

      <PagedList
        // Again for another period, and after a login (liked flags and my own row).
        key={`${period}|${myId ?? 0}`}
        load={(page) => fetchRanking(period, page)}
        keyOf={(entry) => entry.userId}
        renderItem={(entry) => <RankRow entry={entry} ranking={ranking} />}
        emptyText="这段时间还没有人上榜，去读一会儿书吧"
        emptyKind="people"
      />
    </View>
  )
}

export default observer(RankTopPage)
