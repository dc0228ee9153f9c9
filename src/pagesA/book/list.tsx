import { View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import PagedList from '@/components/PagedList'
import SearchBar from '@/components/SearchBar'
import { fetchBooks, fetchCategories } from '@/features/books/api'
import BookItem from '@/features/books/components/BookItem'
import { Limits } from '@rules/limits'
import { SEARCH_KEYWORD_MAX_CHARS } from '@rules/search'
import type { BookListReq } from '@/types/api/books'
import { setPageTitle } from '@/core/platform'
import { pageParam } from '@/core/routes'

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
      <SearchBar
        value={draft}
        placeholder="搜索书名或作者"
        focus={params.search === '1'}
        maxlength={SEARCH_KEYWORD_MAX_CHARS}
        testId="book-search"
        onInput={setDraft}
        onSearch={() => setKeyword(draft.trim())}
      />
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
