import { Button, Image, Text, View, type ITouchEvent } from '@tarojs/components'
import { resolveAssetUrl } from '@/core/assets'
import type { VoteItem } from '@/types/api/activities'
import { votesText } from '../../format'
import './index.scss'

interface Props {
  entry: VoteItem
  /** Voting is open: the row shows 投票 (not on my own entry). */
  voteOpen: boolean
  voting: boolean
  onOpen: () => void
  onVote: () => void
}

/** An entry in an activity's list: its rank, picture, title, author, votes and 投票. */
export default function EntryRow({ entry, voteOpen, voting, onOpen, onVote }: Props) {
  const vote = (e: ITouchEvent) => {
    e.stopPropagation()
    if (!voting) onVote()
  }
  return (
    <View className="entry-row" data-testid={`entry-${entry.id}`} onClick={onOpen}>
      <Text
        className={entry.rank <= 3 ? 'entry-row__rank entry-row__rank--top' : 'entry-row__rank'}
      >
        {entry.rank}
      </Text>
      {entry.cover !== '' && (
        <Image
          className="entry-row__cover"
          src={resolveAssetUrl(entry.cover)}
          mode="aspectFill"
          lazyLoad
        />
      )}
      <View className="entry-row__body">
        <Text className="entry-row__title">{entry.title}</Text>
        <Text className="entry-row__excerpt">{entry.excerpt}</Text>
        <Text className="entry-row__meta">
          {entry.author.nickname} ·{' '}
          <Text data-testid={`entry-votes-${entry.id}`}>{votesText(entry.votes)}</Text>
        </Text>
      </View>
      {voteOpen && !entry.mine && (
        <Button
          className={voting ? 'entry-row__vote is-busy' : 'entry-row__vote'}
          data-testid={`entry-vote-${entry.id}`}
          onClick={vote}
        >
          投票
        </Button>
      )}
      {entry.mine && <Text className="entry-row__mine">我的</Text>}
    </View>
  )
}
