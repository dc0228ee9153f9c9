/**
 * saveActivity (operators): creates an activity or changes one. Every field is sent each time;
 * the windows must be ordered (rules/activities activityWindowsError); the cover is an image the
 * operator uploaded, the activity's current cover, or '' for none.
 */
import { eq } from 'drizzle-orm'
import { ActivityLimits, ActivityText, activityWindowsError } from '@rules/activities'
import { textLength } from '@rules/validate'
import type { ActivityDetail, SaveActivityReq } from '@api/activities'
import type { AppContext } from '../../context'
import { activities } from '../../db/schema'
import { isOperator } from '../../db/operators'
import { inTx } from '../../db/tx'
import { lockCaller } from '../../db/users'
import type { Caller } from '../../http/auth'
import { badRequest, forbidden, notFound } from '../../http/errors'
import { requireOwnUploads } from '../periodicals/shared'
import { parseUploadUrl, UPLOAD_URL_PREFIX } from '../common/uploadNames'
import { mineIn } from './browse'
import { findActivity, toDetail } from './rows'

const tooLong = (text: string, max: number, message: string): void => {
  if (textLength(text) > max) throw badRequest(message)
}

export async function saveActivity(
  app: AppContext,
  caller: Caller,
  input: SaveActivityReq,
): Promise<ActivityDetail> {
  if (!(await isOperator(app.db, caller.userId))) throw forbidden(ActivityText.notOperator)
  const title = input.title.trim()
  const summary = (input.summary ?? '').trim()
  const description = (input.description ?? '').trim()
  const rules = (input.rules ?? '').trim()
  if (!title) throw badRequest(ActivityText.titleMissing)
  tooLong(title, ActivityLimits.titleMaxChars, ActivityText.titleTooLong)
  tooLong(summary, ActivityLimits.summaryMaxChars, ActivityText.summaryTooLong)
  tooLong(description, ActivityLimits.descriptionMaxChars, ActivityText.descriptionTooLong)
  tooLong(rules, ActivityLimits.rulesMaxChars, ActivityText.rulesTooLong)
  const windows = {
    applyStart: input.applyStart * 1000,
    applyEnd: input.applyEnd * 1000,
    voteStart: input.voteStart * 1000,
    voteEnd: input.voteEnd * 1000,
  }
  const windowError = activityWindowsError(windows)
  if (windowError) throw badRequest(windowError)
  const rawCover = (input.cover ?? '').trim()

  return inTx(app.db, async (tx) => {
    // The caller's row first, as every service attaching uploads does (the sweep takes it too).
    await lockCaller(tx, caller.userId)
    const now = new Date(app.clock.now())
    const [current] = input.id
      ? await tx.select().from(activities).where(eq(activities.id, input.id)).for('update')
      : []
    if (input.id && !current) throw notFound(ActivityText.notFound)
    // '' for none; the current cover as it is (a seed image, or another operator's upload);
    // anything else one of the caller's uploads.
    const name = rawCover ? parseUploadUrl(rawCover) : null
    const asStored = name ? `${UPLOAD_URL_PREFIX}${name}` : rawCover
    if (asStored && asStored !== current?.cover) {
      if (!name) throw badRequest(ActivityText.coverInvalid)
      await requireOwnUploads(tx, caller.userId, [name], ActivityText.coverInvalid)
    }
    const values = {
      title,
      cover: asStored,
      summary,
      description,
      rules,
      applyStart: new Date(windows.applyStart),
      applyEnd: new Date(windows.applyEnd),
      voteStart: new Date(windows.voteStart),
      voteEnd: new Date(windows.voteEnd),
      votesPerDay: input.votesPerDay,
      entryImageMax: input.entryImageMax,
      updatedAt: now,
    }
    let id: number
    if (current) {
      await tx.update(activities).set(values).where(eq(activities.id, current.id))
      id = current.id
    } else {
      const [made] = await tx
        .insert(activities)
        .values({ ...values, createdBy: caller.userId, createdAt: now })
        .returning({ id: activities.id })
      id = made.id
    }
    const found = await findActivity(tx, id)
    return toDetail(found, now.getTime(), await mineIn(tx, found.row, caller.userId, now.getTime()))
  })
}
