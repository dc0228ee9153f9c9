import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import PagedList from '@/components/PagedList'
import SearchBar from '@/components/SearchBar'
import BookItem from '@/features/books/components/BookItem'
import { readUrl } from '@/features/books/links'
import PassageItem from '@/features/search/components/PassageItem'
import RecentSearches from '@/features/search/components/RecentSearches'
import { useSearch } from '@/features/search/useSearch'
import type { Passage } from '@/types/api/search'
import { pageParam } from '@/core/routes'
import { SEARCH_KEYWORD_MAX_CHARS } from '@rules/search'
import './search.scss'

const passageKey = (p: Passage): string =>
  `${p.booksId}-${p.serial}-${p.title ? 'title' : p.paragraph}`

/** One search over titles, authors and the full text of the books; recent searches before it. */
export default function BookSearchPage() {
  const { params } = useRouter()
  const search = useSearch(pageParam(params.keyword))
  const { keyword, books, total } = search

  return (
    <View className="page book-search">
      <SearchBar
        value={search.draft}
        placeholder="搜索书名、作者或原文"
        focus
        maxlength={SEARCH_KEYWORD_MAX_CHARS}
        testId="search-go"
        onInput={search.setDraft}
        onSearch={() => search.run(search.draft)}
      />
      {search.error !== '' && (
        <Text className="book-search__error" data-testid="search-error">
          {search.error}
        </Text>
      )}

      {keyword === '' ? (
        <RecentSearches
          list={search.recent.list}
          onPick={search.run}
          onClear={search.recent.clear}
        />
      ) : (
        <View className="book-search__results" key={keyword}>
          {books.length > 0 && (
            <View className="book-search__section" data-testid="search-books">
              <Text className="book-search__heading">书籍</Text>
              {books.map((book) => (
                <BookItem key={book.id} book={book} />
              ))}
            </View>
          )}
          {total !== null && total > 0 && (
            <Text className="book-search__heading">{`原文 · ${total}处`}</Text>
          )}
          <PagedList
            load={search.load}
            keyOf={passageKey}
            renderItem={(p) => (
              <PassageItem passage={p} url={readUrl(p.booksId, p.serial, p.paragraph)} />
            )}
            emptyText={
              books.length > 0 ? `原文中没有找到“${keyword}”` : `没有找到“${keyword}”相关的内容`
            }
            emptyKind="search"
          />
        </View>
      )}
    </View>
  )
}
