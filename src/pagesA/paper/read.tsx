import { Image, ScrollView, Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import Empty from '@/components/Empty'
import { capsuleInset, isH5 } from '@/core/platform'
import { resolveAssetUrl } from '@/core/assets'
import { justifies, leaveReader, useReaderPrefs } from '@/features/books/public'
import { editionTitle } from '@/features/newspapers/editions'
import { editionReadUrl } from '@/features/newspapers/links'
import { useEditionReader } from '@/features/newspapers/useEditionReader'
import {
  ArticleEnd,
  ArticleMenu,
  ArticleView,
  ContentsDrawer,
  previewImages,
  type Turn,
} from '@/features/periodicals/public'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { useStores } from '@/stores'
import './read.scss'

const positiveInt = (raw: string | undefined): number | undefined => {
  const n = Number(raw)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/**
 * Reading an edition (读报): its pages (版面) as tabs, each page's image and the articles on it;
 * an article's text with the turns within the edition; the editions before and after by date;
 * night mode and text settings as in the book reader; my place kept and my time counted.
 */
function EditionReaderPage() {
  const { params } = useRouter()
  const { session } = useStores()
  const [wanted] = useState(() => ({
    editionId: positiveInt(params.editionId) ?? 0,
    articleId: positiveInt(params.articleId),
  }))
  const reader = useEditionReader(wanted, session.isLoggedIn)
  const settings = useReaderPrefs()
  const { prefs } = settings
  const { catalogue, article, page, neighbours } = reader

  const share = useShareCard({
    title: catalogue
      ? `${catalogue.edition.newspaperName} · ${article?.title ?? editionTitle(catalogue.edition)}`
      : '书友',
    desc: article?.paragraphs[0],
    image: catalogue?.edition.cover,
    path: editionReadUrl(reader.editionId, reader.view === 'article' ? article?.id : undefined),
  })

  const night = prefs.night ? 'article-reader article-reader--night' : 'article-reader'
  if (reader.error && !catalogue) {
    return (
      <Empty
        kind="error"
        text={reader.error}
        action={
          <Text className="link" onClick={reader.retry}>
            点击重试
          </Text>
        }
      />
    )
  }
  if (!catalogue) return <View className={`${night} article-reader__loading`}>加载中…</View>

  const edition = catalogue.edition
  const editionTurn = (direction: 'prev' | 'next'): Turn => ({
    label: direction === 'prev' ? '上一期' : '下一期',
    enabled: neighbours ? (direction === 'prev' ? neighbours.hasPrev : neighbours.hasNext) : true,
    testId: `${direction}-edition`,
    onClick: () => reader.turnEdition(direction),
  })
  const articleTurn = (direction: 'prev' | 'next'): Turn => ({
    label: direction === 'prev' ? '上一篇' : '下一篇',
    enabled: Boolean(direction === 'prev' ? article?.prevId : article?.nextId),
    testId: `${direction}-article`,
    onClick: () => reader.turnArticle(direction),
  })
  const dim = isH5() && prefs.brightness < 1 && (
    <View className="article-reader__dim" style={{ opacity: (1 - prefs.brightness) * 0.8 }} />
  )
  const contents = reader.panel === 'contents' && (
    <ContentsDrawer
      title={`${edition.newspaperName} · ${editionTitle(edition)}`}
      progress={reader.progress}
      sections={catalogue.pages.map((p) => ({
        key: String(p.id),
        title: p.name,
        lines: p.articles.map((a) => ({
          id: a.id,
          title: a.title,
          author: a.author,
          read: reader.readIds.has(a.id),
        })),
      }))}
      current={reader.view === 'article' ? (article?.id ?? null) : null}
      night={prefs.night}
      onPick={reader.openArticle}
      onClose={() => reader.setPanel('none')}
    />
  )

  if (reader.view === 'article' && article) {
    return (
      <View className={night} data-testid="edition-reader">
        <ArticleView
          key={article.id}
          article={article}
          kicker={`${edition.newspaperName} · ${editionTitle(edition)} · ${article.pageName}`}
          fontSize={prefs.fontSize}
          lineHeight={prefs.lineHeight}
          justify={justifies(prefs.fontSize)}
          topInset={reader.topInset}
          anchor={reader.anchor}
          onScroll={reader.onScroll}
          onTap={reader.onTap}
          footer={
            <ArticleEnd
              note={article.nextId ? `${article.pageName}` : '本期完'}
              prev={articleTurn('prev')}
              next={
                article.nextId
                  ? articleTurn('next')
                  : {
                      label: '回到版面',
                      enabled: true,
                      testId: 'back-to-page',
                      onClick: reader.showPage,
                    }
              }
            />
          }
        />
        {reader.panel === 'menu' && (
          <ArticleMenu
            title={`${editionTitle(edition)} · ${article.title}`}
            prefs={prefs}
            topInset={reader.topInset}
            progress={reader.progress}
            prev={articleTurn('prev')}
            next={articleTurn('next')}
            actions={[
              { label: '版面', testId: 'show-page', onClick: reader.showPage },
              { label: '目录', testId: 'open-contents', onClick: reader.openContents },
            ]}
            aside={<ShareButton onShare={share} />}
            onFont={settings.changeFont}
            onLineHeight={settings.changeLineHeight}
            onBrightness={settings.changeBrightness}
            onNight={settings.toggleNight}
            onClose={() => reader.setPanel('none')}
          />
        )}
        {contents}
        {dim}
      </View>
    )
  }

  const prevEdition = editionTurn('prev')
  const nextEdition = editionTurn('next')
  return (
    <View className={`${night} paper-read`} data-testid="edition-reader">
      <View
        className="paper-read__bar"
        style={{ paddingTop: `${reader.topInset}px`, paddingRight: `${capsuleInset() + 12}px` }}
      >
        <View className="paper-read__back" data-testid="reader-back" onClick={leaveReader} />
        <View className="paper-read__heading">
          <Text className="paper-read__name">{edition.newspaperName}</Text>
          <Text className="paper-read__date">{editionTitle(edition)}</Text>
        </View>
        {[prevEdition, nextEdition].map((turn) => (
          <Text
            key={turn.testId}
            className={turn.enabled ? 'paper-read__turn' : 'paper-read__turn is-off'}
            data-testid={turn.testId}
            onClick={() => turn.enabled && !reader.busy && turn.onClick()}
          >
            {turn.label}
          </Text>
        ))}
      </View>
      <ScrollView className="paper-read__tabs" scrollX enhanced showScrollbar={false}>
        {catalogue.pages.map((p, i) => (
          <Text
            key={p.id}
            className={i === reader.pageIndex ? 'paper-read__tab is-on' : 'paper-read__tab'}
            data-testid={`page-tab-${i}`}
            onClick={() => reader.choosePage(i)}
          >
            {p.name}
          </Text>
        ))}
      </ScrollView>
      <ScrollView key={page?.id ?? 0} className="paper-read__page" scrollY onScroll={reader.touch}>
        {page && (
          <View className="paper-read__sheet">
            {page.image && (
              <Image
                className="paper-read__image"
                data-testid="page-image"
                src={resolveAssetUrl(page.image)}
                mode="widthFix"
                onClick={() =>
                  previewImages(
                    catalogue.pages.map((p) => p.image).filter(Boolean),
                    Math.max(0, catalogue.pages.filter((p) => p.image).indexOf(page)),
                  )
                }
              />
            )}
            <View className="paper-read__articles">
              <View className="paper-read__articles-head">
                <Text className="paper-read__articles-title">{page.name} · 本版文章</Text>
                <Text className="link" data-testid="open-contents" onClick={reader.openContents}>
                  {reader.progress || '目录'}
                </Text>
              </View>
              {page.articles.length === 0 && (
                <Text className="muted paper-read__none">本版没有文字稿，点击版面图可放大查看</Text>
              )}
              {page.articles.map((a) => (
                <View
                  key={a.id}
                  className="paper-read__article"
                  data-testid={`page-article-${a.id}`}
                  onClick={() => reader.openArticle(a.id)}
                >
                  <View className="paper-read__article-text">
                    <Text className="paper-read__article-title">{a.title}</Text>
                    {a.author && <Text className="muted">{a.author}</Text>}
                  </View>
                  {reader.readIds.has(a.id) && <Text className="paper-read__tick">已读</Text>}
                </View>
              ))}
            </View>
          </View>
        )}
      </ScrollView>
      {contents}
      {dim}
    </View>
  )
}

export default observer(EditionReaderPage)
