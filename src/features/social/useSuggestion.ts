/**
 * The suggestion-or-complaint form to the operators (pagesA/mine/feedback): type, text and contact
 * kept as a draft on the device until sent (the pictures are not kept), then the list of my feedback.
 */
import { useState } from 'react'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { checkUploads } from '@/components/ImageUploader/uploads'
import { useImageUploads } from '@/components/ImageUploader/useImageUploads'
import { finishWith } from '@/core/finish'
import { Route } from '@/core/routes'
import { useDraft } from '@/core/useDraft'
import type { FeedbackType } from '@/types/api/social'
import { addFeedback } from './api'
import { checkContact, checkFeedbackText, FEEDBACK_MAX_IMAGES } from './feedback'

export const FEEDBACK_DRAFT_KEY = 'feedback_draft'

export interface SuggestionDraft {
  type: FeedbackType
  content: string
  contact: string
}

const EMPTY: SuggestionDraft = { type: 'suggestion', content: '', contact: '' }

export function useSuggestion() {
  const [stored, save, clear] = useDraft<SuggestionDraft>(FEEDBACK_DRAFT_KEY, EMPTY)
  const draft: SuggestionDraft = {
    ...stored,
    type: stored.type === 'complaint' ? 'complaint' : 'suggestion',
  }
  const uploads = useImageUploads(FEEDBACK_MAX_IMAGES)
  const [sent, setSent] = useState(false)
  const form = useFormSubmit('提交失败')

  const change = (patch: Partial<SuggestionDraft>) => {
    save({ ...draft, ...patch })
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
      clear()
      setSent(true)
      finishWith('提交成功', { redirect: Route.feedbackList })
    })
  }

  return { draft, change, uploads, form, sent, submit }
}
