/**
 * The stats contract (app-spec section 7: Reading time and ranking, and the home posters): reading
 * time reported while reading, a reader's days, the ranking with its likes, the home banner.
 */

// ---- reading time and ranking ---------------------------------------------

/**
 * POST /api/rankingList/createBooksDuration (login): seconds read since the last report.
 * Credited at most Limits.durationMaxSecondsPerReport (300) per report, and only out of wall-clock
 * time not yet credited to the caller within the last 300 s: however often a reader reports, their
 * total never exceeds the time since their first report plus 300 s. Summed per day (China time)
 * and book; a reader's day holds at most 86,400 s.
 */
export interface ReportDurationReq {
  booksId: number
  seconds: number
}
export interface ReportDurationRes {
  credited: number
  todaySeconds: number
}

/** GET User.BookInfo.MyReadingTimeInfo (login). */
export interface ReadingTimeInfo {
  todaySeconds: number
  weekSeconds: number
  totalSeconds: number
  /** Days with any reading. */
  days: number
}

/** GET User.BookInfo.MyReadingTimeList (login; page, pageSize): one row per day, newest first. */
export interface ReadingDay {
  /** YYYY-MM-DD in China time. */
  day: string
  seconds: number
  books: Array<{ booksId: number; booksName: string; seconds: number }>
}

export type RankPeriod = 'day' | 'week' | 'month' | 'total'

/**
 * GET /api/rankingList/findDurationBooksList and User.BookInfo.ReadingTopList (public; period,
 * page, pageSize): most seconds first, ties by user id.
 */
export interface RankListReq {
  period?: RankPeriod
  page?: number
  pageSize?: number
}

export interface RankEntry {
  rank: number
  userId: number
  nickname: string
  avatar: string
  seconds: number
  likes: number
  /** The caller likes this entry. */
  liked: boolean
  isMe: boolean
}

/** GET /api/rankingList/findPeriodDurationBooksList (login; period): my entry; rank 0 = unranked. */
export type MyRankRes = RankEntry

/** POST /api/rankingList/createDurationBooks (login): like (1) or unlike (0) a reader's rank. */
export interface RankLikeReq {
  userId: number
  like: 0 | 1
}
export interface RankLikeRes {
  liked: boolean
  likes: number
}

// ---- home posters ---------------------------------------------------------

/** GET App.Advert.PosterList (public): the home banner, in display order. */
export interface Poster {
  id: number
  title: string
  subtitle: string
  /** URL path of the image. */
  image: string
  /** An app route ('/pagesA/read/detail?id=3') or an https URL for the web view; may be ''. */
  link: string
}
