import { WebView } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { useEffect } from 'react'
import Empty from '@/components/Empty'
import { safeWebUrl } from '@rules/safeUrl'
import { webviewHosts } from '@/core/webviewHosts'
import { isH5 } from '@/core/platform'

/** Opens a product card's link from a chat message; on the web it opens in a new window instead. */
export default function ChatWebViewPage() {
  const { params } = useRouter()
  const url = safeWebUrl(params.url, webviewHosts())
  useEffect(() => {
    if (isH5() && url) {
      window.open(url, '_blank', 'noopener')
      void Taro.navigateBack()
    }
  }, [url])
  if (!url) return <Empty kind="error" text="链接无效" />
  if (isH5()) return null
  return <WebView src={url} />
}
