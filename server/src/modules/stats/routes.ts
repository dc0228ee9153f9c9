import { statsApi } from '@api/stats'
import { paging } from '../../http/paging'
import { serve } from '../../http/serve'
import { readItemOf, readingTimeInfo, readingTimeList, reportDuration } from './duration'
import { myRank, rankList, setRankLike } from './ranking'

export const statsRoutes = serve(statsApi, {
  reportDuration: ({ app, input, caller }) =>
    reportDuration(app, caller, readItemOf(input), input.seconds),
  readingTimeInfo: ({ app, caller }) => readingTimeInfo(app, caller),
  readingDays: ({ app, input, caller }) => readingTimeList(app, caller, paging(input)),
  // The ranking is public; a caller with a token also sees `liked` and `isMe`.
  rankList: ({ app, input, caller }) =>
    rankList(app, caller?.userId ?? null, input.period ?? 'week', paging(input)),
  myRank: ({ app, input, caller }) => myRank(app, caller, input.period ?? 'week'),
  likeRank: ({ app, input, caller }) => setRankLike(app, caller, input.userId, input.like === 1),
})
