import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import PagedList from '@/components/PagedList'
import SearchBar from '@/components/SearchBar'
import { pageParam } from '@/core/routes'
import { RecentSearches } from '@/features/search/public'
import { VIDEO_PAGE_SIZE, fetchVideos } from '@/features/video/api'
import VideoCard from '@/features/video/components/VideoCard'
import { useVideoSearch } from '@/features/video/useVideoSearch'
import { VideoLimits } from '@rules/video'
import './search.scss'

/** Videos by title or author's name, page by page; the recent searches on this device before it. */
export default function VideoSearchPage() {
  const { params } = useRouter()
  const search = useVideoSearch(pageParam(params.keyword))
  const { keyword } = search

  return (
    <View className="page video-search">
      <SearchBar
        value={search.draft}
        placeholder="搜索视频标题或作者"
        focus
        maxlength={VideoLimits.keywordMaxChars}
        testId="video-search-go"
        onInput={search.setDraft}
        onSearch={() => search.run(search.draft)}
      />
      {search.error !== '' && <Text className="video-search__error">{search.error}</Text>}
      {keyword === '' ? (
        <RecentSearches
          list={search.recent.list}
          onPick={search.run}
          onClear={search.recent.clear}
          hint="可以搜索视频的标题或作者的昵称"
        />
      ) : (
        <PagedList
          key={keyword}
          load={(page) => fetchVideos({ keyword, page, pageSize: VIDEO_PAGE_SIZE })}
          keyOf={(video) => video.id}
          renderItem={(video) => <VideoCard video={video} />}
          emptyText={`没有找到“${keyword}”相关的视频`}
          emptyKind="search"
        />
      )}
    </View>
  )
}
