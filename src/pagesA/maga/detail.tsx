import { Button, Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import { requireLogin } from '@/features/account/public'
import { issueReadUrl, magazineAddUrl, magazineDetailUrl } from '@/features/magazines/links'
import { readLabel } from '@/features/magazines/turning'
import { useMagazineDetail } from '@/features/magazines/useMagazineDetail'
import { Cover, ReviewTag } from '@/features/periodicals/public'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { useStores } from '@/stores'
import type { IssueItem } from '@/types/api/magazines'
import './detail.scss'

const go = (url: string) => () => void Taro.navigateTo({ url })

/**
 * A magazine: cover, intro, collect, continue where I left off (or start the latest issue), and
 * its issues newest first; the owner also sees their issues under review or turned down, with the
 * reason and a way to fix them, and can add the next issue.
 */
function MagazineDetailPage() {
  const { params } = useRouter()
  const id = Number(params.id)
  const { session } = useStores()
  const { magazine, error, toggleCollect, readAction } = useMagazineDetail(id)

  const share = useShareCard({
    title: magazine ? `${magazine.name} · ${magazine.latestIssueTitle}` : '书友',
    desc: magazine?.intro,
    image: magazine?.cover,
    path: magazineDetailUrl(id),
  })

  if (error && !magazine) return <Empty kind="error" text={error} />
  if (!magazine) return <View className="muted periodical-detail__loading">加载中…</View>

  const renderIssue = (issue: IssueItem) => (
    <View
      key={issue.id}
      className="periodical-detail__issue"
      data-testid={`issue-${issue.id}`}
      onClick={go(issueReadUrl(issue.id))}
    >
      <Cover name={issue.title} src={issue.cover} width={200} />
      <Text className="periodical-detail__issue-title">{issue.title}</Text>
      {session.isLoggedIn && issue.reviewState === 'approved' && (
        <Text className="muted">{readLabel(issue.read, issue.articleCount)}</Text>
      )}
      {magazine.mine && (
        <ReviewTag
          state={issue.reviewState}
          reason={issue.reviewReason}
          withReason
          testId={`issue-state-${issue.id}`}
        />
      )}
      {magazine.mine && issue.reviewState === 'rejected' && (
        <Text
          className="link periodical-detail__fix"
          data-testid={`issue-fix-${issue.id}`}
          onClick={(e) => {
            e.stopPropagation()
            go(magazineAddUrl({ issueId: issue.id }))()
          }}
        >
          修改后重新提交
        </Text>
      )}
    </View>
  )

  return (
    <View className="page periodical-detail">
      <View className="periodical-detail__head">
        <Cover name={magazine.name} src={magazine.cover} width={220} />
        <View className="periodical-detail__meta">
          <Text className="periodical-detail__title">{magazine.name}</Text>
          <Text className="muted">
            {magazine.categoryName} · 共{magazine.issueCount}期
          </Text>
          {magazine.latestIssueTitle && (
            <Text className="periodical-detail__latest">最新：{magazine.latestIssueTitle}</Text>
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
          {magazine.collected ? '已收藏' : '收藏'}
        </Button>
        <ShareButton className="btn-plain periodical-detail__btn" onShare={share} />
      </View>
      {readAction?.label === '继续阅读' && (
        <Text className="periodical-detail__place" data-testid="read-place">
          读到 {readAction.detail}
        </Text>
      )}

      {magazine.intro && (
        <View className="periodical-detail__section">
          <Text className="periodical-detail__section-title">简介</Text>
          <Text className="periodical-detail__intro">{magazine.intro}</Text>
        </View>
      )}

      <View className="periodical-detail__section">
        <View className="periodical-detail__section-head">
          <Text className="periodical-detail__section-title">
            往期（共{magazine.issues.length}期）
          </Text>
          {magazine.mine && (
            <Text
              className="link"
              data-testid="add-issue"
              onClick={go(magazineAddUrl({ magazineId: magazine.id }))}
            >
              上传新一期
            </Text>
          )}
        </View>
        <View className="periodical-detail__issues">{magazine.issues.map(renderIssue)}</View>
      </View>
    </View>
  )
}

export default observer(MagazineDetailPage)
