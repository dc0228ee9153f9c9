import { WebView } from '@tarojs/components'
import { useRouter, useShareAppMessage } from '@tarojs/taro'
import Empty from '@/components/Empty'
import { safeWebUrl } from '@/core/safeUrl'
import { webviewHosts } from '@/core/webviewHosts'

/** An activity page on the web, opened by its url parameter; the share link keeps the url. */
export default function ActivityWebView() {
  const { params } = useRouter()
  const url = safeWebUrl(params.url, webviewHosts())
  useShareAppMessage(() => ({
    title: '书友活动',
    path: `/pages/webview/activity?url=${encodeURIComponent(url ?? '')}`,
  }))
  if (!url) return <Empty text="链接无效" />
  return <WebView src={url} />
}
