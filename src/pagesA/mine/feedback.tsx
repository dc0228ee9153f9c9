import { Input, Text, Textarea, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, useState } from 'react'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import ImageUploader from '@/components/ImageUploader'
import { checkUploads } from '@/components/ImageUploader/uploads'
import { useImageUploads } from '@/components/ImageUploader/useImageUploads'
import LoginRequired from '@/components/LoginRequired'
import { addFeedback } from '@/features/social/api'
import {
  checkContact,
  checkFeedbackText,
  FEEDBACK_MAX_CHARS,
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_TYPES,
} from '@/features/social/feedback'
import { useStores } from '@/stores'
import type { FeedbackType } from '@/types/api/social'
import './feedback.scss'

const LIST_URL = '/pagesA/mine/feedbackList'
const DONE_DELAY_MS = 800
const DRAFT_KEY = 'feedback_draft'

interface Draft {
  type: FeedbackType
  content: string
  contact: string
}

/** The unsent text, kept on the device until it is sent (the images are not kept). */
function readDraft(): Draft {
  const empty: Draft = { type: 'suggestion', content: '', contact: '' }
  try {
    const value: unknown = Taro.getStorageSync(DRAFT_KEY)
    if (!value || typeof value !== 'object') return empty
    const d = value as Partial<Draft>
    return {
      type: d.type === 'complaint' ? 'complaint' : 'suggestion',
      content: typeof d.content === 'string' ? d.content : '',
      contact: typeof d.contact === 'string' ? d.contact : '',
    }
  } catch {
    return empty
  }
}

function writeDraft(draft: Draft | null): void {
  try {
    if (draft && (draft.content || draft.contact)) Taro.setStorageSync(DRAFT_KEY, draft)
    else Taro.removeStorageSync(DRAFT_KEY)
  } catch {
    // a full or unavailable storage only loses the draft
  }
}

const openList = () =>
  Taro.navigateTo({ url: LIST_URL }).catch(() =>
    Taro.redirectTo({ url: LIST_URL }).catch(() => undefined),
  )

/** A suggestion or complaint to the operators: text, up to four images, an optional contact. */
function FeedbackPage() {
  const { session } = useStores()
  const [draft, setDraft] = useState<Draft>(readDraft)
  const uploads = useImageUploads(FEEDBACK_MAX_IMAGES)
  const [sent, setSent] = useState(false)
  const form = useFormSubmit('提交失败')
  const doneTimer = useRef<ReturnType<typeof setTimeout> | null>(null)

  // Leaving before the delayed redirect must not redirect the page shown next.
  useEffect(
    () => () => {
      if (doneTimer.current) clearTimeout(doneTimer.current)
    },
    [],
  )

  if (!session.isLoggedIn) return <LoginRequired kind="feedback" text="登录后才能提交反馈" />

  const change = (patch: Partial<Draft>) => {
    const next = { ...draft, ...patch }
    setDraft(next)
    writeDraft(next)
    if (form.error) form.setError('')
  }

  const submit = () => {
    if (sent) return
    const problem =
      checkFeedbackText(draft.content, true) ||
      checkContact(draft.contact) ||
      checkUploads(uploads.items)
    return form.submit(problem, async () => {
      const contact = draft.contact.trim()
      await addFeedback({
        type: draft.type,
        content: draft.content.trim(),
        images: uploads.urls,
        ...(contact ? { contact } : {}),
      })
      writeDraft(null)
      setSent(true)
      void Taro.showToast({ title: '提交成功', icon: 'success' })
      doneTimer.current = setTimeout(() => {
        void Taro.redirectTo({ url: LIST_URL }).catch(() => undefined)
      }, DONE_DELAY_MS)
    })
  }

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
