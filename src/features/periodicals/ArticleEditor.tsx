import { Input, Text, View } from '@tarojs/components'
import { PeriodicalLimits } from '@rules/periodicals'
import TextArea from '@/components/TextArea'
import UploadField from './UploadField'
import type { ArticleFields, UploadReport } from './uploadForm'
import './UploadForm.scss'

interface Props {
  /** 0-based place in its list (shown 第1篇). */
  index: number
  value: ArticleFields
  onChange: (next: ArticleFields) => void
  onReport: (key: string, report: UploadReport) => void
  /** Absent: the article cannot be removed (the only one of an issue). */
  onRemove?: () => void
  /** testids and input names: `<prefix>-title`, ... */
  testPrefix: string
}

/** One article of an upload: title, author, text (paragraphs on lines) and up to nine images. */
export default function ArticleEditor({
  index,
  value,
  onChange,
  onReport,
  onRemove,
  testPrefix,
}: Props) {
  const set = (change: Partial<ArticleFields>) => onChange({ ...value, ...change })
  return (
    <View className="upload-form__article" data-testid={testPrefix}>
      <View className="upload-form__article-head">
        <Text className="upload-form__article-no">第{index + 1}篇</Text>
        {onRemove && (
          <Text className="link" data-testid={`${testPrefix}-remove`} onClick={onRemove}>
            删除
          </Text>
        )}
      </View>
      <Input
        className="upload-form__input"
        name={`${testPrefix}-title`}
        value={value.title}
        placeholder={`文章标题（${PeriodicalLimits.articleTitleMaxChars}字以内）`}
        maxlength={PeriodicalLimits.articleTitleMaxChars * 2}
        onInput={(e) => set({ title: e.detail.value })}
      />
      <Input
        className="upload-form__input"
        name={`${testPrefix}-author`}
        value={value.author}
        placeholder="作者（选填）"
        maxlength={PeriodicalLimits.authorMaxChars * 2}
        onInput={(e) => set({ author: e.detail.value })}
      />
      <TextArea
        className="upload-form__content"
        name={`${testPrefix}-content`}
        value={value.content}
        max={PeriodicalLimits.contentMaxChars}
        placeholder="正文，每行一段"
        onInput={(content) => set({ content })}
      />
      <UploadField
        reportKey={value.key}
        hint={`选填，最多${PeriodicalLimits.articleMaxImages}张`}
        label="配图"
        max={PeriodicalLimits.articleMaxImages}
        initial={value.images}
        testPrefix={testPrefix}
        onReport={onReport}
      />
    </View>
  )
}
