/**
 * 报名 (post): an entry for an activity — a title, a text and images (as many as the activity
 * allows, through the image uploader) — checked here with the rules the server applies
 * (rules/activities), then Apply; done, the reader goes on to 我的参与.
 */
import { useState } from 'react'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { checkUploads } from '@/components/ImageUploader/uploads'
import { useImageUploads } from '@/components/ImageUploader/useImageUploads'
import { finishWith } from '@/core/finish'
import { usePageData } from '@/core/usePageData'
import { useStores } from '@/stores'
import type { ActivityDetail } from '@/types/api/activities'
import { ActivityLimits, ActivityText, entryBodyError, entryTitleError } from '@rules/activities'
import { applyEntry } from './api'
import { activityMineUrl } from './links'
import { loadActivity } from './useActivity'

export interface EntryDraft {
  title: string
  content: string
}

/** Pure: the form's first problem, or null. */
export function entryFormError(
  draft: EntryDraft,
  imageCount: number,
  imageMax: number,
): string | null {
  return entryTitleError(draft.title) ?? entryBodyError(draft.content, imageCount, imageMax)
}

/** Pure: why this reader cannot apply to the activity now, or null. */
export function applyBlocked(activity: ActivityDetail): string | null {
  if (activity.mine?.entryId) return ActivityText.alreadyApplied
  if (activity.applyOpen) return null
  return activity.phase === 'upcoming' ? ActivityText.applyNotStarted : ActivityText.applyEnded
}

export const APPLIED_TEXT = '报名成功'

export function useApply(activityId: number) {
  const { session } = useStores()
  const page = usePageData(() => loadActivity(activityId, false), [activityId, session.isLoggedIn])
  const imageMax = Math.min(page.data?.entryImageMax ?? 0, ActivityLimits.entryImagesMax)
  // The uploader's room follows the activity once it is known (0: text only).
  const uploads = useImageUploads(Math.max(imageMax, 0))
  const [draft, setDraft] = useState<EntryDraft>({ title: '', content: '' })
  const [sent, setSent] = useState(false)
  const form = useFormSubmit('报名失败', () =>
    entryFormError(draft, uploads.items.length, imageMax),
  )

  const change = (patch: Partial<EntryDraft>) => setDraft((d) => ({ ...d, ...patch }))

  const submit = () => {
    if (sent) return
    const problem =
      entryFormError(draft, uploads.items.length, imageMax) ?? checkUploads(uploads.items)
    return form.submit(problem, async () => {
      const content = draft.content.trim()
      await applyEntry({
        activityId,
        title: draft.title.trim(),
        ...(content ? { content } : {}),
        ...(uploads.urls.length ? { images: uploads.urls } : {}),
      })
      setSent(true)
      finishWith(APPLIED_TEXT, { redirect: activityMineUrl(activityId) })
    })
  }

  return {
    activity: page.data,
    error: page.error,
    blocked: page.data ? applyBlocked(page.data) : null,
    imageMax,
    draft,
    change,
    uploads,
    form,
    busy: form.busy || sent,
    submit,
  }
}
