import { pageUrl, Route } from '@/core/routes'

export const agentHomeUrl = (): string => Route.proxyIndex
export const agentApplyUrl = (): string => Route.proxyApply
export const agentAgreementUrl = (): string => Route.proxyRichtext
export const noticeUrl = (id: number): string => pageUrl(Route.proxyMsgDetail, { id })
/** Where a reader verifies their real name (an application needs it). */
export const realNameUrl = (): string => Route.bindID

/** The agent home's entries, in the order shown. */
export const AGENT_ENTRIES = [
  { key: 'member', title: '会员', url: Route.proxyMember },
  { key: 'order', title: '订单', url: Route.proxyOrder },
  { key: 'money', title: '资金明细/提现', url: Route.proxyMoney },
  { key: 'coupon', title: '优惠券', url: Route.proxyCoupon },
  { key: 'couponLog', title: '发券记录', url: Route.proxyCouponLog },
  { key: 'msg', title: '通知', url: Route.proxyMsg },
  { key: 'poster', title: '推广海报', url: Route.proxyPoster },
  { key: 'info', title: '吧主资料', url: Route.proxyInfo },
  { key: 'set', title: '提现设置', url: Route.proxySet },
] as const

export type AgentEntryKey = (typeof AGENT_ENTRIES)[number]['key']
