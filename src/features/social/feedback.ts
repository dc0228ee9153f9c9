/**
 * Feedback and complaint rules shared by the two forms and the list: labels and the client checks
 * before sending (the images: components/ImageUploader). No Taro import: unit-tested.
 */
import { Limits } from '@rules/limits'
import { BLOCKED_TEXT_MESSAGE, findBlockedWords } from '@rules/moderation'
import { isBlank, isEmail, isPhone, textLength } from '@rules/validate'
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
  post: '动态',
  comment: '评论',
}

/** The complaint page's route params, or null when they do not name something to complain about. */
export function parseComplaintTarget(params: {
  targetType?: string
  targetId?: string
}): { targetType: ComplaintTargetType; targetId: number } | null {
  const { targetType } = params
  const targetId = Number(params.targetId)
  if (targetType !== 'user' && targetType !== 'post' && targetType !== 'comment') return null
  if (!Number.isInteger(targetId) || targetId <= 0) return null
  return { targetType, targetId }
}

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
