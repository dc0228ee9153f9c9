import { WebView } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import { safeWebUrl } from '@rules/safeUrl'
import { webviewHosts } from '@/core/webviewHosts'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { pageUrl, Route } from '@/core/routes'

/** An activity page on the web, opened by its url parameter; the share link keeps the url. */
function ActivityWebView() {
  const { params } = useRouter()
  const url = safeWebUrl(params.url, webviewHosts())
  const share = useShareCard({
    title: '书友活动',
    path: pageUrl(Route.activity, { url: url ?? '' }),
  })
  if (!url) return <Empty kind="error" text="链接无效" />
  return (
    <>
      <WebView src={url} />
      <ShareButton floating overWebView onShare={share} />
    </>
  )
}

export default observer(ActivityWebView)
