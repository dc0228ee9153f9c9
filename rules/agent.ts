/**
 * The agent programme (吧主, issue 18): the limits, states, texts and pure money helpers the agent
 * pages and the server share. Money is integer fen everywhere; a person types yuan with at most two
 * decimals (rules/validate isDecimal2) and `yuanToFen` converts it once. Pure: no Taro import.
 */
import { isDecimal2 } from './validate'

export const AgentLimits = {
  /** The commission rate of a new agent, in basis points (1000 = 10%); operators change it. */
  defaultRateBp: 1000,
  /** The highest rate operators may set (50%). */
  rateMaxBp: 5000,
  /** The smallest withdrawal (¥1.00) and the largest one (¥50,000.00). */
  withdrawMinFen: 100,
  withdrawMaxFen: 5_000_000,
  /** Application fields. */
  regionMaxChars: 40,
  reasonMinChars: 5,
  reasonMaxChars: 200,
  rejectReasonMaxChars: 100,
  /** A withdrawal card: the bank's name and the card number's digits. */
  bankMaxChars: 20,
  cardMinDigits: 12,
  cardMaxDigits: 19,
  /** Coupons: one operator call allocates at most this many; their value and threshold. */
  couponAllocateMax: 200,
  couponValueMaxFen: 1_000_000,
  /** Notices (operators): title and plain-text content. */
  noticeTitleMaxChars: 40,
  noticeContentMaxChars: 2000,
  /** An operator's note on a settled withdrawal (the bank's reference, or why it failed). */
  withdrawNoteMaxChars: 100,
  /** Lists: page size by default and at most. */
  pageSize: 10,
  pageSizeMax: 50,
} as const

/**
 * How long after payment a paid order can still be refunded (operators: refundOrder): a member's
 * order's commission stays pending this long, then settles. The server's REFUND_WINDOW_SECONDS
 * changes it (the E2E run uses seconds).
 */
export const REFUND_WINDOW_DAYS_DEFAULT = 7

export const APPLY_STATES = ['none', 'pending', 'approved', 'rejected'] as const
export type ApplyState = (typeof APPLY_STATES)[number]

/** A member order's commission: pending (refundable), settled (in the balance) or cancelled. */
export const COMMISSION_STATES = ['pending', 'settled', 'cancelled'] as const
export type CommissionState = (typeof COMMISSION_STATES)[number]
export const COMMISSION_FILTERS = ['all', ...COMMISSION_STATES] as const
export type CommissionFilter = (typeof COMMISSION_FILTERS)[number]

export const COMMISSION_STATE_LABELS: Record<CommissionState, string> = {
  pending: '待结算',
  settled: '已结算',
  cancelled: '已取消',
}

export const WITHDRAW_STATES = ['pending', 'paid', 'failed'] as const
export type WithdrawState = (typeof WITHDRAW_STATES)[number]

export const WITHDRAW_STATE_LABELS: Record<WithdrawState, string> = {
  pending: '处理中',
  paid: '已到账',
  failed: '失败',
}

/** The bill (Mer_UserBill.Lst): commission lines and withdrawals, newest first. */
export const BILL_KINDS = ['commission', 'withdraw'] as const
export type BillKind = (typeof BILL_KINDS)[number]

/**
 * A coupon: allocated to an agent ('unissued'), given to a member ('given'), taken by one of their
 * orders while it is unpaid ('reserved': a cancelled or expired order gives it back), used once the
 * order is paid ('used').
 */
export const COUPON_STATES = ['unissued', 'given', 'reserved', 'used'] as const
export type CouponState = (typeof COUPON_STATES)[number]

/** The agent's coupon page: the ones still to give, or all of them. */
export const COUPON_FILTERS = ['unissued', 'all'] as const
export type CouponFilter = (typeof COUPON_FILTERS)[number]

export const COUPON_STATE_LABELS: Record<CouponState, string> = {
  unissued: '未发放',
  given: '未使用',
  reserved: '使用中',
  used: '已使用',
}

export const AgentText = {
  notAgent: '您还不是吧主',
  operatorOnly: '仅运营人员可以操作',
  /** An operator who is (or applies to be) an agent: their own cases go to another operator. */
  operatorSelf: '不能处理自己的吧主事务，请由其他运营人员操作',
  applyPending: '您的申请正在审核中',
  alreadyAgent: '您已经是吧主了',
  realNameNeeded: '请先完成实名认证',
  realNameMismatch: '姓名须与实名认证一致',
  realNameInvalid: '请输入正确的真实姓名',
  phoneInvalid: '请输入正确的手机号',
  regionMissing: '请填写所在地区',
  regionTooLong: `所在地区不能超过${AgentLimits.regionMaxChars}个字`,
  reasonTooShort: `申请理由至少${AgentLimits.reasonMinChars}个字`,
  reasonTooLong: `申请理由不能超过${AgentLimits.reasonMaxChars}个字`,
  agreementNeeded: '请阅读并同意吧主协议',
  applicationNotFound: '申请不存在',
  applicationDone: '该申请已处理',
  rejectReasonMissing: '请填写驳回理由',
  rejectReasonTooLong: `驳回理由不能超过${AgentLimits.rejectReasonMaxChars}个字`,
  rateInvalid: `佣金比例为0到${AgentLimits.rateMaxBp / 100}%`,
  agentNotFound: '吧主不存在',
  holderMismatch: '持卡人须与实名认证姓名一致',
  bankMissing: '请填写开户银行',
  bankTooLong: `开户银行不能超过${AgentLimits.bankMaxChars}个字`,
  cardInvalid: '请输入正确的银行卡号',
  cardMissing: '请先设置提现银行卡',
  amountInvalid: '请输入正确的金额（最多两位小数）',
  amountTooSmall: `单次提现不能少于¥${(AgentLimits.withdrawMinFen / 100).toFixed(2)}`,
  amountTooLarge: `单次提现不能超过¥${(AgentLimits.withdrawMaxFen / 100).toFixed(2)}`,
  overBalance: '提现金额超过可提现余额',
  withdrawPending: '已有一笔提现正在处理，请等待到账后再申请',
  withdrawNotFound: '提现记录不存在',
  withdrawDone: '该提现已处理',
  withdrawNoteTooLong: `备注不能超过${AgentLimits.withdrawNoteMaxChars}个字`,
  memberNotFound: '该用户不是您的会员',
  couponNotFound: '优惠券不存在',
  couponNotUnissued: '该优惠券已发放',
  couponNotUsable: '优惠券不可用',
  couponExpired: '优惠券已过期',
  couponThreshold: '订单金额未达到优惠券使用门槛',
  couponValueInvalid: `优惠券面额为¥0.01到¥${AgentLimits.couponValueMaxFen / 100}`,
  couponMinInvalid: '使用门槛须高于优惠券面额',
  couponCountInvalid: `一次最多发放${AgentLimits.couponAllocateMax}张`,
  expiresInvalid: '过期时间须晚于现在',
  noticeNotFound: '通知不存在',
  noticeTitleMissing: '请填写通知标题',
  noticeTitleTooLong: `通知标题不能超过${AgentLimits.noticeTitleMaxChars}个字`,
  noticeContentMissing: '请填写通知内容',
  noticeContentTooLong: `通知内容不能超过${AgentLimits.noticeContentMaxChars}个字`,
  stateInvalid: '状态不正确',
  refundWindowPassed: '已过退款期限',
  orderNotPaid: '订单不是已付款状态',
  copiesGone: '该订单的书已赠出，无法退款',
  notRefundable: '兑换所得的订单不能退款',
} as const

/** Yuan as a person typed it (at most two decimals) to fen; null when it is not such a number. */
export function yuanToFen(text: string): number | null {
  const value = text.trim()
  if (!isDecimal2(value)) return null
  const [whole, part = ''] = value.split('.')
  if (whole.length > 9) return null
  return Number(whole) * 100 + Number(part.padEnd(2, '0'))
}

/** The commission of an order: floor(amount × rate), in fen. */
export const commissionFen = (amountFen: number, rateBp: number): number =>
  Math.floor((amountFen * rateBp) / 10_000)

/** A rate in basis points as a person reads it: 1000 → '10%', 1250 → '12.5%'. */
export const formatRate = (rateBp: number): string => `${Number((rateBp / 100).toFixed(2))}%`

/** The Luhn check digit of a bank card number holds (12 to 19 digits). */
export function isBankCard(value: string): boolean {
  const digits = value.replace(/\s+/g, '')
  if (!/^\d+$/.test(digits)) return false
  if (digits.length < AgentLimits.cardMinDigits || digits.length > AgentLimits.cardMaxDigits) {
    return false
  }
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** A card number as answers show it: the first 4 and last 4 digits ('6222 **** **** 1234'). */
export function maskCard(cardNo: string): string {
  const digits = cardNo.replace(/\D/g, '')
  if (digits.length < 8) return '****'
  return `${digits.slice(0, 4)} **** **** ${digits.slice(-4)}`
}
