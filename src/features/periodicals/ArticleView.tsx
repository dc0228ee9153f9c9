import { Image, ScrollView, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { ReactNode } from 'react'
import { resolveAssetUrl } from '@/core/assets'
import { paragraphId } from './place'
import './ArticleView.scss'

/** What the view shows of an article (a magazine's or a newspaper's). */
export interface ArticleText {
  id: number
  title: string
  author: string
  paragraphs: string[]
  images: string[]
}

interface Props {
  article: ArticleText
  /** Above the title: the issue, or the edition's page. */
  kicker?: string
  fontSize: number
  lineHeight: number
  justify: boolean
  /** Room for the status bar (custom navigation). */
  topInset: number
  /** The paragraph brought to the top (`pp-<i>`), '' for none. */
  anchor: string
  onScroll: () => void
  /** A tap on the text: the menu. */
  onTap: () => void
  /** After the article: its turns. */
  footer?: ReactNode
}

/** Shows an article's images full screen, from the one tapped. */
export function previewImages(images: readonly string[], index: number): void {
  const urls = images.map(resolveAssetUrl)
  void Taro.previewImage({ urls, current: urls[index] }).catch(() => undefined)
}

/**
 * An article to read: kicker, title, author, its paragraphs (each with an id, so the place can be
 * measured and brought back) and its images (a tap opens them full screen), then the footer. The
 * page styles the night mode with `article-view--night` around it.
 */
export default function ArticleView(props: Props) {
  const { article, topInset } = props
  return (
    <ScrollView
      className="article-view__scroll"
      scrollY
      scrollIntoView={props.anchor}
      scrollIntoViewAlignment="start"
      onScroll={props.onScroll}
    >
      <View
        className="article-view__page"
        style={{ paddingTop: `${topInset}px` }}
        onClick={props.onTap}
        data-testid="article"
      >
        {props.kicker && <Text className="article-view__kicker">{props.kicker}</Text>}
        <Text className="article-view__title" data-testid="article-title">
          {article.title}
        </Text>
        {article.author && <Text className="article-view__author">{article.author}</Text>}
        <View
          className={
            props.justify ? 'article-view__text' : 'article-view__text article-view__text--ragged'
          }
          style={{ fontSize: Taro.pxTransform(props.fontSize), lineHeight: props.lineHeight }}
        >
          {article.paragraphs.map((text, i) => (
            <Text key={i} id={paragraphId(i)} className="article-view__para">
              {text}
            </Text>
          ))}
        </View>
        {article.images.map((src, i) => (
          <Image
            key={`${i}-${src}`}
            className="article-view__image"
            data-testid={`article-image-${i}`}
            src={resolveAssetUrl(src)}
            mode="widthFix"
            lazyLoad
            onClick={(e) => {
              e.stopPropagation()
              previewImages(article.images, i)
            }}
          />
        ))}
        {props.footer && (
          <View className="article-view__footer" onClick={(e) => e.stopPropagation()}>
            {props.footer}
          </View>
        )}
      </View>
    </ScrollView>
  )
}
