import { Fragment } from 'react'
import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import Avatar from '@/components/Avatar'
import { formatDuration } from '@/features/books/public'
import { useOpenProfile } from '@/features/social/public'
import type { RankingStore } from '../RankingStore'

/**
 * My place on the ranking, or why it is not there yet (a tap retries after a failure). Once it is
 * there a tap on it opens my profile, as a ranking row does.
 */
function MyRank({ ranking }: { ranking: RankingStore }) {
  const openProfile = useOpenProfile()
  const { mine, mineError } = ranking
  // Always this handler (issue 10); it does nothing while the entry is not there.
  const openMine = () => {
    if (mine) openProfile(mine.userId)
  }
  return (
    <View className="rank-top__mine" data-testid="my-rank" onClick={openMine}>
      {mine ? (
        <Fragment key="mine">
          <Text className="rank-top__place">{mine.rank > 0 ? `第${mine.rank}名` : '未上榜'}</Text>
          <View className="rank-row__avatar" data-testid="my-rank-avatar">
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
        </Fragment>
      ) : (
        // The fragment above is keyed, so React never turns this text into 第N名 and drops its
        // handler, which Taro's mini-program runtime cannot remove (issue 10).
        <Text className="muted" data-testid="my-rank-retry" onClick={ranking.retryMine}>
          {mineError ? `${mineError}，点击重试` : '加载中…'}
        </Text>
      )}
    </View>
  )
}

export default observer(MyRank)
