import { Input, Text, View } from '@tarojs/components'
import { PeriodicalLimits } from '@rules/periodicals'
import {
  ArticleEditor,
  UploadField,
  type ArticleFields,
  type UploadReport,
} from '@/features/periodicals/public'
import type { PageFields } from '../editionForm'

interface Props {
  index: number
  page: PageFields
  onRename: (name: string) => void
  onReport: (key: string, report: UploadReport) => void
  onAddArticle: () => void
  onChangeArticle: (next: ArticleFields) => void
  onRemoveArticle: (articleKey: string) => void
  /** Absent: the only page, which cannot be removed. */
  onRemove?: () => void
}

/** One page (版面) of an edition: its name, its image and the articles on it (optional). */
export default function PageEditor(props: Props) {
  const { index, page } = props
  const prefix = `page-${index}`
  return (
    <View className="upload-form__page" data-testid={prefix}>
      <View className="upload-form__article-head">
        <Text className="upload-form__article-no">第{index + 1}个版面</Text>
        {props.onRemove && (
          <Text className="link" data-testid={`${prefix}-remove`} onClick={props.onRemove}>
            删除版面
          </Text>
        )}
      </View>
      <Input
        className="upload-form__input"
        name={`${prefix}-name`}
        value={page.name}
        placeholder={`版面名称，如：第一版 要闻（${PeriodicalLimits.pageNameMaxChars}字以内）`}
        maxlength={PeriodicalLimits.pageNameMaxChars * 2}
        onInput={(e) => props.onRename(e.detail.value)}
      />
      <UploadField
        reportKey={page.key}
        label="版面图片"
        max={1}
        initial={page.image}
        testPrefix={prefix}
        onReport={props.onReport}
      />
      {page.articles.map((article, i) => (
        <ArticleEditor
          key={article.key}
          index={i}
          value={article}
          onChange={props.onChangeArticle}
          onReport={props.onReport}
          onRemove={() => props.onRemoveArticle(article.key)}
          testPrefix={`${prefix}-article-${i}`}
        />
      ))}
      {page.articles.length < PeriodicalLimits.pageMaxArticles && (
        <View
          className="upload-form__add"
          data-testid={`${prefix}-add-article`}
          onClick={props.onAddArticle}
        >
          + 添加本版文章（选填）
        </View>
      )}
    </View>
  )
}
