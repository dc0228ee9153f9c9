import { Text, Textarea, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import ImageUploader from '@/components/ImageUploader'
import LoginRequired from '@/components/LoginRequired'
import ReasonPicker from '@/features/social/components/ReasonPicker'
import {
  complaintTargetText,
  FEEDBACK_MAX_CHARS,
  FEEDBACK_MAX_IMAGES,
  parseComplaintTarget,
} from '@/features/social/feedback'
import { useComplaint } from '@/features/social/useComplaint'
import { useStores } from '@/stores'
import './feedback.scss'

/**
 * A complaint about a user, post or comment (route params `targetType`, `targetId` and, to show it
 * in words, `name`: a nickname or the first words; the id is never shown).
 */
function ComplaintPage() {
  const { params } = useRouter()
  const target = parseComplaintTarget(params)
  const { session } = useStores()
  const loggedIn = session.isLoggedIn
  const c = useComplaint(target, loggedIn)

  if (!target) return <Empty kind="error" text="投诉对象不存在" />
  if (!loggedIn) return <LoginRequired kind="feedback" text="登录后才能投诉" />
  if (target.targetType === 'user' && target.targetId === session.user?.user_id) {
    return <Empty kind="feedback" text="不能投诉自己" />
  }

  return (
    <View className="page complaint">
      <View className="complaint__target">
        <Text className="muted" data-testid="complaint-target">
          投诉对象：{complaintTargetText(target)}
        </Text>
      </View>

      <View className="card">
        <Text className="complaint__label">
          投诉原因<Text className="complaint__required">*</Text>
        </Text>
        <ReasonPicker reasons={c.reasons} chosen={c.reasonId} onChoose={c.choose} />
      </View>

      <View className="card">
        <Text className="complaint__label">
          补充说明<Text className="muted">（选填）</Text>
        </Text>
        <Textarea
          className="complaint__input"
          name="content"
          value={c.content}
          maxlength={FEEDBACK_MAX_CHARS}
          placeholder="请描述具体情况，便于我们核实处理"
          disableDefaultPadding
          onInput={(e) => c.write(e.detail.value)}
        />
        <Text className="complaint__counter" data-testid="complaint-counter">
          {[...c.content].length}/{FEEDBACK_MAX_CHARS}
        </Text>
      </View>

      <View className="card">
        <Text className="complaint__label">
          图片证据<Text className="muted">（选填，最多{FEEDBACK_MAX_IMAGES}张）</Text>
        </Text>
        <ImageUploader uploads={c.uploads} testPrefix="complaint" />
      </View>

      <View className="page-pad complaint__foot">
        <FormError text={c.form.error} />
        <View data-testid="complaint-submit">
          <SubmitButton busy={c.form.busy || c.sent} onClick={() => void c.submit()}>
            提交投诉
          </SubmitButton>
        </View>
      </View>
    </View>
  )
}

export default observer(ComplaintPage)
