import { usePageData } from '@/core/usePageData'
import { useStores } from '@/stores'
import { VideoLimits } from '@rules/video'
import { fetchAlbumTags, fetchAlbums, fetchChannels } from '../api'

/** The channels a form offers (loaded once). */
export const useChannels = () => usePageData(fetchChannels, [])

/** The album tags a form offers (loaded once). */
export const useAlbumTags = () => usePageData(fetchAlbumTags, [])

/** My albums, for the 专辑 choice of the publish and edit forms (the first page is plenty). */
export function useMyAlbums() {
  const { session } = useStores()
  const userId = session.user?.user_id ?? 0
  return usePageData(
    async () =>
      userId
        ? (await fetchAlbums({ userId, page: 1, pageSize: VideoLimits.pageSizeMax })).list
        : [],
    [userId],
  )
}
