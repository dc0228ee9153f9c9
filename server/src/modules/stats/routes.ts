import { callerOf, type CallContext } from '../../http/call'
import type { QueryRoute } from '../../http/dispatcher'
import type { RestRoute } from '../../http/rest'
import { readingTimeInfo, readingTimeList, reportDuration } from './duration'
import { readLikeFlag, readPaging, readPeriod, readReportSeconds } from './input'
import { listPosters } from './posters'
import { myRank, rankList, setRankLike } from './ranking'

/** The ranking is public; a caller with a token also sees `liked` and `isMe`. */
const topList = ({ app, params, caller }: CallContext) =>
  rankList(app, caller?.userId ?? null, readPeriod(params), readPaging(params))

export const statsQueryRoutes: QueryRoute[] = [
  {
    name: 'User.BookInfo.MyReadingTimeInfo',
    method: 'GET',
    auth: true,
    handler: (call) => readingTimeInfo(call.app, callerOf(call)),
  },
  {
    name: 'User.BookInfo.MyReadingTimeList',
    method: 'GET',
    auth: true,
    handler: (call) => readingTimeList(call.app, callerOf(call), readPaging(call.params)),
  },
  { name: 'User.BookInfo.ReadingTopList', method: 'GET', auth: false, handler: topList },
  {
    name: 'App.Advert.PosterList',
    method: 'GET',
    auth: false,
    handler: ({ app }) => listPosters(app.db),
  },
]

export const statsRestRoutes: RestRoute[] = [
  { method: 'GET', url: '/api/rankingList/findDurationBooksList', auth: false, handler: topList },
  {
    method: 'GET',
    url: '/api/rankingList/findPeriodDurationBooksList',
    auth: true,
    handler: (call) => myRank(call.app, callerOf(call), readPeriod(call.params)),
  },
  {
    method: 'POST',
    url: '/api/rankingList/createDurationBooks',
    auth: true,
    handler: (call) => {
      const userId = call.params.id('userId', '用户不存在')
      return setRankLike(call.app, callerOf(call), userId, readLikeFlag(call.params))
    },
  },
  {
    method: 'POST',
    url: '/api/rankingList/createBooksDuration',
    auth: true,
    handler: (call) => {
      const booksId = call.params.id('booksId', '书籍不存在')
      const seconds = readReportSeconds(call.params)
      return reportDuration(call.app, callerOf(call), booksId, seconds)
    },
  },
]
