import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Empty from '@/components/Empty'
import { pageUrl, Route } from '@/core/routes'
import { usePageData } from '@/core/usePageData'
import { fetchCategories } from '@/features/books/api'
import './type.scss'

/** Book categories, each opening its list. */
export default function BookTypePage() {
  const { data: categories, error } = usePageData(fetchCategories, [], { pullDown: true })

  if (error && !categories) {
    return <Empty kind="error" text={`${error}，下拉重试`} />
  }
  if (!categories) return <View className="muted book-type__loading">加载中…</View>
  if (categories.length === 0) return <Empty kind="books" text="还没有分类" />

  return (
    <View className="page book-type">
      {categories.map((category) => (
        <View
          key={category.id}
          className="book-type__item"
          data-testid={`category-${category.id}`}
          hoverClass="book-type__item--hover"
          onClick={() =>
            void Taro.navigateTo({
              url: pageUrl(Route.bookList, { classificationId: category.id }),
            })
          }
        >
          <Text className="book-type__name">{category.name}</Text>
          <Text className="muted">{category.bookCount}本</Text>
        </View>
      ))}
    </View>
  )
}
