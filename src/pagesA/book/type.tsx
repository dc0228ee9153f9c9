import { Text, View } from '@tarojs/components'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import Empty from '@/components/Empty'
import { fetchCategories } from '@/features/books/api'
import type { BookCategory } from '@/types/api/books'
import './type.scss'

/** Book categories, each opening its list. */
export default function BookTypePage() {
  const [categories, setCategories] = useState<BookCategory[] | null>(null)
  const [error, setError] = useState('')

  const load = useCallback(async () => {
    try {
      setCategories(await fetchCategories())
      setError('')
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : '加载失败')
    }
  }, [])

  useEffect(() => {
    void load()
  }, [load])

  usePullDownRefresh(() => {
    void load().finally(() => Taro.stopPullDownRefresh())
  })

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
            void Taro.navigateTo({ url: `/pagesA/book/list?classificationId=${category.id}` })
          }
        >
          <Text className="book-type__name">{category.name}</Text>
          <Text className="muted">{category.bookCount}本</Text>
        </View>
      ))}
    </View>
  )
}
