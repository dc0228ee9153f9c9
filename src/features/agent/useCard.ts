/**
 * 提现设置: my withdrawal card (masked) and my masked verified name, and the form to set the card:
 * the holder (my verified name), the bank, the number (its Luhn check digit checked here as on the
 * server); saved, the card shown is the server's (masked) and the form empties.
 */
import { useState } from 'react'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { usePageData } from '@/core/usePageData'
import type { WithdrawCardInfo } from '@/types/api/agent'
import { fetchCardInfo, modifyCard } from './api'
import { DoneText, showDone } from './done'
import { cardDigits, cardFormError, EMPTY_CARD, type CardDraft } from './format'

export function useCard(loggedIn: boolean) {
  const page = usePageData<WithdrawCardInfo | null>(
    () => (loggedIn ? fetchCardInfo() : Promise.resolve(null)),
    [loggedIn],
    { pullDown: true },
  )
  const [draft, setDraft] = useState<CardDraft>(EMPTY_CARD)
  const verifiedName = page.data?.verifiedName ?? ''
  const form = useFormSubmit('保存失败', () => cardFormError(draft, verifiedName))

  const change = (patch: Partial<CardDraft>) => setDraft((d) => ({ ...d, ...patch }))

  const save = () =>
    form.submit(cardFormError(draft, verifiedName), async () => {
      const next = await modifyCard({
        holder: draft.holder.trim(),
        bank: draft.bank.trim(),
        cardNo: cardDigits(draft.cardNo),
      })
      page.setData(next)
      setDraft(EMPTY_CARD)
      showDone(DoneText.saved)
    })

  return {
    info: page.data,
    error: page.error,
    retry: () => void page.reload(),
    draft,
    change,
    form,
    save,
  }
}
