import { Button, Image, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import { resolveAssetUrl } from '@/core/assets'
import { Route } from '@/core/routes'
import AgentError from '@/features/agent/components/AgentError'
import { usePoster } from '@/features/agent/usePoster'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { useStores } from '@/stores'
import './poster.scss'

/**
 * 推广海报: my poster with the QR code of my link; long-press or 保存到相册 (下载海报 on H5), and
 * 分享: the home page with me as referrer.
 */
function AgentPosterPage() {
  const { session } = useStores()
  const page = usePoster(session.isLoggedIn)
  const nickname = session.user?.nickname ?? '书友'
  const share = useShareCard({
    title: `${nickname}邀请你一起读书`,
    desc: '加入书友，一起读经典',
    path: Route.home,
  })
  const { poster } = page

  if (!session.isLoggedIn) return <LoginRequired text="登录后查看推广海报" />
  if (page.error && !poster) return <AgentError text={page.error} onRetry={page.retry} />
  if (!poster) return <View className="muted agent-poster__loading">海报生成中…</View>

  return (
    <View className="page agent-poster">
      <Image
        className="agent-poster__image"
        src={resolveAssetUrl(poster.image)}
        mode="widthFix"
        showMenuByLongpress
        data-testid="poster-image"
      />
      <Text className="muted agent-poster__tip">
        书友扫码或打开分享的链接加入后，即成为您的会员；长按图片也可以保存
      </Text>
      <View className="agent-poster__actions">
        <Button
          className={page.saving ? 'btn-primary is-disabled' : 'btn-primary'}
          data-testid="poster-save"
          onClick={() => void page.save()}
        >
          {page.saving ? '保存中…' : page.saveLabel}
        </Button>
        <ShareButton className="btn-plain" onShare={share} />
      </View>
    </View>
  )
}

export default observer(AgentPosterPage)
