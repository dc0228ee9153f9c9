import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useRef } from 'react'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { useLiveList } from '@/components/PagedList/useLiveList'
import { resolveAssetUrl } from '@/core/assets'
import { formatMessageTime } from '@/core/time'
import { deleteFeedback, fetchMyFeedback } from '@/features/social/api'
import { feedbackStatusLabel, feedbackTypeLabel, TARGET_LABELS } from '@/features/social/feedback'
import { useStores } from '@/stores'
import type { Feedback } from '@/types/api/social'
import './feedbackList.scss'

const PAGE_SIZE = 10

interface ItemProps {
  item: Feedback
  onDelete: () => void
}

function FeedbackItem({ item: f, onDelete }: ItemProps) {
  const urls = f.images.map(resolveAssetUrl)
  return (
    <View className="feedback-item" data-testid={`feedback-item-${f.id}`}>
      <View className="feedback-item__head">
        <Text
          className={
            f.type === 'complaint'
              ? 'feedback-item__type feedback-item__type--complaint'
              : 'feedback-item__type'
          }
        >
          {feedbackTypeLabel(f.type)}
        </Text>
        {f.targetType && (
          <Text className="muted feedback-item__target">投诉{TARGET_LABELS[f.targetType]}</Text>
        )}
        <Text
          className={
            f.status === 1
              ? 'feedback-item__status feedback-item__status--done'
              : 'feedback-item__status'
          }
          data-testid={`feedback-status-${f.id}`}
        >
          {feedbackStatusLabel(f.status)}
        </Text>
      </View>
      {f.type === 'complaint' && f.reason && (
        <Text className="feedback-item__reason">投诉原因：{f.reason}</Text>
      )}
      {f.content && <Text className="feedback-item__content">{f.content}</Text>}
      {urls.length > 0 && (
        <View className="feedback-item__images">
          {urls.map((url, i) => (
            <Image
              key={`${i}-${url}`}
              className="feedback-item__image"
              src={url}
              mode="aspectFill"
              lazyLoad
              data-testid={`feedback-image-${f.id}-${i}`}
              onClick={() => void Taro.previewImage({ urls, current: url }).catch(() => undefined)}
            />
          ))}
        </View>
      )}
      {f.reply && (
        <View className="feedback-item__reply" data-testid={`feedback-reply-${f.id}`}>
          <Text className="feedback-item__reply-label">官方回复：</Text>
          <Text>{f.reply}</Text>
        </View>
      )}
      <View className="feedback-item__foot">
        <Text className="muted">{formatMessageTime(f.createdAt)}</Text>
        <Text
          className="feedback-item__delete"
          data-testid={`feedback-delete-${f.id}`}
          onClick={onDelete}
        >
          删除
        </Text>
      </View>
    </View>
  )
}

/** My suggestions and complaints, newest first: status, the reply if any; deletable. */
function FeedbackListPage() {
  const { session } = useStores()
  const deleting = useRef(new Set<number>())
  // Written on the feedback page: follow it when this page is shown again.
  const list = useLiveList<Feedback>({
    fetchPage: (page) => fetchMyFeedback(page, PAGE_SIZE),
    pageSize: PAGE_SIZE,
    keyOf: (f) => f.id,
    versionOf: (f) => `${f.status}|${f.reply}`,
    active: session.isLoggedIn,
  })

  const remove = async (f: Feedback) => {
    if (deleting.current.has(f.id)) return
    const { confirm } = await Taro.showModal({
      title: '删除反馈',
      content: `确定删除这条${feedbackTypeLabel(f.type)}吗？删除后无法恢复。`,
      confirmText: '删除',
      confirmColor: '#c0392b',
    })
    if (!confirm) return
    deleting.current.add(f.id)
    try {
      await deleteFeedback(f.id)
      list.remove(f.id)
      void Taro.showToast({ title: '已删除', icon: 'none' })
    } catch {
      // the request layer has shown why
    } finally {
      deleting.current.delete(f.id)
    }
  }

  if (!session.isLoggedIn) return <LoginRequired kind="feedback" text="登录后查看我的反馈" />

  return (
    <View className="page feedback-list">
      <PagedList
        key={list.generation}
        load={list.load}
        keyOf={(f) => f.id}
        renderItem={(f) =>
          list.hidden.has(f.id) ? null : <FeedbackItem item={f} onDelete={() => void remove(f)} />
        }
        emptyText="还没有提交过投诉或建议"
        emptyKind="feedback"
      />
    </View>
  )
}

export default observer(FeedbackListPage)
