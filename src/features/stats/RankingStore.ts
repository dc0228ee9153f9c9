/**
 * The reading ranking: the chosen period, my own entry (with its error and retry) and readers liked
 * with a tap, shown at once and settled by the server's answer (put back when it fails). Likes are
 * kept over the list's rows: PagedList owns the rows.
 */
import { makeAutoObservable, observable, runInAction } from 'mobx'
import type { MyRankRes, RankEntry, RankLikeRes, RankPeriod } from '@/types/api/stats'
import * as statsApi from './api'

export interface RankingApi {
  fetchMyRank(period: RankPeriod): Promise<MyRankRes>
  likeRank(userId: number, like: boolean): Promise<RankLikeRes>
}

export interface LikeState {
  liked: boolean
  likes: number
}

export const RANK_PERIODS: ReadonlyArray<{ period: RankPeriod; label: string }> = [
  { period: 'day', label: '日榜' },
  { period: 'week', label: '周榜' },
  { period: 'month', label: '月榜' },
  { period: 'total', label: '总榜' },
]

export class RankingStore {
  period: RankPeriod = 'week'
  mine: RankEntry | null = null
  mineError = ''
  readonly likes = observable.map<number, LikeState>()

  /** Readers whose like is on its way. */
  private readonly sending = new Set<number>()
  /** Only the latest request for my entry may answer (periods change, logins end). */
  private mineRequest = 0

  constructor(private readonly api: RankingApi = statsApi) {
    makeAutoObservable<RankingStore, 'api' | 'sending' | 'mineRequest'>(
      this,
      { likes: false, api: false, sending: false, mineRequest: false },
      { autoBind: true },
    )
  }

  choose(period: RankPeriod): void {
    if (period === this.period) return
    this.likes.clear()
    this.period = period
  }

  /** Another period or another person: my entry is forgotten, and loaded again for a reader. */
  resetMine(loggedIn: boolean): void {
    this.mine = null
    if (loggedIn) this.loadMine()
    else {
      this.mineRequest += 1
      this.mineError = ''
    }
  }

  /** My entry for the period (the one shown stays until the answer comes). */
  loadMine(): void {
    const request = ++this.mineRequest
    this.mineError = ''
    this.api
      .fetchMyRank(this.period)
      .then((res) => {
        if (request === this.mineRequest) runInAction(() => (this.mine = res))
      })
      .catch((err: unknown) => {
        if (request !== this.mineRequest) return
        runInAction(() => {
          this.mineError = err instanceof Error && err.message ? err.message : '加载失败'
        })
      })
  }

  /** A tap on my entry's line: it retries only after a failure. */
  retryMine(): void {
    if (this.mineError) this.loadMine()
  }

  likeOf(entry: RankEntry): LikeState {
    return this.likes.get(entry.userId) ?? { liked: entry.liked, likes: entry.likes }
  }

  /**
   * Likes or unlikes `entry`'s reader: shown at once, then sent. Taps while a request is on its way
   * only change what is shown; when it answers, the last wish is sent if the server's state differs.
   * The server's answer is shown in the end; after a failure, the last state it confirmed.
   */
  async toggleLike(entry: RankEntry): Promise<void> {
    const id = entry.userId
    const before = this.likeOf(entry)
    const liked = !before.liked
    this.likes.set(id, { liked, likes: Math.max(0, before.likes + (liked ? 1 : -1)) })
    if (this.sending.has(id)) return
    this.sending.add(id)
    let confirmed = before
    try {
      while (this.likeOf(entry).liked !== confirmed.liked) {
        const res = await this.api.likeRank(id, this.likeOf(entry).liked)
        confirmed = { liked: res.liked, likes: res.likes }
      }
    } catch {
      // the request layer has shown why; the last confirmed state comes back
    } finally {
      this.sending.delete(id)
      runInAction(() => this.likes.set(id, confirmed))
    }
  }
}
