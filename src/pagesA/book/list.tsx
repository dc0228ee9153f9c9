import { Input, Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import PagedList from '@/components/PagedList'
import { fetchBooks, fetchCategories } from '@/features/books/api'
import BookItem from '@/features/books/components/BookItem'
import { Limits } from '@rules/limits'
import type { BookListReq } from '@/types/api/books'
import { setPageTitle } from '@/core/platform'
import { pageParam } from '@/core/routes'
import './list.scss'

const positiveInt = (raw: string | undefined): number | undefined => {
  const n = Number(raw)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/** Books: recommended, one category's, or a search by title or author, page by page. */
export default function BookListPage() {
  const { params } = useRouter()
  const classificationId = positiveInt(params.classificationId)
  const recommend = params.recommend === '1'
  const [draft, setDraft] = useState(() => pageParam(params.keyword))
  const [keyword, setKeyword] = useState(draft)

  useEffect(() => {
    if (classificationId) {
      fetchCategories()
        .then((all) => {
          const found = all.find((c) => c.id === classificationId)
          if (found) setPageTitle(found.name)
        })
        .catch(() => undefined)
    } else {
      setPageTitle(recommend ? '推荐书单' : '书库')
    }
  }, [classificationId, recommend])

  const query: BookListReq = {
    classificationId,
    recommend: recommend ? 1 : undefined,
    keyword: keyword || undefined,
    pageSize: Limits.bookPageSize,
  }

  return (
    <View className="page book-list">
      <View className="book-list__search">
        <View className="book-list__field">
          <Input
            className="book-list__input"
            name="keyword"
            value={draft}
            placeholder="搜索书名或作者"
            confirmType="search"
            focus={params.search === '1'}
            maxlength={50}
            onInput={(e) => setDraft(e.detail.value)}
            onConfirm={() => setKeyword(draft.trim())}
          />
        </View>
        <Text
          className="book-list__go"
          data-testid="book-search"
          onClick={() => setKeyword(draft.trim())}
        >
          搜索
        </Text>
      </View>
      <PagedList
        key={`${classificationId ?? ''}|${recommend}|${keyword}`}
        load={(page) => fetchBooks({ ...query, page })}
        keyOf={(book) => book.id}
        renderItem={(book) => <BookItem book={book} />}
        emptyText={keyword ? `没有找到“${keyword}”相关的书` : '这里还没有书'}
        emptyKind={keyword ? 'search' : 'books'}
      />
    </View>
  )
}
