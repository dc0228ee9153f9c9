/**
 * The activities contract (issue 16; app-spec section 7 "Activities"): voting activities (活动)
 * with entries (作品, the spec's VoteItem), a participant's daily sign-in (签到) and votes (投票).
 *
 * - Names: the spec names App.ActivityVote.ActivityDetail, VoteItemList, VoteItemDetail,
 *   VoteItemShare (public, GET) and User.Spec_ActivityVote.MySign (GET), Apply, Sign, Vote (POST).
 *   The activity list (App.ActivityVote.ActivityList), the operators' saveActivity
 *   (User.Spec_ActivityVote.SaveActivity) and every REST path under /api/activity/ are ours.
 * - An activity has an apply window (报名) and a vote window (投票), each start included and each
 *   end excluded, ordered: applyStart ≤ voteStart, applyEnd ≤ voteEnd. `phase` (rules/activities
 *   activityPhase): 'upcoming' before applying opens, 'applying' until voting starts, 'voting'
 *   until it ends, then 'ended'. `applyOpen`, `voteOpen` and `signOpen` say what may be done now.
 * - Apply: once per reader and activity ('你已报名该活动'), within the apply window; a title 1..40,
 *   a text 0..1000 and images 0..the activity's `entryImageMax` (each an upload of the caller's),
 *   text or an image required; blocked words refused.
 * - Sign: a participant (who applied; else '请先报名该活动') once a China day (UTC+8;
 *   '今天已签到') from applyStart until voteEnd.
 * - Vote: within the vote window ('投票尚未开始' / '投票已结束'), never for one's own entry
 *   ('不能给自己的作品投票'), one vote per entry per China day ('今天已为该作品投票'), at most the
 *   activity's `votesPerDay` votes per China day in the activity ('今日投票次数已用完'). Counts are
 *   exact under concurrent votes.
 * - Ranks: competition ranking by votes over all of the activity's entries (equal votes share a
 *   rank: 1, 2, 2, 4), whatever the list's order or keyword.
 * - Shares (VoteItemShare) count once per viewer (a reader; a guest by address) per entry per hour.
 *
 * Times are unix seconds. Texts are plain text (description and rules: paragraphs split by '\n').
 * Lengths in characters (code points).
 */
import {
  ACTIVITY_LIST_STATES,
  ACTIVITY_PHASES,
  ActivityLimits,
  ActivityText,
  VOTE_ITEM_ORDERS,
} from '@rules/activities'
import {
  call,
  Id,
  List,
  OneOf,
  OptionalId,
  PageOf,
  Paging,
  Required,
  Trimmed,
  Type,
  type CallInput,
  type Static,
} from './contract'

export { ActivityLimits, ActivityText }

/** Longest texts read before the rules count characters (the rules then give the message). */
export const TITLE_READ_MAX = ActivityLimits.titleMaxChars * 4
export const SUMMARY_READ_MAX = ActivityLimits.summaryMaxChars * 4
export const DESCRIPTION_READ_MAX = ActivityLimits.descriptionMaxChars * 2
export const RULES_READ_MAX = ActivityLimits.rulesMaxChars * 2
export const ENTRY_TITLE_READ_MAX = ActivityLimits.entryTitleMaxChars * 4
export const ENTRY_CONTENT_READ_MAX = ActivityLimits.entryContentMaxChars * 4
export const KEYWORD_READ_MAX = 200
export const IMAGE_URL_READ_MAX = 1000

const INT_MAX = 2_147_483_647

const Phase = Type.Union(ACTIVITY_PHASES.map((p) => Type.Literal(p)))

const summaryFields = {
  id: Type.Integer(),
  title: Type.String(),
  /** An image URL, or '' (the app shows a placeholder). */
  cover: Type.String(),
  /** One line under the title ('' for none). */
  summary: Type.String(),
  applyStart: Type.Integer(),
  applyEnd: Type.Integer(),
  voteStart: Type.Integer(),
  voteEnd: Type.Integer(),
  phase: Phase,
  /** How many entries it has. */
  entryCount: Type.Integer(),
  /** All votes cast in it. */
  voteCount: Type.Integer(),
  createdAt: Type.Integer(),
}

/** An activity in the list. */
export const ActivitySummary = Type.Object(summaryFields)
export type ActivitySummary = Static<typeof ActivitySummary>

/** The caller's part in an activity (null for a guest). */
export const ActivityMine = Type.Object({
  /** My entry's id, or null when I have not applied. */
  entryId: Type.Union([Type.Integer(), Type.Null()]),
  /** Votes I may still cast in this activity today (China day); 0 outside the vote window. */
  votesLeftToday: Type.Integer(),
  /** I signed in today. */
  signedToday: Type.Boolean(),
})
export type ActivityMine = Static<typeof ActivityMine>

/** The activity page (desc) and its rules page. */
export const ActivityDetail = Type.Object({
  ...summaryFields,
  /** Plain text, paragraphs split by '\n'. */
  description: Type.String(),
  /** Plain text, paragraphs split by '\n'. */
  rules: Type.String(),
  /** Votes a reader has per China day in this activity. */
  votesPerDay: Type.Integer(),
  /** The most images an entry may have (0: text only). */
  entryImageMax: Type.Integer(),
  /** Applying is open now. */
  applyOpen: Type.Boolean(),
  /** Voting is open now. */
  voteOpen: Type.Boolean(),
  /** A participant may sign in now (from applyStart until voteEnd). */
  signOpen: Type.Boolean(),
  /** The caller's part; null for a guest. */
  mine: Type.Union([ActivityMine, Type.Null()]),
})
export type ActivityDetail = Static<typeof ActivityDetail>

/** Who made an entry. */
export const VoteItemAuthor = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
})
export type VoteItemAuthor = Static<typeof VoteItemAuthor>

const itemFields = {
  id: Type.Integer(),
  activityId: Type.Integer(),
  title: Type.String(),
  /** The first image, or ''. */
  cover: Type.String(),
  author: VoteItemAuthor,
  votes: Type.Integer(),
  shares: Type.Integer(),
  /** Rank by votes among all of the activity's entries (equal votes, equal rank). */
  rank: Type.Integer(),
  /** The caller made it. */
  mine: Type.Boolean(),
  createdAt: Type.Integer(),
}

/** An entry in the list: its text cut to ActivityLimits.excerptChars. */
export const VoteItem = Type.Object({ ...itemFields, excerpt: Type.String() })
export type VoteItem = Static<typeof VoteItem>

/** The entry page (detail). */
export const VoteItemDetail = Type.Object({
  ...itemFields,
  content: Type.String(),
  /** Image URLs in order. */
  images: Type.Array(Type.String()),
  /** The caller voted for it today (false for a guest). */
  votedToday: Type.Boolean(),
  /** Votes the caller may still cast in the activity today; null for a guest. */
  votesLeftToday: Type.Union([Type.Integer(), Type.Null()]),
  /** The activity it belongs to. */
  activity: Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    phase: Phase,
    voteOpen: Type.Boolean(),
    votesPerDay: Type.Integer(),
  }),
})
export type VoteItemDetail = Static<typeof VoteItemDetail>

/** A share card for an entry, and the share count. */
export const VoteItemShareRes = Type.Object({
  /** The card's title. */
  title: Type.String(),
  /** The card's image: the entry's first image, else the activity's cover ('' for none). */
  image: Type.String(),
  /** The page it opens: /pagesB/activity/detail?id=<entry id>. */
  path: Type.String(),
  shares: Type.Integer(),
  /** This call counted (false: the same viewer within the hour). */
  counted: Type.Boolean(),
})
export type VoteItemShareRes = Static<typeof VoteItemShareRes>

/** My part in an activity: my entry, my sign-in days (MySign; also Sign's answer). */
export const MySignRes = Type.Object({
  activityId: Type.Integer(),
  /** My entry, or null when I have not applied. */
  entry: Type.Union([VoteItem, Type.Null()]),
  /** The China days I signed in ('YYYY-MM-DD'), oldest first. */
  days: Type.Array(Type.String()),
  /** Today's China day ('YYYY-MM-DD'). */
  today: Type.String(),
  signedToday: Type.Boolean(),
  /** How many days I signed in. */
  total: Type.Integer(),
  /** Signing in is open now (the activity window; I still need an entry). */
  signOpen: Type.Boolean(),
})
export type MySignRes = Static<typeof MySignRes>

export const VoteRes = Type.Object({
  entryId: Type.Integer(),
  /** The entry's votes after this one. */
  votes: Type.Integer(),
  /** Votes I may still cast in the activity today. */
  votesLeftToday: Type.Integer(),
})
export type VoteRes = Static<typeof VoteRes>

// ---- input pieces ---------------------------------------------------------

const activityId = { activityId: Id(ActivityText.notFound) }
const Time = () =>
  Type.Integer({ minimum: 1, maximum: INT_MAX, 'x-error': ActivityText.timeInvalid })
const PAGES = `pages of 1..${ActivityLimits.pageSizeMax} (default ${ActivityLimits.pageSize})`

export const activitiesApi = {
  activityList: call({
    summary: `Activities: \`state\` 'current' (进行中, the default: not ended, upcoming too; soonest vote end first) or 'past' (已结束: latest ended first); ${PAGES}.`,
    auth: false,
    rest: { method: 'GET', path: '/api/activity/findActivityAppList' },
    query: { method: 'GET', name: 'App.ActivityVote.ActivityList' },
    input: Type.Object({
      state: Type.Optional(OneOf(ACTIVITY_LIST_STATES, ActivityText.listStateInvalid)),
      ...Paging,
    }),
    answer: PageOf(ActivitySummary),
  }),
  activityDetail: call({
    summary:
      "An activity with its description, rules, windows, phase and what may be done now; for a reader also `mine` (my entry's id, votes left today, signed today). Missing: 404 '活动不存在'.",
    auth: false,
    rest: { method: 'GET', path: '/api/activity/findActivityDetail' },
    query: { method: 'GET', name: 'App.ActivityVote.ActivityDetail' },
    input: Type.Object({ id: Id(ActivityText.notFound) }),
    answer: ActivityDetail,
  }),
  voteItemList: call({
    summary: `An activity's entries, each with its rank: \`order\` 'votes' (the default: most votes first, earlier entries first among equals) or 'new' (newest first); \`keyword\` (at most ${ActivityLimits.keywordMaxChars} characters, else 400 '搜索词不能超过30个字') in the title or the author's nickname; ${PAGES}.`,
    auth: false,
    rest: { method: 'GET', path: '/api/activity/findVoteItemList' },
    query: { method: 'GET', name: 'App.ActivityVote.VoteItemList' },
    input: Type.Object({
      ...activityId,
      keyword: Type.Optional(Trimmed(KEYWORD_READ_MAX)),
      order: Type.Optional(OneOf(VOTE_ITEM_ORDERS, ActivityText.orderInvalid)),
      ...Paging,
    }),
    answer: PageOf(VoteItem),
  }),
  voteItemDetail: call({
    summary:
      "An entry with its text, images, votes and rank, its activity, and for a reader whether they voted for it today and their votes left today. Missing: 404 '作品不存在'.",
    auth: false,
    rest: { method: 'GET', path: '/api/activity/findVoteItemDetail' },
    query: { method: 'GET', name: 'App.ActivityVote.VoteItemDetail' },
    input: Type.Object({ id: Id(ActivityText.entryNotFound) }),
    answer: VoteItemDetail,
  }),
  voteItemShare: call({
    summary:
      'The share card of an entry (title, image, page path), counting a share once per viewer (a reader; a guest by address) per entry per hour; answers the share count and whether this call counted.',
    auth: false,
    rest: { method: 'POST', path: '/api/activity/saveVoteItemShare' },
    query: { method: 'GET', name: 'App.ActivityVote.VoteItemShare' },
    counts: true,
    input: Type.Object({ id: Id(ActivityText.entryNotFound) }),
    answer: VoteItemShareRes,
  }),
  mySign: call({
    summary:
      'My part in an activity: my entry (null before applying), the China days I signed in, whether today is one of them, how many, and whether signing in is open.',
    auth: true,
    rest: { method: 'GET', path: '/api/activity/findMySign' },
    query: { method: 'GET', name: 'User.Spec_ActivityVote.MySign' },
    input: Type.Object(activityId),
    answer: MySignRes,
  }),
  apply: call({
    summary: `Applies with an entry: \`title\` 1..${ActivityLimits.entryTitleMaxChars} ('请输入作品标题'), \`content\` 0..${ActivityLimits.entryContentMaxChars}, \`images\` 0..the activity's entryImageMax uploads of the caller's (else 400 '图片无效'), text or an image ('请输入作品内容或添加图片'); blocked words refused. Within the apply window ('报名尚未开始' / '报名已结束'); once ('你已报名该活动'). Answers the entry.`,
    auth: true,
    rest: { method: 'POST', path: '/api/activity/saveVoteItem' },
    query: { method: 'POST', name: 'User.Spec_ActivityVote.Apply' },
    body: 'json',
    input: Type.Object({
      ...activityId,
      title: Required(ActivityText.entryTitleMissing, ENTRY_TITLE_READ_MAX),
      content: Type.Optional(Trimmed(ENTRY_CONTENT_READ_MAX)),
      images: Type.Optional(
        List(ActivityLimits.entryImagesMax * 4, IMAGE_URL_READ_MAX, ActivityText.imageInvalid),
      ),
    }),
    answer: VoteItemDetail,
  }),
  sign: call({
    summary:
      "Signs in to an activity for today (China day): only with an entry ('请先报名该活动'), from applyStart until voteEnd ('活动尚未开始' / '活动已结束'), once a day ('今天已签到'). Answers as MySign.",
    auth: true,
    rest: { method: 'POST', path: '/api/activity/saveActivitySign' },
    query: { method: 'POST', name: 'User.Spec_ActivityVote.Sign' },
    input: Type.Object(activityId),
    answer: MySignRes,
  }),
  vote: call({
    summary:
      "Votes for an entry: within the vote window ('投票尚未开始' / '投票已结束'), never my own ('不能给自己的作品投票'), once per entry per China day ('今天已为该作品投票'), at most the activity's votesPerDay a day ('今日投票次数已用完'). Answers the entry's votes and my votes left today.",
    auth: true,
    rest: { method: 'POST', path: '/api/activity/saveVote' },
    query: { method: 'POST', name: 'User.Spec_ActivityVote.Vote' },
    input: Type.Object({ entryId: Id(ActivityText.entryNotFound) }),
    answer: VoteRes,
  }),
  saveActivity: call({
    summary: `Operators: creates an activity, or with \`id\` changes one (every field is sent each time). \`title\` 1..${ActivityLimits.titleMaxChars}, \`summary\` 0..${ActivityLimits.summaryMaxChars}, \`description\` 0..${ActivityLimits.descriptionMaxChars}, \`rules\` 0..${ActivityLimits.rulesMaxChars}, \`cover\` an image the operator uploaded (or the current one; '' for none), the windows in unix seconds (applyStart < applyEnd, voteStart < voteEnd, applyStart ≤ voteStart, applyEnd ≤ voteEnd), \`votesPerDay\` 1..${ActivityLimits.votesPerDayMax}, \`entryImageMax\` 0..${ActivityLimits.entryImagesMax}. Readers: 403 '仅运营人员可以管理活动'.`,
    auth: true,
    rest: { method: 'POST', path: '/api/activity/saveActivity' },
    query: { method: 'POST', name: 'User.Spec_ActivityVote.SaveActivity' },
    input: Type.Object({
      id: OptionalId(ActivityText.notFound),
      title: Required(ActivityText.titleMissing, TITLE_READ_MAX),
      cover: Type.Optional(Trimmed(IMAGE_URL_READ_MAX)),
      summary: Type.Optional(Trimmed(SUMMARY_READ_MAX)),
      description: Type.Optional(Trimmed(DESCRIPTION_READ_MAX)),
      rules: Type.Optional(Trimmed(RULES_READ_MAX)),
      applyStart: Time(),
      applyEnd: Time(),
      voteStart: Time(),
      voteEnd: Time(),
      votesPerDay: Type.Integer({
        minimum: 1,
        maximum: ActivityLimits.votesPerDayMax,
        'x-error': ActivityText.votesPerDayInvalid,
      }),
      entryImageMax: Type.Integer({
        minimum: 0,
        maximum: ActivityLimits.entryImagesMax,
        'x-error': ActivityText.entryImageMaxInvalid,
      }),
    }),
    answer: ActivityDetail,
  }),
}

export type ActivityListReq = CallInput<typeof activitiesApi.activityList>
export type VoteItemListReq = CallInput<typeof activitiesApi.voteItemList>
export type ApplyReq = CallInput<typeof activitiesApi.apply>
export type VoteReq = CallInput<typeof activitiesApi.vote>
export type SaveActivityReq = CallInput<typeof activitiesApi.saveActivity>
