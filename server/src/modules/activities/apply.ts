/**
 * Apply (报名): a reader's one entry in an activity, within its apply window. The text is checked
 * as the feed checks a post (lengths, blocked words); every image must be an upload of the
 * caller's, at most the activity's entryImageMax.
 */
import { and, eq, inArray } from 'drizzle-orm'
import {
  ActivityLimits,
  ActivityText,
  BLOCKED_TEXT_MESSAGE,
  entryImagesTooMany,
} from '@rules/activities'
import { textLength } from '@rules/validate'
import type { ApplyReq, VoteItemDetail } from '@api/activities'
import type { AppContext } from '../../context'
import { activityEntries, uploads } from '../../db/schema'
import { inTx } from '../../db/tx'
import { lockCaller } from '../../db/users'
import type { Caller } from '../../http/auth'
import { badRequest } from '../../http/errors'
import { moderateText } from '../common/moderation'
import { parseUploadUrl, UPLOAD_URL_PREFIX } from '../common/uploadNames'
import { entryDetail } from './browse'
import { entryOf, activityRow, rankOf, votesLeftToday, windowsOf } from './rows'

interface CheckedEntry {
  title: string
  content: string
  /** As stored: '/uploads/<name>', repeats dropped (the first place kept). */
  images: string[]
  names: string[]
}

/** The entry as it will be stored, or 400 with what is wrong. */
export function checkEntry(input: Pick<ApplyReq, 'title' | 'content' | 'images'>): CheckedEntry {
  const title = input.title.trim()
  const content = (input.content ?? '').trim()
  if (!title) throw badRequest(ActivityText.entryTitleMissing)
  if (textLength(title) > ActivityLimits.entryTitleMaxChars)
    throw badRequest(ActivityText.entryTitleTooLong)
  const names: string[] = []
  for (const url of input.images ?? []) {
    const name = parseUploadUrl(url.trim())
    if (!name) throw badRequest(ActivityText.imageInvalid)
    if (!names.includes(name)) names.push(name)
  }
  if (!content && names.length === 0) throw badRequest(ActivityText.entryEmpty)
  if (textLength(content) > ActivityLimits.entryContentMaxChars)
    throw badRequest(ActivityText.entryContentTooLong)
  if (names.length > ActivityLimits.entryImagesMax)
    throw badRequest(entryImagesTooMany(ActivityLimits.entryImagesMax))
  if (!moderateText(title).pass || (content && !moderateText(content).pass))
    throw badRequest(BLOCKED_TEXT_MESSAGE)
  return { title, content, images: names.map((n) => `${UPLOAD_URL_PREFIX}${n}`), names }
}

export async function apply(
  app: AppContext,
  caller: Caller,
  input: ApplyReq,
): Promise<VoteItemDetail> {
  const checked = checkEntry(input)
  return inTx(app.db, async (tx) => {
    // The caller's row first, as every service attaching uploads does (the sweep takes it too).
    const me = await lockCaller(tx, caller.userId)
    const activity = await activityRow(tx, input.activityId)
    const now = app.clock.now()
    const w = windowsOf(activity)
    if (now < w.applyStart) throw badRequest(ActivityText.applyNotStarted)
    if (now >= w.applyEnd) throw badRequest(ActivityText.applyEnded)
    if (await entryOf(tx, activity.id, caller.userId)) throw badRequest(ActivityText.alreadyApplied)
    if (checked.names.length > activity.entryImageMax)
      throw badRequest(entryImagesTooMany(activity.entryImageMax))
    if (checked.names.length > 0) {
      const owned = await tx
        .select({ name: uploads.name })
        .from(uploads)
        .where(and(inArray(uploads.name, checked.names), eq(uploads.userId, caller.userId)))
      const ownedNames = new Set(owned.map((row) => row.name))
      if (!checked.names.every((name) => ownedNames.has(name)))
        throw badRequest(ActivityText.imageInvalid)
    }
    const [entry] = await tx
      .insert(activityEntries)
      .values({
        activityId: activity.id,
        userId: caller.userId,
        title: checked.title,
        content: checked.content,
        images: checked.images,
        createdAt: new Date(now),
      })
      .onConflictDoNothing()
      .returning()
    if (!entry) throw badRequest(ActivityText.alreadyApplied)
    const author = { id: me.id, nickname: me.nickname, avatar: me.avatar }
    const rank = await rankOf(tx, activity.id, 0)
    const left = await votesLeftToday(tx, activity, caller.userId, now)
    return entryDetail(activity, entry, author, rank, caller.userId, now, false, left)
  })
}
