/**
 * The play page's video and what a viewer does with it: the detail (the page titled with it, again
 * on pull-down), one play counted when it first starts playing (in the background: the server
 * counts a viewer once an hour anyway), like, follow the author, a share counted, the next video of
 * the album.
 */
import Taro from '@tarojs/taro'
import { useRef } from 'react'
import { setPageTitle } from '@/core/platform'
import { usePageData } from '@/core/usePageData'
import { requireLogin } from '@/features/account/public'
import { setFollowing } from '@/features/social/public'
import { useStores } from '@/stores'
import type { VideoDetail } from '@/types/api/video'
import { VideoText } from '@rules/video'
import { countPlay, countShare, fetchVideo, toggleVideoLike } from './api'
import { videoPlayUrl } from './links'

export function usePlay(id: number, albumId?: number) {
  const { session } = useStores()
  const page = usePageData(
    async () => {
      if (!Number.isInteger(id) || id <= 0) throw new Error(VideoText.notFound)
      const video = await fetchVideo(id)
      setPageTitle(video.title)
      return video
    },
    [id],
    { pullDown: true },
  )
  const latest = useRef(page.data)
  latest.current = page.data
  const counted = useRef(false)
  /** The like or the follow under way: a second tap waits for its answer. */
  const busy = useRef({ like: false, follow: false })

  /** The video shown with `edit` applied (an answer the server gave). */
  const patch = (edit: (video: VideoDetail) => Partial<VideoDetail>) => {
    const video = latest.current
    if (!video) return
    const next = { ...video, ...edit(video) }
    latest.current = next
    page.setData(next)
  }

  /** The player started: the first time on this page, a play is counted. */
  const onPlay = () => {
    if (counted.current || !latest.current) return
    counted.current = true
    countPlay(id)
      .then((res) => patch(() => ({ playCount: res.count })))
      .catch(() => undefined)
  }

  /** Shared (WeChat's sheet, or the link copied): counted as a play is. */
  const onShared = () => {
    if (!latest.current) return
    countShare(id)
      .then((res) => patch(() => ({ shareCount: res.count })))
      .catch(() => undefined)
  }

  const once = async (kind: 'like' | 'follow', action: () => Promise<void>) => {
    if (busy.current[kind]) return
    busy.current[kind] = true
    try {
      await action()
    } catch {
      // the request layer has shown why
    } finally {
      busy.current[kind] = false
    }
  }

  const toggleLike = () =>
    requireLogin(
      session,
      () =>
        void once('like', async () => {
          const res = await toggleVideoLike(id)
          patch(() => ({ liked: res.liked, likeCount: res.likeCount }))
        }),
    )

  const toggleFollow = () =>
    requireLogin(
      session,
      () =>
        void once('follow', async () => {
          const author = latest.current?.author
          if (!author) return
          if (author.followed) {
            const { confirm } = await Taro.showModal({
              title: '取消关注',
              content: `不再关注 ${author.nickname}？`,
            })
            if (!confirm) return
          }
          const res = await setFollowing(author.id, !author.followed)
          patch((video) => ({
            author: video.author && { ...video.author, followed: res.followed },
          }))
        }),
    )

  /** The next video of the album, in place of this one (its own page: its link, its count). */
  const playNext = () => {
    const video = latest.current
    const next = video?.nextInAlbum
    if (!video || !next) return
    void Taro.redirectTo({ url: videoPlayUrl(next.id, albumId ?? video.album?.id) })
  }

  /** A comment was added here. */
  const commented = () => patch((video) => ({ commentCount: video.commentCount + 1 }))

  return {
    video: page.data,
    error: page.error,
    onPlay,
    onShared,
    toggleLike,
    toggleFollow,
    playNext,
    commented,
  }
}
