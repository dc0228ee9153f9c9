import { Text, Textarea, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useCallback, useEffect, useRef, useState } from 'react'
import Empty from '@/components/Empty'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import ImageUploader from '@/components/ImageUploader'
import { checkUploads } from '@/components/ImageUploader/uploads'
import { useImageUploads } from '@/components/ImageUploader/useImageUploads'
import LoginRequired from '@/components/LoginRequired'
import { addComplaint, fetchComplaintReasons } from '@/features/social/api'
import {
  checkFeedbackText,
  FEEDBACK_MAX_CHARS,
  FEEDBACK_MAX_IMAGES,
  FeedbackText,
  parseComplaintTarget,
  TARGET_LABELS,
} from '@/features/social/feedback'
import { useStores } from '@/stores'
import type { ComplaintReason } from '@/types/api/social'
import './feedback.scss'

const BACK_DELAY_MS = 800

/** A complaint about a user, post or comment (route params `targetType` and `targetId`). */
function ComplaintPage() {
  const { params } = useRouter()
  const target = parseComplaintTarget(params)
  const { session } = useStores()
  const loggedIn = session.isLoggedIn
  const [reasons, setReasons] = useState<ComplaintReason[] | null>(null)
  const [reasonsError, setReasonsError] = useState('')
  const [reasonId, setReasonId] = useState<number | null>(null)
  const [content, setContent] = useState('')
  const uploads = useImageUploads(FEEDBACK_MAX_IMAGES)
  const [sent, setSent] = useState(false)
  const form = useFormSubmit('提交失败')
  const backTimer = useRef<ReturnType<typeof setTimeout> | null>(null)

  const loadReasons = useCallback(() => {
    setReasonsError('')
    fetchComplaintReasons()
      .then(setReasons)
      .catch((err: unknown) =>
        setReasonsError(err instanceof Error && err.message ? err.message : '加载失败'),
      )
  }, [])

  useEffect(() => {
    if (loggedIn && !reasons) loadReasons()
  }, [loggedIn, reasons, loadReasons])

  // Leaving before the delayed back must not take the person one page further back.
  useEffect(
    () => () => {
      if (backTimer.current) clearTimeout(backTimer.current)
    },
    [],
  )

  if (!target) return <Empty kind="error" text="投诉对象不存在" />
  if (!loggedIn) return <LoginRequired kind="feedback" text="登录后才能投诉" />
  if (target.targetType === 'user' && target.targetId === session.user?.user_id) {
    return <Empty kind="feedback" text="不能投诉自己" />
  }

  const onInput = (value: string) => {
    setContent(value)
    if (form.error) form.setError('')
  }

  const choose = (id: number) => {
    setReasonId(id)
    if (form.error) form.setError('')
  }

  const submit = () => {
    if (sent) return
    const problem =
      (reasonId === null ? FeedbackText.reasonRequired : null) ||
      checkFeedbackText(content, false) ||
      checkUploads(uploads.items)
    return form.submit(problem, async () => {
      const text = content.trim()
      await addComplaint({
        targetType: target.targetType,
        targetId: target.targetId,
        reasonId: reasonId as number,
        images: uploads.urls,
        ...(text ? { content: text } : {}),
      })
      setSent(true)
      void Taro.showToast({ title: '投诉已提交', icon: 'success' })
      backTimer.current = setTimeout(() => {
        // Opened by a link (nothing to go back to): the home tab instead.
        const home = () => Taro.switchTab({ url: '/pages/index/index' }).catch(() => undefined)
        if (Taro.getCurrentPages().length > 1) Taro.navigateBack().catch(home)
        else void home()
      }, BACK_DELAY_MS)
    })
  }

  return (
    <View className="page complaint">
      <View className="complaint__target">
        <Text className="muted">
          投诉对象：{TARGET_LABELS[target.targetType]}（编号 {target.targetId}）
        </Text>
      </View>

      <View className="card">
        <Text className="complaint__label">
          投诉原因<Text className="complaint__required">*</Text>
        </Text>
        {reasons ? (
          reasons.length ? (
            <View className="complaint__reasons">
              {reasons.map((r) => (
                <View
                  key={r.id}
                  className={
                    r.id === reasonId
                      ? 'complaint__reason complaint__reason--active'
                      : 'complaint__reason'
                  }
                  data-testid={`complaint-reason-${r.id}`}
                  onClick={() => choose(r.id)}
                >
                  <View className="complaint__radio" />
                  <Text>{r.name}</Text>
                </View>
              ))}
            </View>
          ) : (
            <Text className="muted">暂无可选的投诉原因</Text>
          )
        ) : (
          <Text className="muted" onClick={reasonsError ? loadReasons : undefined}>
            {reasonsError ? `${reasonsError}，点击重试` : '加载中…'}
          </Text>
        )}
      </View>

      <View className="card">
        <Text className="complaint__label">
          补充说明<Text className="muted">（选填）</Text>
        </Text>
        <Textarea
          className="complaint__input"
          name="content"
          value={content}
          maxlength={FEEDBACK_MAX_CHARS}
          placeholder="请描述具体情况，便于我们核实处理"
          disableDefaultPadding
          onInput={(e) => onInput(e.detail.value)}
        />
        <Text className="complaint__counter" data-testid="complaint-counter">
          {[...content].length}/{FEEDBACK_MAX_CHARS}
        </Text>
      </View>

      <View className="card">
        <Text className="complaint__label">
          图片证据<Text className="muted">（选填，最多{FEEDBACK_MAX_IMAGES}张）</Text>
        </Text>
        <ImageUploader uploads={uploads} testPrefix="complaint" />
      </View>

      <View className="page-pad complaint__foot">
        <FormError text={form.error} />
        <View data-testid="complaint-submit">
          <SubmitButton busy={form.busy || sent} onClick={() => void submit()}>
            提交投诉
          </SubmitButton>
        </View>
      </View>
    </View>
  )
}

export default observer(ComplaintPage)
