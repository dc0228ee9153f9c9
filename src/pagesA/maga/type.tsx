import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Empty from '@/components/Empty'
import { usePageData } from '@/core/usePageData'
import { fetchCategories } from '@/features/magazines/api'
import { magazineListUrl } from '@/features/magazines/links'
import './type.scss'

const open = (categoryId?: number) => () =>
  void Taro.navigateTo({ url: magazineListUrl(categoryId) })

/** Magazine categories with how many magazines each has; each opens its list. */
export default function MagazineTypePage() {
  const { data: categories, error } = usePageData(fetchCategories, [], { pullDown: true })

  if (error && !categories) return <Empty kind="error" text={`${error}，下拉重试`} />
  if (!categories) return <View className="muted periodical-type__loading">加载中…</View>

  const all = categories.reduce((sum, c) => sum + c.count, 0)
  return (
    <View className="page periodical-type">
      <View
        className="periodical-type__item periodical-type__item--all"
        data-testid="category-all"
        hoverClass="periodical-type__item--hover"
        onClick={open()}
      >
        <Text className="periodical-type__name">全部杂志</Text>
        <Text className="muted">{all}种</Text>
      </View>
      {categories.map((category) => (
        <View
          key={category.id}
          className="periodical-type__item"
          data-testid={`category-${category.id}`}
          hoverClass="periodical-type__item--hover"
          onClick={open(category.id)}
        >
          <Text className="periodical-type__name">{category.name}</Text>
          <Text className="muted">{category.count}种</Text>
        </View>
      ))}
    </View>
  )
}
