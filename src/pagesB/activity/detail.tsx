import { Button, Image, Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Avatar from '@/components/Avatar'
import Empty from '@/components/Empty'
import { resolveAssetUrl } from '@/core/assets'
import { formatActivityTime, paragraphs, phaseLabel, votesText } from '@/features/activities/format'
import { activityDescUrl, voteItemUrl } from '@/features/activities/links'
import { validId } from '@/features/activities/useActivity'
import { useEntry, voteLabel } from '@/features/activities/useEntry'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import './detail.scss'

/**
 * 作品详情: an entry (its text, images, votes and rank) with 投票 (a guest logs in first, then the
 * vote is cast; the server refuses past the day's votes), its share card opening this entry, and
 * the way to its activity.
 */
function VoteItemPage() {
  const { params } = useRouter()
  const id = validId(params.id)
  const page = useEntry(id)
  const { entry } = page
  const share = useShareCard(
    {
      title: entry ? `${entry.title} · ${entry.activity.title}` : '书友活动作品',
      desc: entry ? `${entry.author.nickname}的参赛作品，快来投票吧` : '',
      image: entry?.images[0] ?? entry?.cover,
      path: voteItemUrl(id),
    },
    page.onShared,
  )

  if (page.error && !entry) return <Empty kind="error" text={page.error} />
  if (!entry) return <View className="muted vote-item__loading">加载中…</View>

  const preview = (url: string) =>
    void Taro.previewImage({
      urls: entry.images.map(resolveAssetUrl),
      current: resolveAssetUrl(url),
    }).catch(() => undefined)

  return (
    <View className="page vote-item">
      <View className="vote-item__card">
        <Text className="vote-item__title">{entry.title}</Text>
        <View className="vote-item__author">
          <Avatar src={entry.author.avatar} name={entry.author.nickname} size={56} />
          <Text className="vote-item__name">{entry.author.nickname}</Text>
          <Text className="muted">{formatActivityTime(entry.createdAt)}</Text>
        </View>
        {paragraphs(entry.content).map((p, i) => (
          <Text key={`p${i}`} className="vote-item__para">
            {p}
          </Text>
        ))}
        {entry.images.length > 0 && (
          <View className="vote-item__images">
            {entry.images.map((url, i) => (
              <Image
                key={`${i}-${url}`}
                className="vote-item__image"
                src={resolveAssetUrl(url)}
                mode="widthFix"
                onClick={() => preview(url)}
              />
            ))}
          </View>
        )}
      </View>

      <View className="vote-item__stats">
        <View className="vote-item__stat">
          <Text className="vote-item__num" data-testid="entry-votes">
            {votesText(entry.votes)}
          </Text>
          <Text className="muted">得票</Text>
        </View>
        <View className="vote-item__stat">
          <Text className="vote-item__num" data-testid="entry-rank">
            第{entry.rank}名
          </Text>
          <Text className="muted">排名</Text>
        </View>
        <View className="vote-item__stat">
          <Text className="vote-item__num">{entry.shares}</Text>
          <Text className="muted">分享</Text>
        </View>
      </View>
      {entry.votesLeftToday !== null && entry.activity.voteOpen && (
        <Text className="vote-item__left" data-testid="votes-left">
          今日还可投{entry.votesLeftToday}票
        </Text>
      )}

      <View className="vote-item__actions">
        <Button
          className={page.canVote && !page.voting ? 'btn-primary' : 'btn-primary is-disabled'}
          data-testid="entry-vote"
          onClick={page.vote}
        >
          {voteLabel(entry)}
        </Button>
        <ShareButton className="btn-plain vote-item__share" onShare={share} />
        <View
          className="vote-item__activity"
          data-testid="entry-activity"
          onClick={() => void Taro.navigateTo({ url: activityDescUrl(entry.activity.id) })}
        >
          <Text className="vote-item__activity-label">{phaseLabel(entry.activity.phase)}</Text>
          <Text className="vote-item__activity-title">{entry.activity.title}</Text>
          <Text className="link">查看活动 〉</Text>
        </View>
      </View>
    </View>
  )
}

export default observer(VoteItemPage)
