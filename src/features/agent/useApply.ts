/**
 * 申请成为吧主: my application's state (GetApplyStatus, silent; again when the page shows, e.g.
 * back from 实名认证) decides what shows: approved → the agent home; pending → the application as
 * sent; rejected → the reason and the form again (filled with what I sent); none → the form. The
 * form is checked with the server's rules (format.ts applyFormError) before Apply.
 */
import { useDidShow } from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { usePageData } from '@/core/usePageData'
import type { ApplyStatus } from '@/types/api/agent'
import { applyAgent, fetchApplyStatus } from './api'
import { DoneText, showDone } from './done'
import { applyFormError, EMPTY_APPLY, type ApplyDraft } from './format'

export function useApply(active: boolean, onApproved: () => void) {
  const status = usePageData<ApplyStatus | null>(
    () => (active ? fetchApplyStatus() : Promise.resolve(null)),
    [active],
    { pullDown: true },
  )
  const [draft, setDraft] = useState<ApplyDraft>(EMPTY_APPLY)
  const data = status.data ?? null
  const verifiedName = data?.verifiedName ?? ''
  const form = useFormSubmit('提交失败', () => applyFormError(draft, verifiedName))
  const approved = useRef(onApproved)
  approved.current = onApproved

  useDidShow(() => {
    // Not while the first load is under way (the page's first show); later shows may follow
    // 实名认证 or a review. (Shown inside the agent home, the view mounts after the first show.)
    if (active && !status.loading) void status.reload()
  })

  const state = data?.state
  useEffect(() => {
    if (state === 'approved') approved.current()
  }, [state])

  // A rejected application's fields fill the form again.
  const refill = data?.state === 'rejected' ? data.application : null
  useEffect(() => {
    if (!refill) return
    setDraft((d) =>
      d === EMPTY_APPLY
        ? {
            realName: refill.realName,
            phone: refill.phone,
            region: refill.region,
            reason: refill.reason,
            agree: false,
          }
        : d,
    )
  }, [refill?.id]) // eslint-disable-line react-hooks/exhaustive-deps

  const change = (patch: Partial<ApplyDraft>) => setDraft((d) => ({ ...d, ...patch }))

  const submit = () =>
    form.submit(applyFormError(draft, verifiedName), async () => {
      const next = await applyAgent({
        realName: draft.realName.trim(),
        phone: draft.phone.trim(),
        region: draft.region.trim(),
        reason: draft.reason.trim(),
        agree: 1,
      })
      status.setData(next)
      showDone(DoneText.applied)
    })

  return {
    status: data,
    error: status.error,
    reload: status.reload,
    retry: () => void status.reload(),
    draft,
    change,
    form,
    submit,
  }
}
