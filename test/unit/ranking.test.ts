/**
 * The ranking's state without its page: my entry follows the period and the login (late answers
 * dropped), retries only after a failure, and likes show at once, settle on the server's answer
 * (taps meanwhile sent after it) and are put back when it fails.
 */
import { RankingStore, type RankingApi } from '@/features/stats/RankingStore'
import type { RankEntry, RankLikeRes, RankPeriod } from '@/types/api/stats'

const entry = (userId: number, likes = 3, liked = false): RankEntry => ({
  rank: 1,
  userId,
  nickname: `读者${userId}`,
  avatar: '',
  seconds: 60,
  likes,
  liked,
  isMe: false,
})

function pending<T>() {
  let resolve: (value: T) => void = () => undefined
  let reject: (err: unknown) => void = () => undefined
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function rig() {
  const api = {
    fetchMyRank: jest.fn(async (period: RankPeriod) => ({ ...entry(1), rank: period.length })),
    likeRank: jest.fn(async (_userId: number, like: boolean) => ({ liked: like, likes: 9 })),
  } satisfies RankingApi
  return { api, ranking: new RankingStore(api) }
}

describe('RankingStore: my entry', () => {
  it('loads for a reader, by period, and forgets it at logout', async () => {
    const { api, ranking } = rig()
    ranking.resetMine(true)
    await settle()
    expect(api.fetchMyRank).toHaveBeenLastCalledWith('week')
    expect(ranking.mine?.rank).toBe(4)
    ranking.choose('day')
    ranking.resetMine(true)
    expect(ranking.mine).toBeNull()
    await settle()
    expect(ranking.mine?.rank).toBe(3)
    ranking.resetMine(false)
    expect(ranking.mine).toBeNull()
    expect(api.fetchMyRank).toHaveBeenCalledTimes(2)
  })

  it('drops an answer that comes after the period changed or the reader left', async () => {
    const { api, ranking } = rig()
    const slow = pending<RankEntry>()
    api.fetchMyRank.mockReturnValueOnce(slow.promise)
    ranking.resetMine(true)
    ranking.resetMine(false)
    slow.resolve(entry(1))
    await settle()
    expect(ranking.mine).toBeNull()
  })

  it('retries only after a failure, keeping the entry shown on a pull-down', async () => {
    const { api, ranking } = rig()
    api.fetchMyRank.mockRejectedValueOnce(new Error('网络不给力'))
    ranking.resetMine(true)
    await settle()
    expect(ranking.mineError).toBe('网络不给力')
    ranking.retryMine()
    await settle()
    expect(ranking.mineError).toBe('')
    expect(ranking.mine).not.toBeNull()
    ranking.retryMine()
    expect(api.fetchMyRank).toHaveBeenCalledTimes(2)

    api.fetchMyRank.mockRejectedValueOnce(new Error(''))
    ranking.loadMine()
    expect(ranking.mine).not.toBeNull()
    await settle()
    expect(ranking.mineError).toBe('加载失败')
  })
})

describe('RankingStore: likes', () => {
  it('shows a like at once and settles on the answer', async () => {
    const { api, ranking } = rig()
    const row = entry(7, 3, false)
    const answer = pending<RankLikeRes>()
    api.likeRank.mockReturnValueOnce(answer.promise)
    const done = ranking.toggleLike(row)
    expect(ranking.likeOf(row)).toEqual({ liked: true, likes: 4 })
    answer.resolve({ liked: true, likes: 10 })
    await done
    expect(ranking.likeOf(row)).toEqual({ liked: true, likes: 10 })
    await ranking.toggleLike(row)
    expect(api.likeRank).toHaveBeenLastCalledWith(7, false)
  })

  it('taps while a like is on its way are shown, and the last one is sent after it', async () => {
    const { api, ranking } = rig()
    const row = entry(7, 5, true)
    const first = pending<RankLikeRes>()
    api.likeRank.mockReturnValueOnce(first.promise).mockResolvedValueOnce({ liked: true, likes: 5 })
    const done = ranking.toggleLike(row)
    expect(ranking.likeOf(row)).toEqual({ liked: false, likes: 4 })
    await ranking.toggleLike(row)
    expect(ranking.likeOf(row)).toEqual({ liked: true, likes: 5 })
    expect(api.likeRank).toHaveBeenCalledTimes(1)
    first.resolve({ liked: false, likes: 4 })
    await done
    expect(api.likeRank.mock.calls).toEqual([
      [7, false],
      [7, true],
    ])
    expect(ranking.likeOf(row)).toEqual({ liked: true, likes: 5 })

    // Two taps that cancel out while one is on its way send nothing more.
    const third = pending<RankLikeRes>()
    api.likeRank.mockReturnValueOnce(third.promise)
    const again = ranking.toggleLike(row)
    await ranking.toggleLike(row)
    await ranking.toggleLike(row)
    third.resolve({ liked: false, likes: 4 })
    await again
    expect(api.likeRank).toHaveBeenCalledTimes(3)
    expect(ranking.likeOf(row)).toEqual({ liked: false, likes: 4 })
  })

  it('puts the count back when the like fails, never below zero', async () => {
    const { api, ranking } = rig()
    const row = entry(7, 0, true)
    api.likeRank.mockRejectedValueOnce(new Error('操作太频繁'))
    const done = ranking.toggleLike(row)
    expect(ranking.likeOf(row)).toEqual({ liked: false, likes: 0 })
    await done
    expect(ranking.likeOf(row)).toEqual({ liked: true, likes: 0 })
  })

  it('another period starts from the list again', async () => {
    const { ranking } = rig()
    const row = entry(7)
    await ranking.toggleLike(row)
    expect(ranking.likeOf(row).likes).toBe(9)
    ranking.choose('week')
    expect(ranking.likeOf(row).likes).toBe(9)
    ranking.choose('month')
    expect(ranking.period).toBe('month')
    expect(ranking.likeOf(row)).toEqual({ liked: false, likes: 3 })
  })
})
