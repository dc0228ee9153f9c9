/**
 * How the agent pages write things, and the forms' checks before a call (pure: no Taro import,
 * unit-tested). The checks say the server's texts (rules/agent AgentText) so a reader sees the same
 * words whichever side refuses.
 */
import { chinaDayText, chinaMinuteText } from '@rules/chinaTime'
import {
  AgentLimits,
  AgentText,
  COMMISSION_STATE_LABELS,
  COUPON_STATE_LABELS,
  isBankCard,
  WITHDRAW_STATE_LABELS,
  yuanToFen,
  type CouponState,
} from '@rules/agent'
import { formatFen } from '@rules/shop'
import { checkRealName, isPhone, textLength } from '@rules/validate'
import type { AgentCoupon, BillLine } from '@/types/api/agent'

/** A unix time's China calendar day: '2025-03-05' ('' for none). */
export const formatDay = (seconds: number | null | undefined): string =>
  seconds ? chinaDayText(seconds) : ''

/** A unix time in China time: '2025-03-05 09:30' ('' for none). */
export const formatTime = (seconds: number | null | undefined): string =>
  seconds ? chinaMinuteText(seconds) : ''

/** A signed amount: '+¥2.99', '-¥1.50'. */
export const signedFen = (fen: number): string => (fen > 0 ? `+${formatFen(fen)}` : formatFen(fen))

/** What a bill line's state is called: a commission's (待结算…) or a withdrawal's (处理中…). */
export function billStateLabel(line: BillLine): string {
  const labels: Record<string, string> =
    line.kind === 'withdraw' ? WITHDRAW_STATE_LABELS : COMMISSION_STATE_LABELS
  return labels[line.state] ?? ''
}

/** A coupon's threshold as readers see it: '满¥20.00可用'. */
export const thresholdText = (minOrderFen: number): string => `满${formatFen(minOrderFen)}可用`

/** Expired: no longer usable or givable (a used one is simply used). */
export const couponExpired = (
  coupon: Pick<AgentCoupon, 'expiresAt' | 'state'>,
  nowMs: number,
): boolean => coupon.state !== 'used' && coupon.expiresAt * 1000 <= nowMs

export function couponStateLabel(
  coupon: Pick<AgentCoupon, 'expiresAt' | 'state'>,
  nowMs: number,
): string {
  if (couponExpired(coupon, nowMs) && coupon.state !== 'reserved') return '已过期'
  return COUPON_STATE_LABELS[coupon.state as CouponState]
}

/** Pure: a failure that says the reader is no agent (403 '您还不是吧主'). */
export const isNotAgent = (error: string | null | undefined): boolean =>
  error === AgentText.notAgent

/** An unissued coupon an agent can still give. */
export const canGive = (coupon: AgentCoupon, nowMs: number): boolean =>
  coupon.state === 'unissued' && !couponExpired(coupon, nowMs)

/**
 * Whether a name as typed can be the verified name the server shows masked ('林**': the first
 * character, then one * per character).
 */
export function matchesMaskedName(name: string, masked: string): boolean {
  const typed = [...name.trim()]
  const shown = [...masked]
  if (typed.length !== shown.length || shown.length === 0) return false
  return shown.every((ch, i) => ch === '*' || ch === typed[i])
}

// ---- the application ------------------------------------------------------------------------

export interface ApplyDraft {
  realName: string
  phone: string
  region: string
  reason: string
  agree: boolean
}

export const EMPTY_APPLY: ApplyDraft = {
  realName: '',
  phone: '',
  region: '',
  reason: '',
  agree: false,
}

/**
 * The application's first problem, or null; `verifiedName` is the masked verified name. The name
 * says what the server says: blank, the contract's '请输入正确的真实姓名'; not 2-4 汉字, the
 * real-name rule's own text (rules/validate checkRealName).
 */
export function applyFormError(draft: ApplyDraft, verifiedName: string): string | null {
  if (!verifiedName) return AgentText.realNameNeeded
  const name = draft.realName.trim()
  if (!name) return AgentText.realNameInvalid
  const nameProblem = checkRealName(name)
  if (nameProblem) return nameProblem
  if (!matchesMaskedName(name, verifiedName)) return AgentText.realNameMismatch
  if (!isPhone(draft.phone.trim())) return AgentText.phoneInvalid
  const region = textLength(draft.region.trim())
  if (region === 0) return AgentText.regionMissing
  if (region > AgentLimits.regionMaxChars) return AgentText.regionTooLong
  const reason = textLength(draft.reason.trim())
  if (reason < AgentLimits.reasonMinChars) return AgentText.reasonTooShort
  if (reason > AgentLimits.reasonMaxChars) return AgentText.reasonTooLong
  if (!draft.agree) return AgentText.agreementNeeded
  return null
}

// ---- withdrawal -----------------------------------------------------------------------------

/**
 * The withdrawal's amount in fen, or the first problem: no card, not a 2-decimal amount, under
 * the minimum, over the maximum, over the balance.
 */
export function withdrawCheck(
  amountText: string,
  balanceFen: number,
  hasCard: boolean,
): { fen: number; error: null } | { fen: null; error: string } {
  if (!hasCard) return { fen: null, error: AgentText.cardMissing }
  const fen = yuanToFen(amountText)
  if (fen === null) return { fen: null, error: AgentText.amountInvalid }
  if (fen < AgentLimits.withdrawMinFen) return { fen: null, error: AgentText.amountTooSmall }
  if (fen > AgentLimits.withdrawMaxFen) return { fen: null, error: AgentText.amountTooLarge }
  if (fen > balanceFen) return { fen: null, error: AgentText.overBalance }
  return { fen, error: null }
}

/**
 * 全部: the amount to type for withdrawing all that one withdrawal may take (the balance, at most
 * the largest withdrawal), in yuan with two decimals, from integer fen ('' for nothing).
 */
export function withdrawAllText(balanceFen: number): string {
  const fen = Math.min(Math.max(0, Math.trunc(balanceFen)), AgentLimits.withdrawMaxFen)
  return fen > 0 ? formatFen(fen).slice(1) : ''
}

// ---- the withdrawal card ----------------------------------------------------------------------

export interface CardDraft {
  holder: string
  bank: string
  cardNo: string
}

export const EMPTY_CARD: CardDraft = { holder: '', bank: '', cardNo: '' }

/** The card's digits as sent (spaces dropped). */
export const cardDigits = (cardNo: string): string => cardNo.replace(/\s+/g, '')

export function cardFormError(draft: CardDraft, verifiedName: string): string | null {
  if (!verifiedName) return AgentText.realNameNeeded
  if (!matchesMaskedName(draft.holder, verifiedName)) return AgentText.holderMismatch
  const bank = textLength(draft.bank.trim())
  if (bank === 0) return AgentText.bankMissing
  if (bank > AgentLimits.bankMaxChars) return AgentText.bankTooLong
  if (!isBankCard(draft.cardNo)) return AgentText.cardInvalid
  return null
}

export { paragraphs } from '@/core/plainText'
