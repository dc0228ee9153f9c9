import PagedList from '@/components/PagedList'
import { VIDEO_PAGE_SIZE, fetchUserVideos } from '../../api'
import VideoCard from '../VideoCard'

interface Props {
  userId: number
  emptyText: string
}

/** A person's published videos, newest first: a page-level list (pull-down, paging). */
export default function UserVideos({ userId, emptyText }: Props) {
  return (
    <PagedList
      load={(page) => fetchUserVideos(userId, page, VIDEO_PAGE_SIZE)}
      keyOf={(video) => video.id}
      renderItem={(video) => <VideoCard video={video} />}
      emptyText={emptyText}
      emptyKind="generic"
    />
  )
}
