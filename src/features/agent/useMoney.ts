/**
 * 资金明细: my balance (the agent detail), the withdrawal form (yuan typed with at most two
 * decimals, converted once to fen, checked as the server does: a card, at least ¥1.00, at most the
 * balance), and the two lists: the bill (commission +, withdrawals −) and my withdrawals. A
 * withdrawal asked for reloads all three.
 */
import { useState } from 'react'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { useLiveList } from '@/components/PagedList/useLiveList'
import type { BillLine, Withdrawal } from '@/types/api/agent'
import { AGENT_PAGE_SIZE, fetchBill, fetchWithdrawals, withdraw } from './api'
import { DoneText, showDone } from './done'
import { withdrawAllText, withdrawCheck } from './format'
import { useAgentDetail } from './useAgentHome'

export type MoneyTab = 'bill' | 'withdrawals'

export const MONEY_TABS: readonly { key: MoneyTab; label: string }[] = [
  { key: 'bill', label: '账单' },
  { key: 'withdrawals', label: '提现记录' },
]

export function useMoney(loggedIn: boolean) {
  const detail = useAgentDetail(loggedIn)
  const [amount, setAmount] = useState('')
  const [tab, setTab] = useState<MoneyTab>('bill')
  const balanceFen = detail.data?.balanceFen ?? 0
  const hasCard = detail.data?.hasCard ?? false
  const form = useFormSubmit('提现失败', () => withdrawCheck(amount, balanceFen, hasCard).error)

  const bill = useLiveList<BillLine>({
    fetchPage: fetchBill,
    pageSize: AGENT_PAGE_SIZE,
    keyOf: (line) => line.key,
    versionOf: (line) => line.state,
    active: loggedIn && tab === 'bill',
  })
  const withdrawals = useLiveList<Withdrawal>({
    fetchPage: fetchWithdrawals,
    pageSize: AGENT_PAGE_SIZE,
    keyOf: (w) => w.id,
    versionOf: (w) => w.state,
    active: loggedIn && tab === 'withdrawals',
  })

  const submit = () => {
    const checked = withdrawCheck(amount, balanceFen, hasCard)
    return form.submit(checked.error, async () => {
      if (checked.fen === null) return
      await withdraw(checked.fen)
      showDone(DoneText.withdrawn)
      setAmount('')
      void detail.reload()
      bill.reload()
      withdrawals.reload()
    })
  }

  /** 全部提现: the whole balance (at most one withdrawal's largest), in yuan. */
  const fillAll = () => setAmount(withdrawAllText(balanceFen))

  return {
    detail: detail.data,
    error: detail.error,
    retry: () => void detail.reload(),
    amount,
    setAmount,
    fillAll,
    form,
    submit,
    tab,
    setTab,
    bill,
    withdrawals,
  }
}
