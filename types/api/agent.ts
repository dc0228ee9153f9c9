/**
 * The agent programme contract (吧主, issue 18; app-spec section 7 "Agent programme", section 6 bar
 * owner, and User.User.GetSpreadUserInfo).
 *
 * Names: the spec names User.Mer_User.{Detail, Apply, ModifyWithdrawCard, WithdrawCardInfo,
 * MerUserList, GetApplyStatus, GetPoster}, User.Mer_UserWithdraw.Lst, User.Mer_Order.Lst,
 * User.Mer_UserBill.Lst, User.Mer_Coupon.{Lst, RecordList} and User.User.GetSpreadUserInfo. Ours:
 * User.Mer_UserWithdraw.Apply (a withdrawal), User.Mer_Coupon.Give, User.Coupon.MyList (a member's
 * coupons, for the shop), User.Mer_Notice.{Lst, Detail}, and the operators' User.Mer_Admin.*. Every
 * call is served in both styles; the REST paths under /api/agent/ are ours.
 *
 * Who: an agent is a reader whose application an operator approved. Agent calls answer anyone else
 * 403 '您还不是吧主'; operator calls answer readers 403 '仅运营人员可以操作'.
 *
 * Members: a reader bound to an agent by User.User.BindSpid (the spid of the agent's share link or
 * poster) is that agent's member, once and for good.
 *
 * Money is integer fen (`…Fen`); a person types yuan with at most two decimals and the app converts
 * once (rules/agent.ts yuanToFen). Commission: when a member's order is paid (the verified payment
 * notification), the agent gets floor(amount × rate) at the agent's rate then, 'pending' until the
 * order can no longer be refunded (REFUND_WINDOW_SECONDS after payment, 7 days by default), then
 * 'settled'; a refund before that (operators: shop refundOrder) cancels it. Balance = settled
 * commission − withdrawals not failed. A withdrawal needs a card, at least ¥1.00, at most the
 * balance, and no other pending one; operators mark it paid (the money left through the bank,
 * outside this system) or failed (the amount is back in the balance).
 *
 * Coupons: operators allocate cash coupons to an agent; the agent gives one to a member; the member
 * names it when ordering in the shop (shop createOrder `couponId`: one per order, before it expires,
 * the order's amount at least the coupon's threshold). An unpaid order holds it; cancelled or expired,
 * the coupon is back; paid, it is used.
 *
 * Times are unix seconds.
 */
import {
  AgentLimits,
  AgentText,
  APPLY_STATES,
  BILL_KINDS,
  COMMISSION_FILTERS,
  COMMISSION_STATES,
  COUPON_FILTERS,
  COUPON_STATES,
  WITHDRAW_STATES,
} from '@rules/agent'
import { ORDER_STATES } from '@rules/shop'
import {
  call,
  Flag,
  Id,
  NoInput,
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

export { AgentLimits, AgentText }

const NullableInt = Type.Union([Type.Integer(), Type.Null()])
const PAGES = `pages of 1..${AgentLimits.pageSizeMax} (default ${AgentLimits.pageSize})`
const NOT_AGENT = "Agents only (anyone else: 403 '您还不是吧主')."
const OPERATORS =
  "Operators only (readers: 403 '仅运营人员可以操作'; an operator who is also an agent cannot review, rate, allocate to or settle for themselves: 403 '不能处理自己的吧主事务，请由其他运营人员操作')."

/** A person as lists show them. */
export const AgentPerson = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
})
export type AgentPerson = Static<typeof AgentPerson>

// ---- application ------------------------------------------------------------------------------------

export const Application = Type.Object({
  id: Type.Integer(),
  /** The applicant's real name as written (it matches their verified real name). */
  realName: Type.String(),
  phone: Type.String(),
  region: Type.String(),
  reason: Type.String(),
  state: OneOf(['pending', 'approved', 'rejected'] as const),
  /** Why an operator rejected it ('' otherwise). */
  rejectReason: Type.String(),
  createdAt: Type.Integer(),
  reviewedAt: NullableInt,
})
export type Application = Static<typeof Application>

export const ApplyStatus = Type.Object({
  /** 'none' (never applied), 'pending', 'approved' (an agent), 'rejected' (may apply again). */
  state: OneOf(APPLY_STATES),
  /** The latest application (null for 'none'). */
  application: Type.Union([Application, Type.Null()]),
  /** My verified real name, masked ('' before real-name verification: apply needs it). */
  verifiedName: Type.String(),
})
export type ApplyStatus = Static<typeof ApplyStatus>

/** An application as operators review it. */
export const AdminApplication = Type.Object({
  ...Application.properties,
  user: AgentPerson,
})
export type AdminApplication = Static<typeof AdminApplication>

// ---- the agent --------------------------------------------------------------------------------------

export const AgentDetail = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  /** Masked ('张*'). */
  realName: Type.String(),
  /** Masked ('138****8000'). */
  phone: Type.String(),
  region: Type.String(),
  /** Commission rate in basis points (1000 = 10%). */
  rateBp: Type.Integer(),
  /** When the application was approved. */
  since: Type.Integer(),
  memberCount: Type.Integer(),
  /** Settled commission − withdrawals not failed: what may be withdrawn. */
  balanceFen: Type.Integer(),
  /** Commission not yet settled (its orders can still be refunded). */
  pendingFen: Type.Integer(),
  /** All commission settled so far, and all withdrawals paid so far. */
  settledTotalFen: Type.Integer(),
  withdrawnFen: Type.Integer(),
  /** Commission (pending or settled, not cancelled) of orders paid today and this month (China time). */
  todayFen: Type.Integer(),
  monthFen: Type.Integer(),
  unreadNotices: Type.Integer(),
  /** Coupons allocated and not yet given. */
  unissuedCoupons: Type.Integer(),
  hasCard: Type.Boolean(),
})
export type AgentDetail = Static<typeof AgentDetail>

export const AgentPoster = Type.Object({
  /** URL path of the poster PNG (made once per agent and link; cached). */
  image: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  /** The link its QR code holds: the app's home with my id as spid. */
  link: Type.String(),
})
export type AgentPoster = Static<typeof AgentPoster>

export const SpreadUserInfo = Type.Object({
  /** Who referred me (null: nobody). */
  referrer: Type.Union([
    Type.Object({ ...AgentPerson.properties, isAgent: Type.Boolean() }),
    Type.Null(),
  ]),
  /** When I was bound (null: not bound, or bound before this was recorded). */
  boundAt: NullableInt,
})
export type SpreadUserInfo = Static<typeof SpreadUserInfo>

export const Member = Type.Object({
  ...AgentPerson.properties,
  /** When they were bound to me. */
  joinedAt: NullableInt,
  /** Their paid orders (not refunded): how many, and the amount paid. */
  orderCount: Type.Integer(),
  orderTotalFen: Type.Integer(),
  /** My commission from them (pending and settled). */
  commissionFen: Type.Integer(),
})
export type Member = Static<typeof Member>

/** A member's paid order and my commission on it. */
export const MemberOrder = Type.Object({
  orderId: Type.Integer(),
  orderNo: Type.String(),
  name: Type.String(),
  cover: Type.String(),
  quantity: Type.Integer(),
  amountFen: Type.Integer(),
  /** 'paid', or 'refunded' once refunded. */
  orderState: OneOf(ORDER_STATES),
  paidAt: Type.Integer(),
  member: AgentPerson,
  rateBp: Type.Integer(),
  commissionFen: Type.Integer(),
  commissionState: OneOf(COMMISSION_STATES),
  /** When a pending commission settles (the end of the refund window). */
  settleAt: Type.Integer(),
})
export type MemberOrder = Static<typeof MemberOrder>

/** One line of my bill: a commission (+) or a withdrawal (−). */
export const BillLine = Type.Object({
  /** 'c<id>' for a commission, 'w<id>' for a withdrawal. */
  key: Type.String(),
  kind: OneOf(BILL_KINDS),
  /** Signed: commission positive, withdrawal negative. */
  amountFen: Type.Integer(),
  /** The commission's or the withdrawal's state. */
  state: OneOf([...COMMISSION_STATES, ...WITHDRAW_STATES.filter((s) => s !== 'pending')] as const),
  /** '佣金 · <product>' or '提现 · <bank> 尾号<last4>'. */
  title: Type.String(),
  at: Type.Integer(),
})
export type BillLine = Static<typeof BillLine>

export const WithdrawCard = Type.Object({
  holder: Type.String(),
  bank: Type.String(),
  /** '6222 **** **** 1234' */
  cardNo: Type.String(),
  updatedAt: Type.Integer(),
})
export type WithdrawCard = Static<typeof WithdrawCard>

export const WithdrawCardInfo = Type.Object({
  card: Type.Union([WithdrawCard, Type.Null()]),
  /** My verified real name, masked ('' before verification): the card's holder must be it. */
  verifiedName: Type.String(),
})
export type WithdrawCardInfo = Static<typeof WithdrawCardInfo>

export const Withdrawal = Type.Object({
  id: Type.Integer(),
  amountFen: Type.Integer(),
  state: OneOf(WITHDRAW_STATES),
  /** The card as it was when asked for (masked). */
  bank: Type.String(),
  holder: Type.String(),
  cardNo: Type.String(),
  createdAt: Type.Integer(),
  settledAt: NullableInt,
  /** The operator's note: the bank's reference, or why it failed. */
  note: Type.String(),
})
export type Withdrawal = Static<typeof Withdrawal>

/** A withdrawal as operators pay it: the whole card number and who asked. */
export const AdminWithdrawal = Type.Object({
  ...Withdrawal.properties,
  fullCardNo: Type.String(),
  agent: AgentPerson,
})
export type AdminWithdrawal = Static<typeof AdminWithdrawal>

// ---- coupons ----------------------------------------------------------------------------------------

export const AgentCoupon = Type.Object({
  id: Type.Integer(),
  /** What it takes off an order. */
  valueFen: Type.Integer(),
  /** The order amount (before the coupon) it needs at least; always above valueFen. */
  minOrderFen: Type.Integer(),
  expiresAt: Type.Integer(),
  state: OneOf(COUPON_STATES),
  /** The member it was given to (null while unissued). */
  holder: Type.Union([AgentPerson, Type.Null()]),
  givenAt: NullableInt,
  usedAt: NullableInt,
  /** The order that used or holds it. */
  orderId: NullableInt,
})
export type AgentCoupon = Static<typeof AgentCoupon>

/** A coupon of mine (given to me by my agent), for the shop. */
export const MyCoupon = Type.Object({
  id: Type.Integer(),
  valueFen: Type.Integer(),
  minOrderFen: Type.Integer(),
  expiresAt: Type.Integer(),
  state: OneOf(COUPON_STATES),
  /** Given, not expired: an order may name it. */
  usable: Type.Boolean(),
  /** The agent who gave it. */
  from: AgentPerson,
  givenAt: Type.Integer(),
  usedAt: NullableInt,
  orderId: NullableInt,
})
export type MyCoupon = Static<typeof MyCoupon>

export const AllocatedCoupons = Type.Object({
  count: Type.Integer(),
  ids: Type.Array(Type.Integer()),
})
export type AllocatedCoupons = Static<typeof AllocatedCoupons>

// ---- notices ----------------------------------------------------------------------------------------

export const Notice = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** Plain text (newlines between paragraphs); lists give the first 60 characters. */
  content: Type.String(),
  read: Type.Boolean(),
  createdAt: Type.Integer(),
})
export type Notice = Static<typeof Notice>

// ---- input pieces -----------------------------------------------------------------------------------

const rateBp = Type.Integer({
  minimum: 0,
  maximum: AgentLimits.rateMaxBp,
  'x-error': AgentText.rateInvalid,
})
const fen = (max: number, error: string) =>
  Type.Integer({ minimum: 1, maximum: max, 'x-error': error })

export const agentApi = {
  applyStatus: call({
    summary:
      "My application's state ('none', 'pending', 'approved', 'rejected' with the reason) and my masked verified real name. The app calls it silently (no toast) to choose which agent page to open.",
    auth: true,
    rest: { method: 'POST', path: '/api/agent/findApplyStatus' },
    query: { method: 'POST', name: 'User.Mer_User.GetApplyStatus' },
    input: NoInput,
    answer: ApplyStatus,
  }),
  apply: call({
    summary: `Applies to be an agent: \`realName\` (the real-name rule, and equal to my verified real name: unverified 400 '请先完成实名认证', another 400 '姓名须与实名认证一致'), \`phone\`, \`region\` (1..${AgentLimits.regionMaxChars}), \`reason\` (${AgentLimits.reasonMinChars}..${AgentLimits.reasonMaxChars}), \`agree\` 1 (the agreement, else 400). One at a time: pending 400 '您的申请正在审核中', approved 400 '您已经是吧主了'; after a rejection one may apply again.`,
    auth: true,
    rest: { method: 'POST', path: '/api/agent/apply' },
    query: { method: 'POST', name: 'User.Mer_User.Apply' },
    input: Type.Object({
      realName: Required(AgentText.realNameInvalid, 40),
      phone: Required(AgentText.phoneInvalid, 20),
      region: Required(AgentText.regionMissing, AgentLimits.regionMaxChars * 4),
      reason: Required(AgentText.reasonTooShort, AgentLimits.reasonMaxChars * 4),
      agree: Flag(),
    }),
    answer: ApplyStatus,
  }),
  detail: call({
    summary: `My agent home: profile, rate, member count, balance, pending, today's and this month's commission, unread notices, coupons to give, whether a card is set. ${NOT_AGENT}`,
    auth: true,
    rest: { method: 'GET', path: '/api/agent/findDetail' },
    query: { method: 'GET', name: 'User.Mer_User.Detail' },
    input: NoInput,
    answer: AgentDetail,
  }),
  poster: call({
    summary: `My poster: a PNG with my nickname, the app's name and a QR code of my share link (the home with my id as spid), made once and cached until the nickname or link changes. ${NOT_AGENT}`,
    auth: true,
    rest: { method: 'GET', path: '/api/agent/findPoster' },
    query: { method: 'GET', name: 'User.Mer_User.GetPoster' },
    input: NoInput,
    answer: AgentPoster,
  }),
  spreadUserInfo: call({
    summary: 'Who referred me (the reader my BindSpid bound me to; null: nobody) and when.',
    auth: true,
    rest: { method: 'GET', path: '/api/agent/findSpreadUserInfo' },
    query: { method: 'GET', name: 'User.User.GetSpreadUserInfo' },
    input: NoInput,
    answer: SpreadUserInfo,
  }),
  members: call({
    summary: `My members (readers bound to me), newest first, with when they joined, their paid orders and my commission from them; ${PAGES}. ${NOT_AGENT}`,
    auth: true,
    rest: { method: 'GET', path: '/api/agent/findMemberList' },
    query: { method: 'GET', name: 'User.Mer_User.MerUserList' },
    input: Type.Object({ ...Paging }),
    answer: PageOf(Member),
  }),
  orders: call({
    summary: `My members' paid orders with my commission, newest first; \`state\` 'all' (default), 'pending', 'settled' or 'cancelled' (the commission's); ${PAGES}. ${NOT_AGENT}`,
    auth: true,
    rest: { method: 'GET', path: '/api/agent/findOrderList' },
    query: { method: 'GET', name: 'User.Mer_Order.Lst' },
    input: Type.Object({
      state: Type.Optional(OneOf(COMMISSION_FILTERS, AgentText.stateInvalid)),
      ...Paging,
    }),
    answer: PageOf(MemberOrder),
  }),
  bill: call({
    summary: `My bill: commission lines (+) and withdrawals (−), newest first; ${PAGES}. ${NOT_AGENT}`,
    auth: true,
    rest: { method: 'GET', path: '/api/agent/findBillList' },
    query: { method: 'GET', name: 'User.Mer_UserBill.Lst' },
    input: Type.Object({ ...Paging }),
    answer: PageOf(BillLine),
  }),
  cardInfo: call({
    summary: `My withdrawal card (number masked; null when none) and my masked verified name. ${NOT_AGENT}`,
    auth: true,
    rest: { method: 'GET', path: '/api/agent/findWithdrawCard' },
    query: { method: 'GET', name: 'User.Mer_User.WithdrawCardInfo' },
    input: NoInput,
    answer: WithdrawCardInfo,
  }),
  modifyCard: call({
    summary: `Sets my withdrawal card: \`holder\` equal to my verified real name (unverified 400 '请先完成实名认证', else 400 '持卡人须与实名认证姓名一致'), \`bank\` (1..${AgentLimits.bankMaxChars}), \`cardNo\` (${AgentLimits.cardMinDigits}..${AgentLimits.cardMaxDigits} digits, spaces ignored, with its Luhn check digit, else 400 '请输入正确的银行卡号'). Answered masked. ${NOT_AGENT}`,
    auth: true,
    rest: { method: 'POST', path: '/api/agent/modifyWithdrawCard' },
    query: { method: 'POST', name: 'User.Mer_User.ModifyWithdrawCard' },
    input: Type.Object({
      holder: Required(AgentText.holderMismatch, 40),
      bank: Required(AgentText.bankMissing, AgentLimits.bankMaxChars * 4),
      cardNo: Required(AgentText.cardInvalid, 40),
    }),
    answer: WithdrawCardInfo,
  }),
  withdrawals: call({
    summary: `My withdrawals, newest first; ${PAGES}. ${NOT_AGENT}`,
    auth: true,
    rest: { method: 'GET', path: '/api/agent/findWithdrawList' },
    query: { method: 'GET', name: 'User.Mer_UserWithdraw.Lst' },
    input: Type.Object({ ...Paging }),
    answer: PageOf(Withdrawal),
  }),
  withdraw: call({
    summary: `Asks to withdraw \`amountFen\` to my card: at least ${AgentLimits.withdrawMinFen} (400 '单次提现不能少于¥1.00'), at most the balance (400 '提现金额超过可提现余额'); no card: 400 '请先设置提现银行卡'; another pending: 400 '已有一笔提现正在处理，请等待到账后再申请'. Concurrent asks never take the balance below zero. ${NOT_AGENT}`,
    auth: true,
    rest: { method: 'POST', path: '/api/agent/withdraw' },
    query: { method: 'POST', name: 'User.Mer_UserWithdraw.Apply' },
    input: Type.Object({
      amountFen: Type.Integer({
        minimum: 0,
        maximum: 2_147_483_647,
        'x-error': AgentText.amountInvalid,
      }),
    }),
    answer: Withdrawal,
  }),
  coupons: call({
    summary: `Coupons allocated to me: \`state\` 'unissued' (default: still to give) or 'all', newest first; ${PAGES}. ${NOT_AGENT}`,
    auth: true,
    rest: { method: 'GET', path: '/api/agent/findCouponList' },
    query: { method: 'GET', name: 'User.Mer_Coupon.Lst' },
    input: Type.Object({
      state: Type.Optional(OneOf(COUPON_FILTERS, AgentText.stateInvalid)),
      ...Paging,
    }),
    answer: PageOf(AgentCoupon),
  }),
  couponRecords: call({
    summary: `The coupons I gave (given, in use, used), latest given first; ${PAGES}. ${NOT_AGENT}`,
    auth: true,
    rest: { method: 'GET', path: '/api/agent/findCouponRecordList' },
    query: { method: 'GET', name: 'User.Mer_Coupon.RecordList' },
    input: Type.Object({ ...Paging }),
    answer: PageOf(AgentCoupon),
  }),
  giveCoupon: call({
    summary: `Gives one of my unissued coupons to one of my members (not mine: 404 '优惠券不存在'; given already: 400 '该优惠券已发放'; expired: 400 '优惠券已过期'; not my member: 400 '该用户不是您的会员'). ${NOT_AGENT}`,
    auth: true,
    rest: { method: 'POST', path: '/api/agent/giveCoupon' },
    query: { method: 'POST', name: 'User.Mer_Coupon.Give' },
    input: Type.Object({
      couponId: Id(AgentText.couponNotFound),
      memberId: Id(AgentText.memberNotFound),
    }),
    answer: AgentCoupon,
  }),
  myCoupons: call({
    summary: `Coupons given to me, usable ones first (then newest); \`usable\` 1: only those an order may name now; ${PAGES}.`,
    auth: true,
    rest: { method: 'GET', path: '/api/agent/findMyCouponList' },
    query: { method: 'GET', name: 'User.Coupon.MyList' },
    input: Type.Object({ usable: Type.Optional(Flag()), ...Paging }),
    answer: PageOf(MyCoupon),
  }),
  notices: call({
    summary: `Notices to me (to every agent, or to me), newest first, with read state; \`content\` cut to 60 characters; ${PAGES}. ${NOT_AGENT}`,
    auth: true,
    rest: { method: 'GET', path: '/api/agent/findNoticeList' },
    query: { method: 'GET', name: 'User.Mer_Notice.Lst' },
    input: Type.Object({ ...Paging }),
    answer: PageOf(Notice),
  }),
  noticeDetail: call({
    summary: `A notice in full; marks it read (not to me: 404 '通知不存在'). ${NOT_AGENT}`,
    auth: true,
    rest: { method: 'GET', path: '/api/agent/findNoticeDetail' },
    query: { method: 'GET', name: 'User.Mer_Notice.Detail' },
    input: Type.Object({ id: Id(AgentText.noticeNotFound) }),
    answer: Notice,
  }),

  // ---- operators ------------------------------------------------------------------------------------

  adminApplications: call({
    summary: `Applications, oldest pending first: \`state\` 'pending' (default), 'approved', 'rejected'; ${PAGES}. ${OPERATORS}`,
    auth: true,
    rest: { method: 'GET', path: '/api/agent/admin/findApplyList' },
    query: { method: 'GET', name: 'User.Mer_Admin.ApplyList' },
    input: Type.Object({
      state: Type.Optional(
        OneOf(['pending', 'approved', 'rejected'] as const, AgentText.stateInvalid),
      ),
      ...Paging,
    }),
    answer: PageOf(AdminApplication),
  }),
  reviewApplication: call({
    summary: `Approves (\`approve\` 1, optional \`rateBp\` 0..${AgentLimits.rateMaxBp}, default ${AgentLimits.defaultRateBp}) or rejects (\`approve\` 0, \`reason\` 1..${AgentLimits.rejectReasonMaxChars}) a pending application (not pending: 400 '该申请已处理'). ${OPERATORS}`,
    auth: true,
    rest: { method: 'POST', path: '/api/agent/admin/review' },
    query: { method: 'POST', name: 'User.Mer_Admin.Review' },
    input: Type.Object({
      id: Id(AgentText.applicationNotFound),
      approve: Flag(),
      reason: Type.Optional(Trimmed(AgentLimits.rejectReasonMaxChars * 4)),
      rateBp: Type.Optional(rateBp),
    }),
    answer: AdminApplication,
  }),
  setRate: call({
    summary: `Sets an agent's commission rate for orders paid from now on (\`rateBp\` 0..${AgentLimits.rateMaxBp}). ${OPERATORS}`,
    auth: true,
    rest: { method: 'POST', path: '/api/agent/admin/setRate' },
    query: { method: 'POST', name: 'User.Mer_Admin.SetRate' },
    input: Type.Object({ userId: Id(AgentText.agentNotFound), rateBp }),
    answer: Type.Object({ userId: Type.Integer(), rateBp: Type.Integer() }),
  }),
  allocateCoupons: call({
    summary: `Allocates \`count\` (1..${AgentLimits.couponAllocateMax}) coupons of \`valueFen\` to an agent, usable on orders of at least \`minOrderFen\` (above the value), until \`expiresAt\` (later than now). ${OPERATORS}`,
    auth: true,
    rest: { method: 'POST', path: '/api/agent/admin/allocateCoupons' },
    query: { method: 'POST', name: 'User.Mer_Admin.AllocateCoupons' },
    input: Type.Object({
      userId: Id(AgentText.agentNotFound),
      count: Type.Integer({
        minimum: 1,
        maximum: AgentLimits.couponAllocateMax,
        'x-error': AgentText.couponCountInvalid,
      }),
      valueFen: fen(AgentLimits.couponValueMaxFen, AgentText.couponValueInvalid),
      minOrderFen: fen(1_000_000_000, AgentText.couponMinInvalid),
      expiresAt: Type.Integer({
        minimum: 1,
        maximum: 99_999_999_999,
        'x-error': AgentText.expiresInvalid,
      }),
    }),
    answer: AllocatedCoupons,
  }),
  adminWithdrawals: call({
    summary: `Withdrawals to pay: \`state\` 'pending' (default, oldest first), 'paid' or 'failed' (newest first), with the whole card number; ${PAGES}. ${OPERATORS}`,
    auth: true,
    rest: { method: 'GET', path: '/api/agent/admin/findWithdrawList' },
    query: { method: 'GET', name: 'User.Mer_Admin.WithdrawList' },
    input: Type.Object({
      state: Type.Optional(OneOf(WITHDRAW_STATES, AgentText.stateInvalid)),
      ...Paging,
    }),
    answer: PageOf(AdminWithdrawal),
  }),
  settleWithdrawal: call({
    summary: `Records a pending withdrawal as \`state\` 'paid' (the money left through the bank) or 'failed' (back in the balance), with a \`note\` (at most ${AgentLimits.withdrawNoteMaxChars}); not pending: 400 '该提现已处理'. Nothing is sent from here. ${OPERATORS}`,
    auth: true,
    rest: { method: 'POST', path: '/api/agent/admin/settleWithdraw' },
    query: { method: 'POST', name: 'User.Mer_Admin.SettleWithdraw' },
    input: Type.Object({
      id: Id(AgentText.withdrawNotFound),
      state: OneOf(['paid', 'failed'] as const, AgentText.stateInvalid),
      note: Type.Optional(Trimmed(AgentLimits.withdrawNoteMaxChars * 4)),
    }),
    answer: AdminWithdrawal,
  }),
  sendNotice: call({
    summary: `Sends a notice (\`title\` 1..${AgentLimits.noticeTitleMaxChars}, plain-text \`content\` 1..${AgentLimits.noticeContentMaxChars}) to every agent, or to one (\`userId\`). ${OPERATORS}`,
    auth: true,
    rest: { method: 'POST', path: '/api/agent/admin/sendNotice' },
    query: { method: 'POST', name: 'User.Mer_Admin.SendNotice' },
    input: Type.Object({
      title: Required(AgentText.noticeTitleMissing, AgentLimits.noticeTitleMaxChars * 4),
      content: Required(AgentText.noticeContentMissing, AgentLimits.noticeContentMaxChars * 4),
      userId: OptionalId(AgentText.agentNotFound),
    }),
    answer: Type.Object({ id: Type.Integer() }),
  }),
}

export type ApplyReq = CallInput<typeof agentApi.apply>
export type MembersReq = CallInput<typeof agentApi.members>
export type AgentOrdersReq = CallInput<typeof agentApi.orders>
export type BillReq = CallInput<typeof agentApi.bill>
export type ModifyCardReq = CallInput<typeof agentApi.modifyCard>
export type WithdrawalsReq = CallInput<typeof agentApi.withdrawals>
export type WithdrawReq = CallInput<typeof agentApi.withdraw>
export type AgentCouponsReq = CallInput<typeof agentApi.coupons>
export type CouponRecordsReq = CallInput<typeof agentApi.couponRecords>
export type GiveCouponReq = CallInput<typeof agentApi.giveCoupon>
export type MyCouponsReq = CallInput<typeof agentApi.myCoupons>
export type NoticesReq = CallInput<typeof agentApi.notices>
export type NoticeDetailReq = CallInput<typeof agentApi.noticeDetail>
export type AdminApplicationsReq = CallInput<typeof agentApi.adminApplications>
export type ReviewApplicationReq = CallInput<typeof agentApi.reviewApplication>
export type SetRateReq = CallInput<typeof agentApi.setRate>
export type AllocateCouponsReq = CallInput<typeof agentApi.allocateCoupons>
export type AdminWithdrawalsReq = CallInput<typeof agentApi.adminWithdrawals>
export type SettleWithdrawalReq = CallInput<typeof agentApi.settleWithdrawal>
export type SendNoticeReq = CallInput<typeof agentApi.sendNotice>
