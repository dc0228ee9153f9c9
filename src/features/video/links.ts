import { pageUrl, Route } from '@/core/routes'

/** The pages of the video area, by what they show. */
export const videoTypeUrl = (): string => Route.videoType
/** A channel's videos; every channel's without one. */
export const channelVideosUrl = (channelId?: number): string =>
  pageUrl(Route.videoChannel, { channelId })
export const videoAlbumUrl = (id: number): string => pageUrl(Route.videoAlbum, { id })
/** The play page; `albumId` keeps the album's order for 下一个 (and in a shared link). */
export const videoPlayUrl = (id: number, albumId?: number | null): string =>
  pageUrl(Route.videoPlay, { id, albumId: albumId || undefined })
export const videoSearchUrl = (keyword?: string): string =>
  pageUrl(Route.videoSearch, { keyword: keyword || undefined })
