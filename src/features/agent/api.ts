/**
 * The agent programme's calls (吧主, issue 18; app-spec section 7 "Agent programme"), one function
 * each, sent through the refs generated from their declarations in types/api/agent.ts. The query
 * style is used (the spec names it); the REST twins serve the same. Operators' calls are not here:
 * operators work over HTTP (the README's operator section).
 */
import * as agentCalls from '@/types/api/calls/agent.gen'
import type {
  AgentCoupon,
  AgentDetail,
  AgentOrdersReq,
  AgentPoster,
  ApplyReq,
  ApplyStatus,
  BillLine,
  Member,
  MemberOrder,
  ModifyCardReq,
  Notice,
  SpreadUserInfo,
  WithdrawCardInfo,
  Withdrawal,
} from '@/types/api/agent'
import type { Page } from '@/types/api/envelope'
import { call } from '@/core/request'
import { AgentLimits, type CouponFilter } from '@rules/agent'

export const AGENT_PAGE_SIZE = AgentLimits.pageSize
/** Pickers (members for a coupon, coupons for a member) take the largest page. */
export const PICKER_PAGE_SIZE = AgentLimits.pageSizeMax

// ---- application and the agent ----------------------------------------------------------------

/** Silent: it decides which page opens; the page says what went wrong. */
export const fetchApplyStatus = (): Promise<ApplyStatus> =>
  call(agentCalls.applyStatus.query, {}, { silent: true })

export const applyAgent = (req: ApplyReq): Promise<ApplyStatus> => call(agentCalls.apply.query, req)

/**
 * The agent home. `silent` where the page shows the failure itself (a reader who is no agent is
 * shown the application instead of a toast).
 */
export const fetchAgentDetail = (silent = false): Promise<AgentDetail> =>
  call(agentCalls.detail.query, {}, { silent })

export const fetchPoster = (): Promise<AgentPoster> => call(agentCalls.poster.query, {})

export const fetchSpreadUserInfo = (): Promise<SpreadUserInfo> =>
  call(agentCalls.spreadUserInfo.query, {})

// ---- members and their orders -----------------------------------------------------------------

export const fetchMembers = (
  page: number,
  pageSize: number = AGENT_PAGE_SIZE,
): Promise<Page<Member>> => call(agentCalls.members.query, { page, pageSize })

export const fetchAgentOrders = (req: AgentOrdersReq): Promise<Page<MemberOrder>> =>
  call(agentCalls.orders.query, req)

// ---- money ------------------------------------------------------------------------------------

export const fetchBill = (page: number): Promise<Page<BillLine>> =>
  call(agentCalls.bill.query, { page, pageSize: AGENT_PAGE_SIZE })

export const fetchCardInfo = (): Promise<WithdrawCardInfo> => call(agentCalls.cardInfo.query, {})

export const modifyCard = (req: ModifyCardReq): Promise<WithdrawCardInfo> =>
  call(agentCalls.modifyCard.query, req)

export const fetchWithdrawals = (page: number): Promise<Page<Withdrawal>> =>
  call(agentCalls.withdrawals.query, { page, pageSize: AGENT_PAGE_SIZE })

export const withdraw = (amountFen: number): Promise<Withdrawal> =>
  call(agentCalls.withdraw.query, { amountFen })

// ---- coupons ----------------------------------------------------------------------------------

export const fetchAgentCoupons = (
  state: CouponFilter,
  page: number,
  pageSize: number = AGENT_PAGE_SIZE,
): Promise<Page<AgentCoupon>> => call(agentCalls.coupons.query, { state, page, pageSize })

export const fetchCouponRecords = (page: number): Promise<Page<AgentCoupon>> =>
  call(agentCalls.couponRecords.query, { page, pageSize: AGENT_PAGE_SIZE })

export const giveCoupon = (couponId: number, memberId: number): Promise<AgentCoupon> =>
  call(agentCalls.giveCoupon.query, { couponId, memberId })

// ---- notices ----------------------------------------------------------------------------------

export const fetchNotices = (page: number): Promise<Page<Notice>> =>
  call(agentCalls.notices.query, { page, pageSize: AGENT_PAGE_SIZE })

/** The whole notice; the server marks it read. */
export const fetchNotice = (id: number): Promise<Notice> =>
  call(agentCalls.noticeDetail.query, { id })
