import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import { Limits, Rates } from '@rules/limits'
import { BLOCKED_TEXT_MESSAGE } from '@rules/moderation'
import { isEmail, isPhone, textLength } from '@rules/validate'
import type { Page } from '@api/envelope'
import {
  FEEDBACK_NOT_FOUND,
  IMAGE_INVALID,
  REASON_INVALID,
  TARGET_NOT_FOUND,
  type ComplaintReason,
  type Feedback,
  type FeedbackType,
  type TargetType,
} from '@api/social'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { comments, complaintReasons, feedback, posts, uploads, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest, forbidden, notFound } from '../../http/errors'
import { refuseOverRate } from '../../http/rates'
import { pageOf, type Paging } from '../../http/paging'
import { lockCaller } from '../../db/users'
import { moderateText } from '../common/moderation'
import { parseUploadUrl, UPLOAD_URL_PREFIX } from '../common/uploadNames'

export {
  FEEDBACK_NOT_FOUND,
  FEEDBACK_TYPE_INVALID,
  REASON_INVALID,
  TARGET_NOT_FOUND,
  TARGET_TYPE_INVALID,
} from '@api/social'
export const FEEDBACK_EMPTY = '请输入反馈内容'
export const FEEDBACK_TOO_LONG = `反馈内容不能超过${Limits.feedbackMaxChars}字`
export const TOO_MANY_IMAGES = `最多上传${Limits.feedbackMaxImages}张图片`
export const CONTACT_INVALID = '联系方式格式不正确'
export const CONTACT_MAX_CHARS = 50
export const FEEDBACK_NOT_YOURS = '只能删除自己的反馈'
export const TARGET_SELF = '不能投诉自己'

/** Suggestions and complaints together: at most this many per person in an hour. */

// ---- input checks (pure) -------------------------------------------------------------------

/** The text as stored: trimmed, at most feedbackMaxChars characters; empty only when optional. */
export function checkFeedbackContent(raw: string, required: boolean): string {
  const content = raw.trim()
  if (content === '' && required) throw badRequest(FEEDBACK_EMPTY)
  if (textLength(content) > Limits.feedbackMaxChars) throw badRequest(FEEDBACK_TOO_LONG)
  return content
}

/**
 * An optional contact, checked loosely: a mobile number (spaces and dashes allowed between the
 * digits) or an e-mail address, at most 50 characters.
 */
export function checkContact(raw: string): string {
  const contact = raw.trim()
  if (contact === '') return ''
  if (textLength(contact) > CONTACT_MAX_CHARS) throw badRequest(CONTACT_INVALID)
  if (isPhone(contact.replace(/[\s-]/g, '')) || isEmail(contact)) return contact
  throw badRequest(CONTACT_INVALID)
}

// ---- complaint reasons ----------------------------------------------------------------------

/** GET /api/utils/find/App/UtilsComplaintList: by sort, then id. */
export async function listComplaintReasons(app: AppContext): Promise<ComplaintReason[]> {
  return app.db
    .select({ id: complaintReasons.id, name: complaintReasons.name })
    .from(complaintReasons)
    .orderBy(asc(complaintReasons.sort), asc(complaintReasons.id))
}

// ---- storing ---------------------------------------------------------------------------------

/**
 * The images as stored ('/uploads/<name>', duplicates dropped, order kept): each must be an upload
 * of the caller's (a path or an absolute URL of one), at most feedbackMaxImages.
 */
async function checkImages(tx: Db, userId: number, raw: string[]): Promise<string[]> {
  const names: string[] = []
  for (const url of raw) {
    const name = parseUploadUrl(url)
    if (name === null) throw badRequest(IMAGE_INVALID)
    if (!names.includes(name)) names.push(name)
  }
  if (names.length > Limits.feedbackMaxImages) throw badRequest(TOO_MANY_IMAGES)
  if (names.length === 0) return []
  const [owned] = await tx
    .select({ n: count() })
    .from(uploads)
    .where(and(inArray(uploads.name, names), eq(uploads.userId, userId)))
  if (owned.n !== names.length) throw badRequest(IMAGE_INVALID)
  return names.map((name) => `${UPLOAD_URL_PREFIX}${name}`)
}

/** Counts every submission of the window, deleted or not (deleting does not free a slot). */
const checkRate = (tx: Db, userId: number, nowMs: number): Promise<void> =>
  refuseOverRate(
    tx,
    Rates.feedback,
    { table: feedback, user: feedback.userId, at: feedback.createdAt },
    userId,
    nowMs,
  )

type FeedbackRow = typeof feedback.$inferSelect

function toFeedback(row: FeedbackRow, reason: string | null): Feedback {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    images: row.images,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: reason ?? '',
    status: row.status === 1 ? 1 : 0,
    reply: row.reply,
    createdAt: unixSeconds(row.createdAt.getTime()),
  }
}

interface Submission {
  type: FeedbackType
  content: string
  images: string[]
  contact?: string
  target?: { type: TargetType; id: number; reasonId: number }
}

async function submit(app: AppContext, caller: Caller, input: Submission): Promise<Feedback> {
  const now = app.clock.now()
  return inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    let reason: string | null = null
    if (input.target) {
      await checkTarget(tx, caller.userId, input.target.type, input.target.id)
      reason = await reasonName(tx, input.target.reasonId)
    }
    const images = await checkImages(tx, caller.userId, input.images)
    await checkRate(tx, caller.userId, now)
    const [row] = await tx
      .insert(feedback)
      .values({
        userId: caller.userId,
        type: input.type,
        content: input.content,
        images,
        contact: input.contact ?? '',
        targetType: input.target?.type ?? null,
        targetId: input.target?.id ?? null,
        reasonId: input.target?.reasonId ?? null,
        createdAt: new Date(now),
      })
      .returning()
    return toFeedback(row, reason)
  })
}

/**
 * POST User.FeedBack.AddFeedback: a suggestion or a general complaint from the mine tab. A
 * suggestion's text with blocked words is refused (400 BLOCKED_TEXT_MESSAGE, as the app's own
 * check says); a complaint's is not moderated, here or in addComplaint, because describing what is
 * reported may mean quoting the very words.
 */
export async function addFeedback(
  app: AppContext,
  caller: Caller,
  input: { type: FeedbackType; content: string; images: string[]; contact: string },
): Promise<Feedback> {
  if (input.type === 'suggestion' && !moderateText(input.content).pass) {
    throw badRequest(BLOCKED_TEXT_MESSAGE)
  }
  return submit(app, caller, input)
}

/**
 * POST /api/utils/addFeedback: a complaint about a live user, post or comment that is not the
 * caller's own, with a reason; stored as a `complaint`.
 */
export function addComplaint(
  app: AppContext,
  caller: Caller,
  input: {
    targetType: TargetType
    targetId: number
    reasonId: number
    content: string
    images: string[]
  },
): Promise<Feedback> {
  return submit(app, caller, {
    type: 'complaint',
    content: input.content,
    images: input.images,
    target: { type: input.targetType, id: input.targetId, reasonId: input.reasonId },
  })
}

/** The target must be live (a post or comment by a live account, a comment on a live post). */
async function checkTarget(tx: Db, me: number, type: TargetType, id: number): Promise<void> {
  let ownerId: number | undefined
  if (type === 'user') {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
    ownerId = rows[0]?.id
  } else if (type === 'post') {
    const rows = await tx
      .select({ ownerId: posts.userId })
      .from(posts)
      .innerJoin(users, and(eq(users.id, posts.userId), isNull(users.deletedAt)))
      .where(and(eq(posts.id, id), isNull(posts.deletedAt)))
    ownerId = rows[0]?.ownerId
  } else {
    const rows = await tx
      .select({ ownerId: comments.userId })
      .from(comments)
      .innerJoin(posts, and(eq(posts.id, comments.postId), isNull(posts.deletedAt)))
      .innerJoin(users, and(eq(users.id, comments.userId), isNull(users.deletedAt)))
      .where(and(eq(comments.id, id), isNull(comments.deletedAt)))
    ownerId = rows[0]?.ownerId
  }
  if (ownerId === undefined) throw notFound(TARGET_NOT_FOUND)
  if (ownerId === me) throw badRequest(TARGET_SELF)
}

async function reasonName(tx: Db, reasonId: number): Promise<string> {
  const rows = await tx
    .select({ name: complaintReasons.name })
    .from(complaintReasons)
    .where(eq(complaintReasons.id, reasonId))
  if (!rows[0]) throw badRequest(REASON_INVALID)
  return rows[0].name
}

// ---- the caller's list and deletion -----------------------------------------------------------

/** GET User.FeedBack.MyFeedbackList: the caller's own, not deleted, newest first. */
export async function myFeedback(
  app: AppContext,
  caller: Caller,
  paging: Paging,
): Promise<Page<Feedback>> {
  const where = and(eq(feedback.userId, caller.userId), isNull(feedback.deletedAt))
  const [{ total }] = await app.db.select({ total: count() }).from(feedback).where(where)
  const rows = await app.db
    .select({ row: feedback, reason: complaintReasons.name })
    .from(feedback)
    .leftJoin(complaintReasons, eq(complaintReasons.id, feedback.reasonId))
    .where(where)
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(paging.pageSize)
    .offset(paging.offset)
  return pageOf(
    rows.map(({ row, reason }) => toFeedback(row, reason)),
    total,
    paging,
  )
}

/** POST User.FeedBack.DeleteFeedback: only one's own (soft delete; then 404). */
export async function deleteFeedback(app: AppContext, caller: Caller, id: number): Promise<void> {
  await inTx(app.db, async (tx) => {
    const rows = await tx
      .select({ userId: feedback.userId })
      .from(feedback)
      .where(and(eq(feedback.id, id), isNull(feedback.deletedAt)))
      .for('update')
    if (!rows[0]) throw notFound(FEEDBACK_NOT_FOUND)
    if (rows[0].userId !== caller.userId) throw forbidden(FEEDBACK_NOT_YOURS)
    await tx
      .update(feedback)
      .set({ deletedAt: new Date(app.clock.now()) })
      .where(eq(feedback.id, id))
    return null
  })
}
