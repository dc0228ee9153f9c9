import { Button, ScrollView, Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import { requireLogin } from '@/features/account/public'
import { dateChip, editionTitle } from '@/features/newspapers/editions'
import { editionReadUrl, newspaperAddUrl, newspaperDetailUrl } from '@/features/newspapers/links'
import { useNewspaperDetail } from '@/features/newspapers/useNewspaperDetail'
import { Cover, ReviewTag } from '@/features/periodicals/public'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { useStores } from '@/stores'
import '../maga/detail.scss'
import './detail.scss'

const go = (url: string) => () => void Taro.navigateTo({ url })

/**
 * A newspaper: its latest front page, collect, continue where I left off, and its editions by date
 * (newest first) on a strip; the chosen edition's card opens it. The owner also sees editions under
 * review or turned down, with the reason and a way to fix them, and can add an edition.
 */
function NewspaperDetailPage() {
  const { params } = useRouter()
  const id = Number(params.id)
  const { session } = useStores()
  const { paper, error, toggleCollect, readAction, edition, choose } = useNewspaperDetail(id)

  const share = useShareCard({
    title: paper ? paper.name : '书友',
    desc: paper?.intro,
    image: paper?.cover,
    path: newspaperDetailUrl(id),
  })

  if (error && !paper) return <Empty kind="error" text={error} />
  if (!paper) return <View className="muted periodical-detail__loading">加载中…</View>

  return (
    <View className="page periodical-detail">
      <View className="periodical-detail__head">
        <Cover name={paper.name} src={paper.cover} width={220} />
        <View className="periodical-detail__meta">
          <Text className="periodical-detail__title">{paper.name}</Text>
          <Text className="muted">
            {paper.categoryName} · 共{paper.editionCount}期
          </Text>
          {paper.latestDate && (
            <Text className="periodical-detail__latest">
              最新：{editionTitle({ title: '', date: paper.latestDate })}
            </Text>
          )}
        </View>
      </View>

      <View className="periodical-detail__actions">
        {readAction && (
          <Button
            className="btn-primary periodical-detail__read"
            data-testid="read"
            onClick={go(readAction.url)}
          >
            {readAction.label}
          </Button>
        )}
        <Button
          className="btn-plain periodical-detail__btn"
          data-testid="collect"
          onClick={() => requireLogin(session, () => void toggleCollect())}
        >
          {paper.collected ? '已收藏' : '收藏'}
        </Button>
        <ShareButton className="btn-plain periodical-detail__btn" onShare={share} />
      </View>
      {readAction?.label === '继续阅读' && (
        <Text className="periodical-detail__place" data-testid="read-place">
          读到 {readAction.detail}
        </Text>
      )}

      <View className="periodical-detail__section">
        <View className="periodical-detail__section-head">
          <Text className="periodical-detail__section-title">
            往期（共{paper.editions.length}期）
          </Text>
          {paper.mine && (
            <Text
              className="link"
              data-testid="add-edition"
              onClick={go(newspaperAddUrl({ newspaperId: paper.id }))}
            >
              上传新一期
            </Text>
          )}
        </View>
        <ScrollView className="paper-detail__strip" scrollX enhanced showScrollbar={false}>
          {paper.editions.map((e) => {
            const chip = dateChip(e.date)
            return (
              <View
                key={e.id}
                className={e.id === edition?.id ? 'paper-detail__date is-on' : 'paper-detail__date'}
                data-testid={`date-${e.date}`}
                onClick={() => choose(e.id)}
              >
                <Text className="paper-detail__weekday">{chip.weekday}</Text>
                <Text className="paper-detail__day">{chip.day}</Text>
                {e.reviewState !== 'approved' && <View className="paper-detail__dot" />}
              </View>
            )
          })}
        </ScrollView>
        {edition && (
          <View
            className="paper-detail__edition"
            data-testid={`edition-${edition.id}`}
            onClick={go(editionReadUrl(edition.id))}
          >
            <Cover name={editionTitle(edition)} src={edition.cover} width={180} />
            <View className="paper-detail__edition-body">
              <Text className="paper-detail__edition-title">{editionTitle(edition)}</Text>
              <Text className="muted">
                {edition.pageCount}个版面 · {edition.articleCount}篇文章
              </Text>
              {session.isLoggedIn &&
                edition.reviewState === 'approved' &&
                edition.articleCount > 0 && (
                  <Text className="muted">
                    已读 {edition.read}/{edition.articleCount}
                  </Text>
                )}
              {paper.mine && (
                <ReviewTag
                  state={edition.reviewState}
                  reason={edition.reviewReason}
                  withReason
                  testId={`edition-state-${edition.id}`}
                />
              )}
              {paper.mine && edition.reviewState === 'rejected' && (
                <Text
                  className="link"
                  data-testid={`edition-fix-${edition.id}`}
                  onClick={(e) => {
                    e.stopPropagation()
                    go(newspaperAddUrl({ editionId: edition.id }))()
                  }}
                >
                  修改后重新提交
                </Text>
              )}
              <Text className="paper-detail__open">阅读本期 ›</Text>
            </View>
          </View>
        )}
      </View>

      {paper.intro && (
        <View className="periodical-detail__section">
          <Text className="periodical-detail__section-title">简介</Text>
          <Text className="periodical-detail__intro">{paper.intro}</Text>
        </View>
      )}
    </View>
  )
}

export default observer(NewspaperDetailPage)
