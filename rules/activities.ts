/**
 * Activities (issue 16): voting activities with entries (作品, VoteItem), daily sign-ins and votes.
 * The limits, texts, the phase of an activity and the checks the app's forms and the server share.
 * Pure: no Taro import. Lengths count characters (code points) after trimming. Times here are
 * epoch milliseconds; the contract carries unix seconds.
 */
import { CHINA_OFFSET_MS } from './chinaTime'
import { BLOCKED_TEXT_MESSAGE, findBlockedWords } from './moderation'
import { checkControlChars, textLength } from './validate'

export { BLOCKED_TEXT_MESSAGE }

export const ActivityLimits = {
  /** An activity's title. */
  titleMaxChars: 40,
  /** The one-line summary under the title in the list. */
  summaryMaxChars: 200,
  /** The description (plain text, paragraphs split by new lines). */
  descriptionMaxChars: 10_000,
  /** The rules page (plain text). */
  rulesMaxChars: 5_000,
  /** An entry's title (作品标题). */
  entryTitleMaxChars: 40,
  /** An entry's text. */
  entryContentMaxChars: 1000,
  /** The most images an activity may allow an entry (its `entryImageMax` is 0..this). */
  entryImagesMax: 9,
  /** Votes one reader has per activity per China day (an activity's `votesPerDay` is 1..this). */
  votesPerDayMax: 50,
  /** A keyword searching entries (in titles and authors' nicknames). */
  keywordMaxChars: 30,
  /** The list's text of an entry (its content cut to this many characters). */
  excerptChars: 60,
  /** A share of an entry counts once per viewer per entry in this window. */
  shareWindowMs: 60 * 60_000,
  /** Lists: page size by default and at most. */
  pageSize: 10,
  pageSizeMax: 50,
} as const

/**
 * Where an activity stands now: 'upcoming' (未开始: before applying opens), 'applying' (报名中:
 * from the apply start until voting starts), 'voting' (投票中), 'ended' (已结束: the vote ended).
 * The windows are ordered: applyStart ≤ voteStart, applyEnd ≤ voteEnd (saveActivity checks it).
 */
export const ACTIVITY_PHASES = ['upcoming', 'applying', 'voting', 'ended'] as const
export type ActivityPhase = (typeof ACTIVITY_PHASES)[number]

export const ACTIVITY_PHASE_LABELS: Record<ActivityPhase, string> = {
  upcoming: '未开始',
  applying: '报名中',
  voting: '投票中',
  ended: '已结束',
}

/** The activity list's tabs: 'current' (进行中: not ended, upcoming too) and 'past' (已结束). */
export const ACTIVITY_LIST_STATES = ['current', 'past'] as const
export type ActivityListState = (typeof ACTIVITY_LIST_STATES)[number]

/** The entry list's orders: 'votes' (by votes, most first) and 'new' (newest first). */
export const VOTE_ITEM_ORDERS = ['votes', 'new'] as const
export type VoteItemOrder = (typeof VOTE_ITEM_ORDERS)[number]

/** An activity's windows, epoch milliseconds (each start included, each end excluded). */
export interface ActivityWindows {
  applyStart: number
  applyEnd: number
  voteStart: number
  voteEnd: number
}

export function activityPhase(w: ActivityWindows, now: number): ActivityPhase {
  if (now < w.applyStart) return 'upcoming'
  if (now < w.voteStart) return 'applying'
  if (now < w.voteEnd) return 'voting'
  return 'ended'
}

/** Applying is open: applyStart ≤ now < applyEnd. */
export const applyOpen = (w: ActivityWindows, now: number): boolean =>
  w.applyStart <= now && now < w.applyEnd

/** Voting is open: voteStart ≤ now < voteEnd. */
export const voteOpen = (w: ActivityWindows, now: number): boolean =>
  w.voteStart <= now && now < w.voteEnd

/** A participant may sign in (签到) from the apply start until the vote ends. */
export const signOpen = (w: ActivityWindows, now: number): boolean =>
  w.applyStart <= now && now < w.voteEnd

/** The China-time day (UTC+8) of an instant, 'YYYY-MM-DD': votes and sign-ins count per such day. */
export const chinaDay = (ms: number): string =>
  new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10)

/** The page an entry opens on (a share card's path). */
export const VOTE_ITEM_PAGE = '/pagesB/activity/detail'
export const voteItemPath = (id: number): string => `${VOTE_ITEM_PAGE}?id=${id}`

export const ActivityText = {
  notFound: '活动不存在',
  entryNotFound: '作品不存在',
  userNotFound: '用户不存在',
  listStateInvalid: '活动状态不正确',
  orderInvalid: '排序方式不正确',
  keywordTooLong: `搜索词不能超过${ActivityLimits.keywordMaxChars}个字`,
  // Applying (报名)
  applyNotStarted: '报名尚未开始',
  applyEnded: '报名已结束',
  alreadyApplied: '你已报名该活动',
  entryTitleMissing: '请输入作品标题',
  entryTitleTooLong: `作品标题不能超过${ActivityLimits.entryTitleMaxChars}个字`,
  entryEmpty: '请输入作品内容或添加图片',
  entryContentTooLong: `作品内容不能超过${ActivityLimits.entryContentMaxChars}个字`,
  imageInvalid: '图片无效',
  noImages: '该活动的作品不能添加图片',
  // Signing in (签到)
  notApplied: '请先报名该活动',
  signNotStarted: '活动尚未开始',
  signEnded: '活动已结束',
  alreadySigned: '今天已签到',
  // Voting (投票)
  voteNotStarted: '投票尚未开始',
  voteEnded: '投票已结束',
  ownEntry: '不能给自己的作品投票',
  votedToday: '今天已为该作品投票',
  noVotesLeft: '今日投票次数已用完',
  // Operators (saveActivity)
  notOperator: '仅运营人员可以管理活动',
  titleMissing: '请输入活动标题',
  titleTooLong: `活动标题不能超过${ActivityLimits.titleMaxChars}个字`,
  summaryTooLong: `活动简介不能超过${ActivityLimits.summaryMaxChars}个字`,
  descriptionTooLong: `活动介绍不能超过${ActivityLimits.descriptionMaxChars}个字`,
  rulesTooLong: `活动规则不能超过${ActivityLimits.rulesMaxChars}个字`,
  coverInvalid: '封面图片无效，请重新上传',
  timeInvalid: '请填写正确的时间',
  applyWindowInvalid: '报名截止时间必须晚于报名开始时间',
  voteWindowInvalid: '投票截止时间必须晚于投票开始时间',
  voteBeforeApply: '投票开始时间不能早于报名开始时间',
  applyAfterVote: '报名截止时间不能晚于投票截止时间',
  votesPerDayInvalid: `每日投票次数应为1到${ActivityLimits.votesPerDayMax}次`,
  entryImageMaxInvalid: `作品图片数量上限应为0到${ActivityLimits.entryImagesMax}张`,
} as const

const textProblem = (text: string): string | null =>
  checkControlChars(text) ?? (findBlockedWords(text).length ? BLOCKED_TEXT_MESSAGE : null)

/** What is wrong with an entry's title as typed (it is trimmed first), or null. */
export function entryTitleError(title: string): string | null {
  const text = title.trim()
  if (!text) return ActivityText.entryTitleMissing
  if (textLength(text) > ActivityLimits.entryTitleMaxChars) return ActivityText.entryTitleTooLong
  return textProblem(text)
}

/**
 * What is wrong with an entry's text and its number of images (at most `imageMax`, the
 * activity's limit), or null: text or at least one image, the text at most 1000 characters.
 */
export function entryBodyError(
  content: string,
  imageCount: number,
  imageMax: number,
): string | null {
  const text = content.trim()
  if (!text && imageCount === 0) return ActivityText.entryEmpty
  if (textLength(text) > ActivityLimits.entryContentMaxChars)
    return ActivityText.entryContentTooLong
  if (imageCount > imageMax) return entryImagesTooMany(imageMax)
  return text ? textProblem(text) : null
}

/** The message for more images than an activity allows. */
export const entryImagesTooMany = (imageMax: number): string =>
  imageMax === 0 ? ActivityText.noImages : `最多上传${imageMax}张图片`

/** What is wrong with an activity's windows (epoch milliseconds), or null. */
export function activityWindowsError(w: ActivityWindows): string | null {
  if (!(w.applyStart < w.applyEnd)) return ActivityText.applyWindowInvalid
  if (!(w.voteStart < w.voteEnd)) return ActivityText.voteWindowInvalid
  if (w.voteStart < w.applyStart) return ActivityText.voteBeforeApply
  if (w.applyEnd > w.voteEnd) return ActivityText.applyAfterVote
  return null
}
