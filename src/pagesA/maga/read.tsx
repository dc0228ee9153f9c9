import { View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import Empty from '@/components/Empty'
import { isH5 } from '@/core/platform'
import { justifies, useReaderPrefs } from '@/features/books/public'
import { issueReadUrl, magazineDetailUrl } from '@/features/magazines/links'
import { useIssueReader } from '@/features/magazines/useIssueReader'
import {
  ArticleEnd,
  ArticleMenu,
  ArticleView,
  ContentsDrawer,
  type Turn,
} from '@/features/periodicals/public'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { useStores } from '@/stores'

const positiveInt = (raw: string | undefined): number | undefined => {
  const n = Number(raw)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/**
 * Reading an issue: the article (tap for the menu: turns, contents, night mode, text size, line
 * spacing, brightness), the contents with my read marks, my place kept and my time counted.
 */
function IssueReaderPage() {
  const { params } = useRouter()
  const { session } = useStores()
  const [wanted] = useState(() => ({
    issueId: positiveInt(params.issueId) ?? 0,
    articleId: positiveInt(params.articleId),
  }))
  const reader = useIssueReader(wanted, session.isLoggedIn)
  const settings = useReaderPrefs()
  const { prefs } = settings
  const { article, contents, turns } = reader

  const share = useShareCard({
    title: contents && article ? `${contents.issue.magazineName} · ${article.title}` : '书友',
    desc: article?.paragraphs[0],
    image: contents?.issue.cover,
    path: article ? issueReadUrl(article.issueId, article.id) : issueReadUrl(wanted.issueId),
  })

  const night = prefs.night ? 'article-reader article-reader--night' : 'article-reader'
  if (reader.error && !article) {
    return (
      <Empty
        kind="error"
        text={reader.error}
        action={
          <View className="link" onClick={reader.retry}>
            点击重试
          </View>
        }
      />
    )
  }
  if (!article || !contents || !turns) {
    return <View className={`${night} article-reader__loading`}>加载中…</View>
  }

  const turn = (direction: 'prev' | 'next'): Turn => ({
    ...turns[direction],
    testId: `${direction}-article`,
    onClick: () => reader.turn(direction),
  })
  const issue = contents.issue

  return (
    <View className={night} data-testid="issue-reader">
      <ArticleView
        key={article.id}
        article={article}
        kicker={`${issue.magazineName} · ${issue.title}`}
        fontSize={prefs.fontSize}
        lineHeight={prefs.lineHeight}
        justify={justifies(prefs.fontSize)}
        topInset={reader.topInset}
        anchor={reader.anchor}
        onScroll={reader.onScroll}
        onTap={reader.onTap}
        footer={
          <ArticleEnd
            note={`${issue.title} · 第${article.serial}/${contents.articles.length}篇`}
            prev={turn('prev')}
            next={turn('next')}
          />
        }
      />
      {reader.panel === 'menu' && (
        <ArticleMenu
          title={`${issue.title} · ${article.title}`}
          prefs={prefs}
          topInset={reader.topInset}
          progress={reader.progress}
          prev={turn('prev')}
          next={turn('next')}
          actions={[
            { label: '目录', testId: 'open-contents', onClick: reader.openContents },
            {
              label: '杂志',
              testId: 'open-magazine',
              onClick: () => void Taro.navigateTo({ url: magazineDetailUrl(issue.magazineId) }),
            },
          ]}
          aside={<ShareButton onShare={share} />}
          onFont={settings.changeFont}
          onLineHeight={settings.changeLineHeight}
          onBrightness={settings.changeBrightness}
          onNight={settings.toggleNight}
          onClose={() => reader.setPanel('none')}
        />
      )}
      {reader.panel === 'contents' && (
        <ContentsDrawer
          title={`${issue.magazineName} · ${issue.title}`}
          progress={reader.progress}
          sections={[
            {
              key: 'all',
              lines: contents.articles.map((a) => ({
                id: a.id,
                title: a.title,
                author: a.author,
                read: reader.readIds.has(a.id),
              })),
            },
          ]}
          current={article.id}
          night={prefs.night}
          onPick={reader.pick}
          onClose={() => reader.setPanel('none')}
        />
      )}
      {isH5() && prefs.brightness < 1 && (
        <View className="article-reader__dim" style={{ opacity: (1 - prefs.brightness) * 0.8 }} />
      )}
    </View>
  )
}

export default observer(IssueReaderPage)
