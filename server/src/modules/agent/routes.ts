/** The agent programme's calls (types/api/agent.ts): each one translated to its service. */
import { agentApi } from '@api/agent'
import { Answer } from '../../http/envelope'
import { serve } from '../../http/serve'
import { adminApplications, reviewApplication, setRate } from './admin'
import { apply, applyStatus } from './apply'
import { billList } from './bill'
import { cardInfo, modifyCard } from './card'
import { agentCoupons, allocateCoupons, couponRecords, giveCoupon, myCoupons } from './coupons'
import { agentDetail } from './detail'
import { memberOrders } from './memberOrders'
import { memberList, spreadUserInfo } from './members'
import { noticeDetail, noticeList, sendNotice } from './notices'
import { agentPoster } from './poster'
import { agentPaging as pages } from './rows'
import { withdraw, withdrawalList } from './withdraw'
import { adminWithdrawals, settleWithdrawal } from './withdrawAdmin'

export const agentRoutes = serve(agentApi, {
  applyStatus: ({ app, caller }) => applyStatus(app, caller),
  apply: async ({ app, caller, input }) =>
    new Answer(await apply(app, caller, input), '申请已提交'),
  detail: ({ app, caller }) => agentDetail(app, caller),
  poster: ({ app, caller }) => agentPoster(app, caller),
  spreadUserInfo: ({ app, caller }) => spreadUserInfo(app, caller),
  members: ({ app, caller, input }) => memberList(app, caller, pages(input)),
  orders: ({ app, caller, input }) => memberOrders(app, caller, input.state ?? 'all', pages(input)),
  bill: ({ app, caller, input }) => billList(app, caller, pages(input)),
  cardInfo: ({ app, caller }) => cardInfo(app, caller),
  modifyCard: async ({ app, caller, input }) =>
    new Answer(await modifyCard(app, caller, input), '已保存'),
  withdrawals: ({ app, caller, input }) => withdrawalList(app, caller, pages(input)),
  withdraw: async ({ app, caller, input }) =>
    new Answer(await withdraw(app, caller, input.amountFen), '提现申请已提交'),
  coupons: ({ app, caller, input }) =>
    agentCoupons(app, caller, input.state ?? 'unissued', pages(input)),
  couponRecords: ({ app, caller, input }) => couponRecords(app, caller, pages(input)),
  giveCoupon: async ({ app, caller, input }) =>
    new Answer(await giveCoupon(app, caller, input), '已发放'),
  myCoupons: ({ app, caller, input }) => myCoupons(app, caller, input.usable === 1, pages(input)),
  notices: ({ app, caller, input }) => noticeList(app, caller, pages(input)),
  noticeDetail: ({ app, caller, input }) => noticeDetail(app, caller, input.id),
  adminApplications: ({ app, caller, input }) =>
    adminApplications(app, caller, input.state ?? 'pending', pages(input)),
  reviewApplication: async ({ app, caller, input }) =>
    new Answer(await reviewApplication(app, caller, input), '已处理'),
  setRate: async ({ app, caller, input }) =>
    new Answer(await setRate(app, caller, input.userId, input.rateBp), '已保存'),
  allocateCoupons: async ({ app, caller, input }) =>
    new Answer(await allocateCoupons(app, caller, input), '已发放'),
  adminWithdrawals: ({ app, caller, input }) =>
    adminWithdrawals(app, caller, input.state ?? 'pending', pages(input)),
  settleWithdrawal: async ({ app, caller, input }) =>
    new Answer(await settleWithdrawal(app, caller, input), '已处理'),
  sendNotice: async ({ app, caller, input }) =>
    new Answer(await sendNotice(app, caller, input), '已发送'),
})
