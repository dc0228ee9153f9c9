import { Video } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import Empty from '@/components/Empty'
import { resolveAssetUrl } from '@/core/assets'

/** Plays a chat video: `videoUrl` must be one of our uploads (or an http(s) address). */
export default function VideoPlayPage() {
  const { params } = useRouter()
  let url = ''
  try {
    url = decodeURIComponent(String(params.videoUrl ?? ''))
  } catch {
    url = ''
  }
  if (!/^(https?:\/\/|\/uploads\/)/.test(url)) return <Empty kind="error" text="视频地址无效" />
  return (
    <Video
      className="chat-video-play"
      src={resolveAssetUrl(url)}
      autoplay
      controls
      data-testid="chat-video"
    />
  )
}
