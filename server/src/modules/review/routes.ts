import { reviewApi, ReviewLimits } from '@api/review'
import { Answer } from '../../http/envelope'
import { paging } from '../../http/paging'
import { serve } from '../../http/serve'
import { decide, pendingList } from './decide'

export const reviewRoutes = serve(reviewApi, {
  pendingList: ({ app, caller, input }) =>
    pendingList(
      app,
      caller,
      input.kind,
      paging(input, ReviewLimits.pageSize, ReviewLimits.pageSizeMax),
    ),
  decide: async ({ app, caller, input }) => {
    const res = await decide(app, caller, input)
    return new Answer(res, res.reviewState === 'approved' ? '已通过' : '已驳回')
  },
})
