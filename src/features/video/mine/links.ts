import { pageUrl, Route } from '@/core/routes'
import type { VideoFilter } from './useMyVideos'

/** The reader's own video pages. */
export const myVideoUrl = (opts: { state?: VideoFilter; tab?: 'albums' } = {}): string =>
  pageUrl(Route.myVideo, {
    state: opts.state && opts.state !== 'all' ? opts.state : undefined,
    tab: opts.tab,
  })
export const addVideoUrl = (): string => Route.addVideo
export const editVideoUrl = (id: number): string => pageUrl(Route.addVideo, { id })
export const addAlbumUrl = (): string => Route.addAlbum
export const albumEditUrl = (id: number): string => pageUrl(Route.albumDetail, { id })
