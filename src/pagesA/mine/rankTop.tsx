import { Text, View } from '@tarojs/components'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useCallback, useEffect, useRef, useState } from 'react'
import Avatar from '@/components/Avatar'
import PagedList from '@/components/PagedList'
import { requireLogin } from '@/features/account/requireLogin'
import { fetchMyRank, fetchRanking, likeRank } from '@/features/stats/api'
import { formatDuration } from '@/features/books/format'
import { openProfile } from '@/features/social/openProfile'
import { useStores } from '@/stores'
import type { RankEntry, RankPeriod } from '@/types/api/stats'
import './rankTop.scss'

const PERIODS: ReadonlyArray<{ period: RankPeriod; label: string }> = [
  { period: 'day', label: '日榜' },
  { period: 'week', label: '周榜' },
  { period: 'month', label: '月榜' },
  { period: 'total', label: '总榜' },
]

interface LikeState {
  liked: boolean
  likes: number
}

const rankClass = (rank: number) =>
  rank >= 1 && rank <= 3 ? `rank-no rank-no--top rank-no--${rank}` : 'rank-no'

interface RowProps {
  entry: RankEntry
  like: LikeState
  own: boolean
  onLike: () => void
}

/** A reader on the ranking: the avatar and name open their profile (mine for me). */
function RankRow({ entry, like, own, onLike }: RowProps) {
  const open = () => openProfile(entry.userId)
  return (
    <View
      className={own ? 'rank-row rank-row--me' : 'rank-row'}
      data-testid={`rank-row-${entry.userId}`}
    >
      <Text className={rankClass(entry.rank)}>{entry.rank}</Text>
      <View className="rank-row__avatar" data-testid={`rank-avatar-${entry.userId}`} onClick={open}>
        <Avatar src={entry.avatar} name={entry.nickname} size={80} />
      </View>
      <View className="rank-row__who" onClick={open}>
        <Text className="rank-row__name">{entry.nickname}</Text>
        <Text className="muted">{formatDuration(entry.seconds)}</Text>
      </View>
      {own ? (
        // No liking oneself: the count only.
        <View className="rank-like rank-like--own">
          <Text className="rank-like__icon">♥</Text>
          <Text data-testid={`rank-likes-${entry.userId}`}>{like.likes}</Text>
        </View>
      ) : (
        <View
          className={like.liked ? 'rank-like rank-like--on' : 'rank-like'}
          data-testid={`rank-like-${entry.userId}`}
          onClick={onLike}
        >
          <Text className="rank-like__icon">♥</Text>
          <Text data-testid={`rank-likes-${entry.userId}`}>{like.likes}</Text>
        </View>
      )}
    </View>
  )
}

/** The reading ranking by period, my place on top, readers liked with a tap. */
function RankTopPage() {
  const { session } = useStores()
  const loggedIn = session.isLoggedIn
  const myId = session.user?.user_id
  const [period, setPeriod] = useState<RankPeriod>('week')
  const [mine, setMine] = useState<RankEntry | null>(null)
  const [mineError, setMineError] = useState('')
  /** Likes changed here, over what the list answered: the list's rows are not ours to edit. */
  const [likes, setLikes] = useState<Record<number, LikeState>>({})
  const pending = useRef(new Set<number>())
  const mineRequest = useRef(0)

  const loadMine = useCallback(() => {
    const request = ++mineRequest.current
    setMineError('')
    fetchMyRank(period)
      .then((res) => {
        if (request === mineRequest.current) setMine(res)
      })
      .catch((err: unknown) => {
        if (request === mineRequest.current) {
          setMineError(err instanceof Error && err.message ? err.message : '加载失败')
        }
      })
  }, [period])

  useEffect(() => {
    setMine(null)
    if (loggedIn) loadMine()
    else mineRequest.current += 1
  }, [loggedIn, loadMine])

  // A handler always (the mini-program's runtime breaks on one that comes and goes); it retries
  // only after a failure.
  const retryMine = () => {
    if (mineError) loadMine()
  }

  // The list refreshes itself on pull-down; my entry does here.
  usePullDownRefresh(() => {
    if (session.isLoggedIn) loadMine()
  })

  const choose = (next: RankPeriod) => {
    if (next === period) return
    setLikes({})
    setPeriod(next)
  }

  const sendLike = async (entry: RankEntry) => {
    const id = entry.userId
    if (pending.current.has(id)) return
    const before = likes[id] ?? { liked: entry.liked, likes: entry.likes }
    const next = {
      liked: !before.liked,
      likes: Math.max(0, before.likes + (before.liked ? -1 : 1)),
    }
    pending.current.add(id)
    setLikes((all) => ({ ...all, [id]: next }))
    try {
      const res = await likeRank(id, next.liked)
      setLikes((all) => ({ ...all, [id]: { liked: res.liked, likes: res.likes } }))
    } catch {
      // the request layer has shown why; put the count back
      setLikes((all) => ({ ...all, [id]: before }))
    } finally {
      pending.current.delete(id)
    }
  }

  const isOwn = (entry: RankEntry) => entry.isMe || (myId !== undefined && entry.userId === myId)

  return (
    <View className="page rank-top">
      <View className="rank-top__tabs">
        {PERIODS.map(({ period: p, label }) => (
          <Text
            key={p}
            className={p === period ? 'rank-top__tab rank-top__tab--active' : 'rank-top__tab'}
            data-testid={`rank-tab-${p}`}
            onClick={() => choose(p)}
          >
            {label}
          </Text>
        ))}
      </View>

      {loggedIn ? (
        <View className="rank-top__mine" data-testid="my-rank">
          {mine ? (
            <>
              <Text className="rank-top__place">
                {mine.rank > 0 ? `第${mine.rank}名` : '未上榜'}
              </Text>
              <View
                className="rank-row__avatar"
                data-testid="my-rank-avatar"
                onClick={() => openProfile(mine.userId)}
              >
                <Avatar src={mine.avatar} name={mine.nickname} size={88} />
              </View>
              <View className="rank-row__who">
                <Text className="rank-row__name">{mine.nickname}</Text>
                <Text className="muted">
                  {mine.rank > 0 ? `已读 ${formatDuration(mine.seconds)}` : '这段时间还没有阅读'}
                </Text>
              </View>
              <View className="rank-like rank-like--own">
                <Text className="rank-like__icon">♥</Text>
                <Text>{mine.likes}</Text>
              </View>
            </>
          ) : (
            <Text className="muted" data-testid="my-rank-retry" onClick={retryMine}>
              {mineError ? `${mineError}，点击重试` : '加载中…'}
            </Text>
          )}
        </View>
      ) : (
        <View
          className="rank-top__mine"
          data-testid="my-rank-login"
          onClick={() => void Taro.navigateTo({ url: '/pages/public/login' })}
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
        renderItem={(entry) => (
          <RankRow
            entry={entry}
            like={likes[entry.userId] ?? { liked: entry.liked, likes: entry.likes }}
            own={isOwn(entry)}
            onLike={() => requireLogin(session, () => void sendLike(entry))}
          />
        )}
        emptyText="这段时间还没有人上榜，去读一会儿书吧"
        emptyKind="people"
      />
    </View>
  )
}

export default observer(RankTopPage)
