import { usePullDownRefresh } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { useStores } from '@/stores'
import { RankingStore } from './RankingStore'

/** The ranking page's store: my entry follows the period and the login, and the pull-down. */
export function useRanking(): RankingStore {
  const { session } = useStores()
  const [ranking] = useState(() => new RankingStore())
  const loggedIn = session.isLoggedIn
  const period = ranking.period

  useEffect(() => ranking.resetMine(loggedIn), [ranking, loggedIn, period])

  // The list refreshes itself on pull-down; my entry does here.
  usePullDownRefresh(() => {
    if (session.isLoggedIn) ranking.loadMine()
  })

  return ranking
}
