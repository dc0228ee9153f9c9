import { useCallback, useEffect, useRef, useState } from 'react'
import { useStores } from '@/stores'
import type { UserStatistics } from '@/types/api/social'
import { fetchStatistics } from './api'

export interface MyStatistics {
  /** My counts (posts, following, followers, likes); null for a guest or before the first answer. */
  stats: UserStatistics | null
  /** Fetches them again (on show, on pull-down); never throws. */
  refresh: () => Promise<void>
}

/** My own counts, refreshed on demand; only the latest answer counts, and a logout clears them. */
export function useMyStatistics(): MyStatistics {
  const { session } = useStores()
  const loggedIn = session.isLoggedIn
  const [stats, setStats] = useState<UserStatistics | null>(null)
  const latest = useRef(0)

  const refresh = useCallback(async () => {
    const request = ++latest.current
    // Read now, not at render: a show right after a login must ask.
    if (!session.isLoggedIn) return setStats(null)
    try {
      const next = await fetchStatistics()
      if (request === latest.current) setStats(next)
    } catch {
      // silent: the counts shown stay
    }
  }, [session])

  useEffect(() => {
    if (!loggedIn) {
      latest.current += 1
      setStats(null)
    }
  }, [loggedIn])

  return { stats, refresh }
}
