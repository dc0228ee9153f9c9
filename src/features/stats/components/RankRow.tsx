import { Text, View, type ITouchEvent } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import Avatar from '@/components/Avatar'
import { requireLogin } from '@/features/account/public'
import { formatDuration } from '@/features/books/public'
import { useOpenProfile } from '@/features/social/public'
import { useStores } from '@/stores'
import type { RankEntry } from '@/types/api/stats'
import type { RankingStore } from '../RankingStore'

const rankClass = (rank: number) =>
  rank >= 1 && rank <= 3 ? `rank-no rank-no--top rank-no--${rank}` : 'rank-no'

interface Props {
  entry: RankEntry
  ranking: RankingStore
}

/**
 * A reader on the ranking: a tap on the row (avatar, name, place) opens their profile (mine for
 * me), the heart likes them (a guest is asked to log in). The like is read here, so a tap
 * re-renders this row only.
 */
function RankRow({ entry, ranking }: Props) {
  const { session } = useStores()
  const openProfile = useOpenProfile()
  const open = () => openProfile(entry.userId)
  const like = ranking.likeOf(entry)
  const myId = session.user?.user_id
  const own = entry.isMe || (myId !== undefined && entry.userId === myId)
  const onLike = (e: ITouchEvent) => {
    e.stopPropagation()
    requireLogin(session, () => void ranking.toggleLike(entry))
  }
  return (
    <View
      className={own ? 'rank-row rank-row--me' : 'rank-row'}
      data-testid={`rank-row-${entry.userId}`}
      onClick={open}
    >
      <Text className={rankClass(entry.rank)}>{entry.rank}</Text>
      <View className="rank-row__avatar" data-testid={`rank-avatar-${entry.userId}`}>
        <Avatar src={entry.avatar} name={entry.nickname} size={80} />
      </View>
      <View className="rank-row__who">
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

export default observer(RankRow)
