/**
 * The complaint form (pagesA/friend/feedback): the reasons to choose from (loaded once logged in,
 * with a retry), the chosen reason, the description and pictures, and sending it once.
 */
import { useState } from 'react'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { checkUploads } from '@/components/ImageUploader/uploads'
import { useImageUploads } from '@/components/ImageUploader/useImageUploads'
import { finishWith } from '@/core/finish'
import { Route } from '@/core/routes'
import { usePageData } from '@/core/usePageData'
import { addComplaint, fetchComplaintReasons } from './api'
import {
  checkFeedbackText,
  FEEDBACK_MAX_IMAGES,
  FeedbackText,
  type ComplaintTargetType,
} from './feedback'

export interface ComplaintTarget {
  targetType: ComplaintTargetType
  targetId: number
}

export function useComplaint(target: ComplaintTarget | null, loggedIn: boolean) {
  const reasons = usePageData(
    () => (loggedIn ? fetchComplaintReasons() : Promise.resolve(undefined)),
    [loggedIn],
  )
  const [reasonId, setReasonId] = useState<number | null>(null)
  const [content, setContent] = useState('')
  const uploads = useImageUploads(FEEDBACK_MAX_IMAGES)
  const [sent, setSent] = useState(false)
  const form = useFormSubmit('提交失败')

  const edited = () => {
    if (form.error) form.setError('')
  }
  const choose = (id: number) => {
    setReasonId(id)
    edited()
  }
  const write = (value: string) => {
    setContent(value)
    edited()
  }

  const submit = () => {
    if (sent || !target) return
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
      // Opened by a link (nothing to go back to): the home tab instead.
      finishWith('投诉已提交', { backOr: Route.home })
    })
  }

  return { reasons, reasonId, choose, content, write, uploads, form, sent, submit }
}
