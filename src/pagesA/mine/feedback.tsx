import { Input, Text, Textarea, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import ImageUploader from '@/components/ImageUploader'
import LoginRequired from '@/components/LoginRequired'
import { Route } from '@/core/routes'
import { FEEDBACK_MAX_CHARS, FEEDBACK_MAX_IMAGES, FEEDBACK_TYPES } from '@/features/social/feedback'
import { useSuggestion } from '@/features/social/useSuggestion'
import { useStores } from '@/stores'
import './feedback.scss'

const openList = () =>
  Taro.navigateTo({ url: Route.feedbackList }).catch(() =>
    Taro.redirectTo({ url: Route.feedbackList }).catch(() => undefined),
  )

/** A suggestion or complaint to the operators: text, up to four images, an optional contact. */
function FeedbackPage() {
  const { session } = useStores()
  const { draft, change, uploads, form, sent, submit } = useSuggestion()

  if (!session.isLoggedIn) return <LoginRequired kind="feedback" text="登录后才能提交反馈" />

  return (
    <View className="page feedback">
      <View className="card">
        <Text className="feedback__label">反馈类型</Text>
        <View className="feedback__chips">
          {FEEDBACK_TYPES.map(({ type, label }) => (
            <Text
              key={type}
              className={
                type === draft.type ? 'feedback__chip feedback__chip--active' : 'feedback__chip'
              }
              data-testid={`feedback-type-${type}`}
              onClick={() => change({ type })}
            >
              {label}
            </Text>
          ))}
        </View>
      </View>

      <View className="card">
        <Text className="feedback__label">反馈内容</Text>
        <Textarea
          className="feedback__input"
          name="content"
          value={draft.content}
          maxlength={FEEDBACK_MAX_CHARS}
          placeholder={
            draft.type === 'complaint'
              ? '请描述你要投诉的问题，我们会尽快处理'
              : '请写下你的建议，帮助我们做得更好'
          }
          disableDefaultPadding
          onInput={(e) => change({ content: e.detail.value })}
        />
        <Text className="feedback__counter" data-testid="feedback-counter">
          {[...draft.content].length}/{FEEDBACK_MAX_CHARS}
        </Text>
      </View>

      <View className="card">
        <Text className="feedback__label">
          图片<Text className="muted">（选填，最多{FEEDBACK_MAX_IMAGES}张）</Text>
        </Text>
        <ImageUploader uploads={uploads} testPrefix="feedback" />
      </View>

      <View className="card">
        <Text className="feedback__label">联系方式</Text>
        <Input
          className="feedback__contact"
          name="contact"
          value={draft.contact}
          maxlength={64}
          placeholder="手机号或邮箱（选填），方便我们联系你"
          onInput={(e) => change({ contact: e.detail.value })}
        />
      </View>

      <View className="page-pad feedback__foot">
        <FormError text={form.error} />
        <View data-testid="feedback-submit">
          <SubmitButton busy={form.busy || sent} onClick={() => void submit()}>
            提交
          </SubmitButton>
        </View>
        <View className="feedback__aside">
          <Text className="link" data-testid="feedback-list-link" onClick={() => void openList()}>
            我的反馈
          </Text>
        </View>
      </View>
    </View>
  )
}

export default observer(FeedbackPage)
