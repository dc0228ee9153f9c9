import { Button, Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import { formatMessageTime } from '@/core/time'
import { requireLogin } from '@/features/account/requireLogin'
import DocThumb from '@/features/documents/components/DocThumb'
import StateChip from '@/features/documents/components/StateChip'
import { docMeta, docStateChip, readCountText } from '@/features/documents/format'
import { docDetailUrl, docReaderUrl } from '@/features/documents/links'
import { useDocDetail } from '@/features/documents/useDocDetail'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { useStores } from '@/stores'
import './detail.scss'

/** A document of the library (or one of mine): what it is, 阅读, 收藏 and 分享. */
function DocDetailPage() {
  const { params } = useRouter()
  const id = Number(params.id)
  const { session } = useStores()
  const { doc, error, collecting, toggleCollect } = useDocDetail(id)

  const share = useShareCard({
    title: doc ? doc.title : '书友文库',
    desc: doc ? doc.intro || docMeta(doc) : '',
    image: doc?.thumb,
    path: docDetailUrl(id),
  })

  if (error && !doc) return <Empty kind="error" text={error} />
  if (!doc) return <View className="muted doc-detail__loading">加载中…</View>

  return (
    <View className="page doc-detail">
      <View className="doc-detail__head">
        <DocThumb thumb={doc.thumb} fileType={doc.fileType} width={200} />
        <View className="doc-detail__meta">
          <Text className="doc-detail__title">{doc.title}</Text>
          <Text className="muted">{doc.categoryName}</Text>
          <Text className="muted">{docMeta(doc)}</Text>
          <Text className="muted">{readCountText(doc.readCount)}</Text>
          <Text className="muted">
            {doc.ownerNickname ? `上传者：${doc.ownerNickname}` : '官方文档'} ·{' '}
            {formatMessageTime(doc.createdAt * 1000)}
          </Text>
          {doc.mine && (
            <View className="doc-detail__state">
              <StateChip chip={docStateChip(doc)} testId="doc-state" />
            </View>
          )}
        </View>
      </View>

      <View className="doc-detail__actions">
        <Button
          className="btn-primary doc-detail__read"
          data-testid="doc-read"
          onClick={() => void Taro.navigateTo({ url: docReaderUrl(doc.id) })}
        >
          阅读
        </Button>
        <Button
          className="btn-plain doc-detail__btn"
          data-testid="collect"
          disabled={collecting}
          onClick={() => requireLogin(session, () => void toggleCollect())}
        >
          {doc.collected ? '已收藏' : '收藏'}
        </Button>
        <ShareButton className="btn-plain doc-detail__btn" onShare={share} />
      </View>

      <View className="doc-detail__section">
        <Text className="doc-detail__section-title">简介</Text>
        <Text className="doc-detail__intro">{doc.intro || '暂无简介'}</Text>
      </View>
    </View>
  )
}

export default observer(DocDetailPage)
