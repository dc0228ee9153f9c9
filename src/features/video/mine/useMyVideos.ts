import { useDidShow } from '@tarojs/taro'
import { useState } from 'react'
import { useLiveList } from '@/components/PagedList/useLiveList'
import { useConfirmedRemoval } from '@/core/useConfirmedRemoval'
import { useStores } from '@/stores'
import type { MyVideo, VideoAlbum } from '@/types/api/video'
import { VideoLimits, type VideoReviewState } from '@rules/video'
import { fetchAlbums, fetchMyVideos, removeVideo } from '../api'

/** The state filter of 我的视频: every state, or one. */
export type VideoFilter = 'all' | VideoReviewState

export const VIDEO_FILTERS: readonly { key: VideoFilter; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: 'pending', label: '审核中' },
  { key: 'approved', label: '已发布' },
  { key: 'rejected', label: '未通过' },
]

/** A route's `state` parameter as a filter ('all' when absent or unknown). */
export function filterOf(param: string | undefined): VideoFilter {
  return VIDEO_FILTERS.some((f) => f.key === param) ? (param as VideoFilter) : 'all'
}

/**
 * Set by the publish and edit pages when a video went to review: 我的视频, shown again, turns to
 * 审核中 to show it there.
 */
let sentToReview = false
export const markSentToReview = (): void => {
  sentToReview = true
}
const takeSentToReview = (): boolean => {
  const was = sentToReview
  sentToReview = false
  return was
}

/**
 * 我的视频: my videos in one state or all (deleted after a confirmation, in place), and my albums.
 * Each list reloads when the page is shown again and its first page changed (a publish, an edit, a
 * decision).
 */
export function useMyVideos(loggedIn: boolean, initial: VideoFilter = 'all') {
  const { session } = useStores()
  const [filter, setFilterState] = useState<VideoFilter>(initial)
  const videos = useLiveList<MyVideo>({
    fetchPage: (page) =>
      fetchMyVideos({
        ...(filter === 'all' ? {} : { state: filter }),
        page,
        pageSize: VideoLimits.pageSize,
      }),
    pageSize: VideoLimits.pageSize,
    keyOf: (video) => video.id,
    versionOf: (video) => `${video.reviewState}|${video.updatedAt}`,
    active: loggedIn,
  })
  const userId = session.user?.user_id ?? 0
  const albums = useLiveList<VideoAlbum>({
    fetchPage: (page) => fetchAlbums({ userId, page, pageSize: VideoLimits.pageSize }),
    pageSize: VideoLimits.pageSize,
    keyOf: (album) => album.id,
    versionOf: (album) => `${album.updatedAt}|${album.videoCount}`,
    active: loggedIn && userId > 0,
  })

  const setFilter = (next: VideoFilter) => {
    if (next === filter) return
    setFilterState(next)
    videos.reload()
  }

  useDidShow(() => {
    if (takeSentToReview()) setFilter('pending')
  })

  const removal = useConfirmedRemoval<MyVideo>({
    key: (video) => video.id,
    ask: (video) => ({
      title: '删除视频',
      content: `确定删除“${video.title}”吗？删除后无法恢复`,
      confirmText: '删除',
      cancelText: '再想想',
    }),
    remove: (video) => removeVideo(video.id),
    removed: (video) => videos.remove(video.id),
    doneText: '已删除',
  })

  return { filter, setFilter, videos, albums, remove: removal.run, removing: removal.busy }
}
