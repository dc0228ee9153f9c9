/**
 * The stats contract (app-spec section 7: Reading time and ranking): reading
 * time reported while reading, a reader's days, the ranking with its likes. The home banner
 * (App.Advert.PosterList) is in types/api/shop.ts.
 */
import { call, Id, NoInput, OneOf, PageOf, Paging, Type, type Static } from './contract'

export const BOOK_NOT_FOUND = '书籍不存在'
export const MAGAZINE_NOT_FOUND = '杂志不存在'
export const NEWSPAPER_NOT_FOUND = '报纸不存在'
/** A report names none, or more than one, of booksId, magazineId and newspaperId. */
export const READING_ITEM_MISSING = '请提供阅读内容'
export const USER_NOT_FOUND = '用户不存在'
export const PERIOD_INVALID = '排行周期无效'
export const SECONDS_INVALID = '阅读时长无效'
export const LIKE_INVALID = '点赞参数无效'
/** The most seconds one report may claim (it is credited at most Limits.durationMaxSecondsPerReport). */
export const MAX_REPORT_SECONDS = 100_000

// ---- reading time and ranking ---------------------------------------------

export const ReportDurationRes = Type.Object({
  credited: Type.Integer(),
  todaySeconds: Type.Integer(),
})
export type ReportDurationRes = Static<typeof ReportDurationRes>

export const ReadingTimeInfo = Type.Object({
  todaySeconds: Type.Integer(),
  weekSeconds: Type.Integer(),
  totalSeconds: Type.Integer(),
  /** Days with any reading. */
  days: Type.Integer(),
})
export type ReadingTimeInfo = Static<typeof ReadingTimeInfo>

/** What reading time was credited to: a book, a magazine or a newspaper. */
export const READING_SOURCES = ['book', 'magazine', 'newspaper'] as const
export const ReadingSource = OneOf(READING_SOURCES)
export type ReadingSource = Static<typeof ReadingSource>

/** One day of a reader's reading. */
export const ReadingDay = Type.Object({
  /** YYYY-MM-DD in China time. */
  day: Type.String(),
  seconds: Type.Integer(),
  /**
   * What was read that day, most seconds first: books, magazines and newspapers alike; `booksId`
   * and `booksName` are the item's id and name, `source` says which kind it is.
   */
  books: Type.Array(
    Type.Object({
      booksId: Type.Integer(),
      booksName: Type.String(),
      seconds: Type.Integer(),
      source: ReadingSource,
    }),
  ),
})
export type ReadingDay = Static<typeof ReadingDay>

export const RankPeriod = OneOf(['day', 'week', 'month', 'total'], PERIOD_INVALID)
export type RankPeriod = Static<typeof RankPeriod>

export const RankEntry = Type.Object({
  rank: Type.Integer(),
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  seconds: Type.Integer(),
  likes: Type.Integer(),
  /** The caller likes this entry. */
  liked: Type.Boolean(),
  isMe: Type.Boolean(),
})
export type RankEntry = Static<typeof RankEntry>

/** The caller's own entry; rank 0 = unranked. */
export const MyRankRes = RankEntry
export type MyRankRes = RankEntry

export const RankLikeRes = Type.Object({ liked: Type.Boolean(), likes: Type.Integer() })
export type RankLikeRes = Static<typeof RankLikeRes>

// ---- input pieces ---------------------------------------------------------

const period = { period: Type.Optional(RankPeriod) }

/** Whole seconds, 1..MAX_REPORT_SECONDS. */
const reportSeconds = Type.Integer({
  minimum: 1,
  maximum: MAX_REPORT_SECONDS,
  'x-error': SECONDS_INVALID,
})

/** 1 / true: like; 0 / false: unlike. */
const likeFlag = Type.Union([Type.Literal(0), Type.Literal(1)], {
  'x-flag': true,
  'x-error': LIKE_INVALID,
})

export const statsApi = {
  reportDuration: call({
    summary:
      "Seconds read since the last report, of a book (`booksId`), a magazine (`magazineId`: the magazine of the issue read) or a newspaper (`newspaperId`): exactly one of the three (else 400 '请提供阅读内容'), listed or public (else 404 '书籍不存在' / '杂志不存在' / '报纸不存在'). Credited at most Limits.durationMaxSecondsPerReport (300) per report, and only out of wall-clock time not yet credited to the caller within the last 300 s: however often a reader reports, their total never exceeds the time since their first report plus 300 s. Summed per day (China time) and item; all three count alike for reading time and the ranking; a reader's day holds at most 86,400 s.",
    auth: true,
    rest: { method: 'POST', path: '/api/rankingList/createBooksDuration' },
    input: Type.Object({
      booksId: Type.Optional(Id(BOOK_NOT_FOUND)),
      magazineId: Type.Optional(Id(MAGAZINE_NOT_FOUND)),
      newspaperId: Type.Optional(Id(NEWSPAPER_NOT_FOUND)),
      seconds: reportSeconds,
    }),
    answer: ReportDurationRes,
  }),
  readingTimeInfo: call({
    summary: "The caller's reading time today, this week (from Monday, China time) and in all.",
    auth: true,
    query: { method: 'GET', name: 'User.BookInfo.MyReadingTimeInfo' },
    input: NoInput,
    answer: ReadingTimeInfo,
  }),
  readingDays: call({
    summary:
      "The caller's reading days, one row per day with what was read (books, magazines and newspapers, each with its `source`), newest first; pages of 1..50 (default 10).",
    auth: true,
    query: { method: 'GET', name: 'User.BookInfo.MyReadingTimeList' },
    input: Type.Object(Paging),
    answer: PageOf(ReadingDay),
  }),
  rankList: call({
    summary:
      'The ranking of a period (default the week): most seconds first, ties by user id; `rank` continues across pages of 1..50 (default 10). A caller with a token also gets `liked` and `isMe`.',
    auth: false,
    rest: { method: 'GET', path: '/api/rankingList/findDurationBooksList' },
    query: { method: 'GET', name: 'User.BookInfo.ReadingTopList' },
    input: Type.Object({ ...period, ...Paging }),
    answer: PageOf(RankEntry),
  }),
  myRank: call({
    summary: "The caller's entry in a period's ranking (default the week); rank 0 = unranked.",
    auth: true,
    rest: { method: 'GET', path: '/api/rankingList/findPeriodDurationBooksList' },
    input: Type.Object(period),
    answer: MyRankRes,
  }),
  likeRank: call({
    summary: "Like (1) or unlike (0) a reader's rank (not one's own).",
    auth: true,
    rest: { method: 'POST', path: '/api/rankingList/createDurationBooks' },
    input: Type.Object({ userId: Id(USER_NOT_FOUND), like: likeFlag }),
    answer: RankLikeRes,
  }),
}
