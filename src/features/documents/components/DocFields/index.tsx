import { Input, Text, Textarea, View } from '@tarojs/components'
import { DocumentLimits } from '@rules/documents'
import { clipText, textLength } from '@rules/validate'
import type { PageData } from '@/core/usePageData'
import type { DocumentCategory } from '@/types/api/documents'
import type { DocFormValues } from '../../form'
import './index.scss'

interface Props {
  values: DocFormValues
  onChange: (patch: Partial<DocFormValues>) => void
  categories: PageData<DocumentCategory[]>
}

/** A document's title, category (chips) and introduction, as the upload and review forms edit them. */
export default function DocFields({ values, onChange, categories }: Props) {
  const list = categories.data
  // One handler always bound (weapp breaks when a handler is swapped for undefined).
  const retry = () => {
    if (categories.error) void categories.reload()
  }
  return (
    <View className="doc-fields">
      <View className="doc-fields__row">
        <Text className="doc-fields__label">标题</Text>
        <Input
          className="doc-fields__input"
          name="title"
          value={values.title}
          placeholder="请输入文档标题"
          // The native limit counts UTF-16 units: leave room, cut by characters here.
          maxlength={DocumentLimits.titleMaxChars * 2}
          onInput={(e) =>
            onChange({ title: clipText(e.detail.value, DocumentLimits.titleMaxChars) })
          }
        />
      </View>
      <View className="doc-fields__row doc-fields__row--column">
        <Text className="doc-fields__label">分类</Text>
        {list ? (
          <View className="doc-fields__chips">
            {list.map((c) => (
              <Text
                key={c.id}
                className={
                  c.id === values.categoryId
                    ? 'doc-fields__chip doc-fields__chip--active'
                    : 'doc-fields__chip'
                }
                data-testid={`doc-category-${c.id}`}
                onClick={() => onChange({ categoryId: c.id })}
              >
                {c.name}
              </Text>
            ))}
          </View>
        ) : (
          <Text className="muted" onClick={retry}>
            {categories.error ? `${categories.error}，点击重试` : '加载中…'}
          </Text>
        )}
      </View>
      <View className="doc-fields__row doc-fields__row--column">
        <Text className="doc-fields__label">
          简介<Text className="muted">（选填）</Text>
        </Text>
        <Textarea
          className="doc-fields__intro"
          name="intro"
          value={values.intro}
          placeholder="简单介绍一下这份文档"
          maxlength={DocumentLimits.introMaxChars * 2}
          disableDefaultPadding
          onInput={(e) =>
            onChange({ intro: clipText(e.detail.value, DocumentLimits.introMaxChars) })
          }
        />
        <Text className="doc-fields__counter">
          {textLength(values.intro)}/{DocumentLimits.introMaxChars}
        </Text>
      </View>
    </View>
  )
}
