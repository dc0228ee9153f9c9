import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Empty from '@/components/Empty'
import { usePageData } from '@/core/usePageData'
import { fetchDocCategories } from '@/features/documents/api'
import { docListUrl } from '@/features/documents/links'
import './type.scss'

const open = (categoryId?: number) => () => void Taro.navigateTo({ url: docListUrl(categoryId) })

/** Document categories with how many public documents each has, each opening its list. */
export default function DocTypePage() {
  const { data: categories, error } = usePageData(fetchDocCategories, [], { pullDown: true })

  if (error && !categories) return <Empty kind="error" text={`${error}，下拉重试`} />
  if (!categories) return <View className="muted doc-type__loading">加载中…</View>

  const total = categories.reduce((sum, c) => sum + c.count, 0)
  return (
    <View className="page doc-type">
      <View
        className="doc-type__item doc-type__item--all"
        data-testid="doc-category-all"
        hoverClass="doc-type__item--hover"
        onClick={open()}
      >
        <Text className="doc-type__name">全部文档</Text>
        <Text className="muted">{total}份</Text>
      </View>
      {categories.map((category) => (
        <View
          key={category.id}
          className="doc-type__item"
          data-testid={`doc-category-${category.id}`}
          hoverClass="doc-type__item--hover"
          onClick={open(category.id)}
        >
          <Text className="doc-type__name">{category.name}</Text>
          <Text className="muted">{category.count}份</Text>
        </View>
      ))}
    </View>
  )
}
