/**
 * Feedback and complaint rules shared by the two forms and the list: labels and the client checks
 * before sending (the images: components/ImageUploader). No Taro import: unit-tested.
 */
import { pageParam } from '@/core/routes'
import { Limits } from '@rules/limits'
import { BLOCKED_TEXT_MESSAGE, findBlockedWords } from '@rules/moderation'
import { clipText, isBlank, isEmail, isPhone, textLength } from '@rules/validate'
import type { ComplaintReq, Feedback, FeedbackType } from '@/types/api/social'

export const FEEDBACK_MAX_CHARS = Limits.feedbackMaxChars
export const FEEDBACK_MAX_IMAGES = Limits.feedbackMaxImages

export const FEEDBACK_TYPES: ReadonlyArray<{ type: FeedbackType; label: string }> = [
  { type: 'suggestion', label: '建议' },
  { type: 'complaint', label: '投诉' },
]

export const FeedbackText = {
  contentRequired: '请输入反馈内容',
  contentTooLong: `内容不能超过${FEEDBACK_MAX_CHARS}字`,
  contactInvalid: '请输入正确的手机号或邮箱',
  reasonRequired: '请选择投诉原因',
} as const

export const feedbackTypeLabel = (type: FeedbackType): string =>
  type === 'complaint' ? '投诉' : '建议'

export const feedbackStatusLabel = (status: Feedback['status']): string =>
  status === 1 ? '已处理' : '已受理'

export type ComplaintTargetType = ComplaintReq['targetType']

export const TARGET_LABELS: Readonly<Record<ComplaintTargetType, string>> = {
  user: '用户',
  post: '读后感',
  comment: '评论',
}

/** How much of a name or a text the complaint page shows of what is complained about. */
export const COMPLAINT_NAME_CHARS = 16

/**
 * What the complaint page shows of its target (a nickname, the first words of a post or a
 * comment): one line, at most COMPLAINT_NAME_CHARS characters, '…' when cut; '' for none.
 */
export function complaintName(text: string | undefined | null): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim()
  if (textLength(line) <= COMPLAINT_NAME_CHARS) return line
  return `${clipText(line, COMPLAINT_NAME_CHARS)}…`
}

/** The complaint page's URL query for a target, named in words (`name`) rather than by its id. */
export const complaintQuery = (
  targetType: ComplaintTargetType,
  targetId: number,
  name?: string,
) => ({
  targetType,
  targetId,
  name: complaintName(name) || undefined,
})

export interface ComplaintPageTarget {
  targetType: ComplaintTargetType
  targetId: number
  /** What it is in words ('' when the opener did not say). */
  name: string
}

/** The complaint page's route params, or null when they do not name something to complain about. */
export function parseComplaintTarget(params: {
  targetType?: string
  targetId?: string
  name?: string
}): ComplaintPageTarget | null {
  const { targetType } = params
  const targetId = Number(params.targetId)
  if (targetType !== 'user' && targetType !== 'post' && targetType !== 'comment') return null
  if (!Number.isInteger(targetId) || targetId <= 0) return null
  return { targetType, targetId, name: complaintName(pageParam(params.name ?? '')) }
}

/** What a complaint is about, as the page says it: its kind, and its name when known; no id. */
export const complaintTargetText = (target: ComplaintPageTarget): string =>
  target.name
    ? `${TARGET_LABELS[target.targetType]}“${target.name}”`
    : TARGET_LABELS[target.targetType]

/**
 * The text of a suggestion or a complaint: required for a suggestion (`required`), optional for a
 * complaint's description; at most FEEDBACK_MAX_CHARS characters after trimming; no blocked words.
 */
export function checkFeedbackText(text: string, required: boolean): string | null {
  const content = text.trim()
  if (!content) return required ? FeedbackText.contentRequired : null
  if (textLength(content) > FEEDBACK_MAX_CHARS) return FeedbackText.contentTooLong
  if (findBlockedWords(content).length) return BLOCKED_TEXT_MESSAGE
  return null
}

/** The optional contact: blank, or a phone number (app-spec section 5), or an e-mail address. */
export function checkContact(contact: string): string | null {
  if (isBlank(contact)) return null
  const value = contact.trim()
  return isPhone(value) || isEmail(value) ? null : FeedbackText.contactInvalid
}
