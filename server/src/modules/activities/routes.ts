import { activitiesApi } from '@api/activities'
import { Answer } from '../../http/envelope'
import { serve } from '../../http/serve'
import { viewerKey } from '../../http/viewerKey'
import { apply } from './apply'
import { activityDetail, activityList, voteItemDetail, voteItemList } from './browse'
import { activityPaging as pages } from './rows'
import { saveActivity } from './save'
import { shareVoteItem } from './share'
import { mySign, sign } from './sign'
import { vote } from './vote'

const viewerOf = (caller: { userId: number } | null): number | null => caller?.userId ?? null

export const activitiesRoutes = serve(activitiesApi, {
  activityList: ({ app, input }) => activityList(app, input, pages(input)),
  activityDetail: ({ app, caller, input }) => activityDetail(app, input.id, viewerOf(caller)),
  voteItemList: ({ app, caller, input }) =>
    voteItemList(app, viewerOf(caller), input, pages(input)),
  voteItemDetail: ({ app, caller, input }) => voteItemDetail(app, input.id, viewerOf(caller)),
  voteItemShare: ({ app, caller, input, req }) =>
    shareVoteItem(app, input.id, viewerKey(caller, req)),
  mySign: ({ app, caller, input }) => mySign(app, caller, input.activityId),
  apply: async ({ app, caller, input }) => new Answer(await apply(app, caller, input), '报名成功'),
  sign: async ({ app, caller, input }) =>
    new Answer(await sign(app, caller, input.activityId), '签到成功'),
  vote: async ({ app, caller, input }) =>
    new Answer(await vote(app, caller, input.entryId), '投票成功'),
  saveActivity: async ({ app, caller, input }) =>
    new Answer(await saveActivity(app, caller, input), '已保存'),
})
