import { Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import PagedList from '@/components/PagedList'
import SearchBar from '@/components/SearchBar'
import { setPageTitle } from '@/core/platform'
import { pageParam } from '@/core/routes'
import { requireLogin } from '@/features/account/public'
import { fetchCategories, fetchNewspapers } from '@/features/newspapers/api'
import NewspaperRow from '@/features/newspapers/components/NewspaperRow'
import { newspaperAddUrl } from '@/features/newspapers/links'
import { useStores } from '@/stores'
import { SEARCH_KEYWORD_MAX_CHARS } from '@rules/search'
import { PeriodicalLimits } from '@rules/periodicals'
import '../maga/list.scss'

const positiveInt = (raw: string | undefined): number | undefined => {
  const n = Number(raw)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/** Newspapers: all or one category's, or a search by name, page by page; 上传报纸 for a reader. */
function NewspaperListPage() {
  const { params } = useRouter()
  const { session } = useStores()
  const categoryId = positiveInt(params.categoryId)
  const [draft, setDraft] = useState(() => pageParam(params.keyword))
  const [keyword, setKeyword] = useState(draft)

  useEffect(() => {
    if (!categoryId) return
    fetchCategories()
      .then((all) => {
        const found = all.find((c) => c.id === categoryId)
        if (found) setPageTitle(found.name)
      })
      .catch(() => undefined)
  }, [categoryId])

  return (
    <View className="page periodical-list">
      <SearchBar
        value={draft}
        placeholder="搜索报纸名称"
        maxlength={SEARCH_KEYWORD_MAX_CHARS}
        testId="newspaper-search"
        onInput={setDraft}
        onSearch={() => setKeyword(draft.trim())}
      />
      <View className="periodical-list__bar">
        <Text className="muted">{keyword ? `“${keyword}”的搜索结果` : '最近更新'}</Text>
        <Text
          className="link"
          data-testid="newspaper-upload"
          onClick={() =>
            requireLogin(session, () => void Taro.navigateTo({ url: newspaperAddUrl() }))
          }
        >
          上传报纸
        </Text>
      </View>
      <PagedList
        key={`${categoryId ?? ''}|${keyword}`}
        load={(page) =>
          fetchNewspapers({
            categoryId,
            keyword: keyword || undefined,
            page,
            pageSize: PeriodicalLimits.pageSize,
          })
        }
        keyOf={(paper) => paper.id}
        renderItem={(paper) => <NewspaperRow newspaper={paper} />}
        emptyText={keyword ? `没有找到“${keyword}”相关的报纸` : '这里还没有报纸'}
        emptyKind={keyword ? 'search' : 'books'}
      />
    </View>
  )
}

export default observer(NewspaperListPage)
