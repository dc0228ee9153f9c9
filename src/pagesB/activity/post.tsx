import { Input, Text, Textarea, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import ImageUploader from '@/components/ImageUploader'
import LoginRequired from '@/components/LoginRequired'
import { useApply } from '@/features/activities/useApply'
import { validId } from '@/features/activities/useActivity'
import { useStores } from '@/stores'
import { ActivityLimits } from '@rules/activities'
import './post.scss'

/** 报名: an entry for the activity — a title, a text and images — checked before it is sent. */
function ActivityPostPage() {
  const { params } = useRouter()
  const id = validId(params.id)
  const { session } = useStores()
  const apply = useApply(id)
  const { activity, draft } = apply

  if (!session.isLoggedIn) return <LoginRequired text="登录后才能报名活动" />
  if (apply.error && !activity) return <Empty kind="error" text={apply.error} />
  if (!activity) return <View className="muted activity-post__loading">加载中…</View>
  if (apply.blocked) return <Empty kind="generic" text={apply.blocked} />

  return (
    <View className="page activity-post">
      <View className="card">
        <Text className="activity-post__activity">{activity.title}</Text>
      </View>
      <View className="card">
        <Text className="activity-post__label">作品标题</Text>
        <Input
          className="activity-post__title"
          name="title"
          value={draft.title}
          maxlength={ActivityLimits.entryTitleMaxChars}
          placeholder={`给作品起个标题（${ActivityLimits.entryTitleMaxChars}字以内）`}
          onInput={(e) => apply.change({ title: e.detail.value })}
        />
      </View>
      <View className="card">
        <Text className="activity-post__label">作品内容</Text>
        <Textarea
          className="activity-post__content"
          name="content"
          value={draft.content}
          maxlength={ActivityLimits.entryContentMaxChars}
          placeholder="写下你的作品"
          disableDefaultPadding
          onInput={(e) => apply.change({ content: e.detail.value })}
        />
        <Text className="activity-post__counter">
          {[...draft.content].length}/{ActivityLimits.entryContentMaxChars}
        </Text>
      </View>
      {apply.imageMax > 0 && (
        <View className="card">
          <Text className="activity-post__label">
            图片<Text className="muted">（选填，最多{apply.imageMax}张）</Text>
          </Text>
          <ImageUploader uploads={apply.uploads} testPrefix="entry" />
        </View>
      )}
      <View className="page-pad">
        <FormError text={apply.form.error} />
        <View data-testid="entry-submit">
          <SubmitButton busy={apply.busy} onClick={() => void apply.submit()}>
            提交报名
          </SubmitButton>
        </View>
      </View>
    </View>
  )
}

export default observer(ActivityPostPage)
