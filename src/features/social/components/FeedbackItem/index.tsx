import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { resolveAssetUrl } from '@/core/assets'
import { formatMessageTime } from '@/core/time'
import type { Feedback } from '@/types/api/social'
import { feedbackStatusLabel, feedbackTypeLabel, TARGET_LABELS } from '../../feedback'

interface ItemProps {
  item: Feedback
  onDelete: () => void
}

/** One of my suggestions or complaints: type, target, status, text, pictures, the reply. */
export default function FeedbackItem({ item: f, onDelete }: ItemProps) {
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
