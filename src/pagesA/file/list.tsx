import { View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import PagedList from '@/components/PagedList'
import SearchBar from '@/components/SearchBar'
import { setPageTitle } from '@/core/platform'
import { pageParam } from '@/core/routes'
import { DOC_PAGE_SIZE, fetchDocCategories, fetchDocs } from '@/features/documents/api'
import DocItem from '@/features/documents/components/DocItem'
import { DocumentLimits } from '@rules/documents'

const positiveInt = (raw: string | undefined): number | undefined => {
  const n = Number(raw)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/** The public library: all documents or one category's, searched by title, page by page. */
export default function DocListPage() {
  const { params } = useRouter()
  const categoryId = positiveInt(params.categoryId)
  const [draft, setDraft] = useState(() => pageParam(params.keyword))
  const [keyword, setKeyword] = useState(draft)

  useEffect(() => {
    if (!categoryId) return
    fetchDocCategories()
      .then((all) => {
        const found = all.find((c) => c.id === categoryId)
        if (found) setPageTitle(found.name)
      })
      .catch(() => undefined)
  }, [categoryId])

  return (
    <View className="page doc-list">
      <SearchBar
        value={draft}
        placeholder="搜索文档标题"
        maxlength={DocumentLimits.keywordMaxChars}
        testId="doc-search"
        onInput={setDraft}
        onSearch={() => setKeyword(draft.trim())}
      />
      <PagedList
        key={`${categoryId ?? ''}|${keyword}`}
        load={(page) =>
          fetchDocs({ categoryId, keyword: keyword || undefined, page, pageSize: DOC_PAGE_SIZE })
        }
        keyOf={(doc) => doc.id}
        renderItem={(doc) => <DocItem doc={doc} />}
        emptyText={keyword ? `没有找到“${keyword}”相关的文档` : '这里还没有文档'}
        emptyKind={keyword ? 'search' : 'generic'}
      />
    </View>
  )
}
