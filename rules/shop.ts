/**
 * Shop, orders and redemption (issue 16): the limits, texts and small pure helpers the app's shop,
 * order and redemption pages and the server share. Money is integer fen everywhere; `formatFen`
 * turns it into the ¥x.xx a reader sees. Pure: no Taro import.
 */

export const ShopLimits = {
  /** A search keyword (matched in product names and descriptions). */
  keywordMaxChars: 30,
  /** The hot products the shop (and home) shows at most. */
  hotMax: 10,
  /** A product's name and description (operators). */
  nameMaxChars: 40,
  descriptionMaxChars: 2000,
  /** Images of one product besides its cover. */
  imagesMax: 9,
  /** The highest price a product may have (¥1,000,000). */
  priceMaxFen: 100_000_000,
  stockMax: 1_000_000,
  /** Lists: page size by default and at most. */
  pageSize: 10,
  pageSizeMax: 50,
} as const

export const OrderLimits = {
  /** An unpaid order is cancelled this long after it was made, and its stock given back. */
  payMinutes: 30,
  /** Copies (or pieces) in one order. */
  maxQuantity: 5,
  /** Unpaid orders one reader may have at once. */
  maxPending: 5,
  /**
   * Orders one reader may make in an hour (each asks WeChat Pay for a prepayment and holds stock):
   * a make-and-cancel loop cannot flood the payment API or keep scarce stock held.
   */
  hourlyMax: 30,
} as const

export const RedeemLimits = {
  /** A code is 12 letters and digits (shown in groups of 4: XXXX-XXXX-XXXX). */
  codeLength: 12,
  /** Wrong codes (unknown, used or expired) a reader may try in the window. */
  wrongMax: 5,
  /**
   * Wrong codes from one address in the window, all its readers together: many readers share an
   * address (a school's NAT, a proxy without TRUST_PROXY), so only guessing at scale stops them.
   */
  addressWrongMax: 50,
  wrongWindowMs: 10 * 60_000,
  /** Codes one operator call makes at most. */
  createMax: 500,
  batchMaxChars: 40,
} as const

/**
 * The letters of generated codes: no 0/O, 1/I/L, so a code read aloud or off paper is typed right.
 * Codes typed in are matched as letters and digits (the seeded demo codes use others too).
 */
export const REDEEM_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

export const PRODUCT_KINDS = ['book', 'goods'] as const
export type ProductKind = (typeof PRODUCT_KINDS)[number]

export const ORDER_STATES = ['pending', 'paid', 'cancelled', 'refunded'] as const
export type OrderState = (typeof ORDER_STATES)[number]

/** The order list's tabs: every state, or one. */
export const ORDER_FILTERS = ['all', ...ORDER_STATES] as const
export type OrderFilter = (typeof ORDER_FILTERS)[number]

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  pending: '待付款',
  paid: '已付款',
  cancelled: '已取消',
  refunded: '已退款',
}

export const ORDER_FILTER_LABELS: Record<OrderFilter, string> = {
  all: '全部',
  ...ORDER_STATE_LABELS,
}

/** Where an order came from: bought, or a product taken with a redeem code (amount 0). */
export const ORDER_SOURCES = ['buy', 'redeem'] as const
export type OrderSource = (typeof ORDER_SOURCES)[number]

/** What a redeem code gives: a copy of a book, or one piece of a product. */
export const REDEEM_KINDS = ['book', 'product'] as const
export type RedeemKind = (typeof REDEEM_KINDS)[number]

/** Which WeChat app pays: the mini-program, or the official account (H5 in WeChat's browser). */
export const PAY_PLATFORMS = ['weapp', 'h5'] as const
export type PayPlatform = (typeof PAY_PLATFORMS)[number]

/**
 * How the app pays: 'wechat' hands the params to requestPayment (weapp) or WeixinJSBridge
 * getBrandWCPayRequest (H5 in WeChat); 'local' is the development double: POST DEV_PAY_CONFIRM_PATH
 * {prepayId} stands in for the payer (never in production).
 */
export const PAY_MODES = ['wechat', 'local'] as const
export type PayMode = (typeof PAY_MODES)[number]

/** The local payment double's confirm (a development route, local requests only). */
export const DEV_PAY_CONFIRM_PATH = '/dev/pay/confirm'

/** Where WeChat Pay sends its payment notifications (configure it as WECHAT_PAY_NOTIFY_URL). */
export const PAY_NOTIFY_PATH = '/api/pay/wechat/notify'

export const ShopText = {
  productNotFound: '商品不存在',
  productOffSale: '商品已下架',
  bookNotFound: '书籍不存在',
  orderNotFound: '订单不存在',
  outOfStock: '库存不足',
  quantityInvalid: `购买数量为1到${OrderLimits.maxQuantity}件`,
  tooManyPending: `待付款订单最多${OrderLimits.maxPending}个，请先支付或取消`,
  tooManyOrders: '下单过于频繁，请稍后再试',
  orderExpired: '订单已过期',
  orderNotPending: '订单不是待付款状态',
  payUnavailable: '支付暂不可用',
  payFailed: '支付下单失败，请稍后在我的订单中重新支付',
  wechatLoginNeeded: '请先使用微信登录后再支付',
  keywordTooLong: `搜索词不能超过${ShopLimits.keywordMaxChars}个字`,
  kindInvalid: '商品类型不正确',
  stateInvalid: '订单状态不正确',
  platformInvalid: '支付平台不正确',
  nameMissing: '请输入商品名称',
  nameTooLong: `商品名称不能超过${ShopLimits.nameMaxChars}个字`,
  descriptionTooLong: `商品介绍不能超过${ShopLimits.descriptionMaxChars}个字`,
  priceInvalid: '价格无效',
  stockInvalid: '库存无效',
  imageInvalid: '图片地址无效',
  tooManyImages: `商品图片最多${ShopLimits.imagesMax}张`,
  bookIdMissing: '请选择书籍',
  codeMissing: '请输入兑换码',
  codeFormat: `兑换码为${RedeemLimits.codeLength}位字母或数字`,
  codeUnknown: '兑换码不存在',
  codeUsed: '兑换码已被使用',
  codeExpired: '兑换码已过期',
  codeTooMany: '尝试次数过多，请稍后再试',
  countInvalid: `一次生成1到${RedeemLimits.createMax}个兑换码`,
  expiresInvalid: '过期时间必须晚于现在',
  batchTooLong: `批次名称不能超过${RedeemLimits.batchMaxChars}个字`,
  notOperator: '仅运营人员可以操作',
} as const

/** ¥ with two decimals of an amount in fen (1250 → '¥12.50'); negative amounts keep their sign. */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : ''
  const abs = Math.abs(Math.trunc(fen))
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** A code as typed, upper-cased without spaces and dashes ('demo-book 0001' → 'DEMOBOOK0001'). */
export function normalizeRedeemCode(typed: string): string {
  return typed.replace(/[\s\-_－—]+/g, '').toUpperCase()
}

/** What is wrong with a code as typed (after normalising), or null. */
export function redeemCodeError(typed: string): string | null {
  const code = normalizeRedeemCode(typed)
  if (!code) return ShopText.codeMissing
  if (!/^[A-Z0-9]+$/.test(code) || code.length !== RedeemLimits.codeLength)
    return ShopText.codeFormat
  return null
}

/** A normalised code in groups of four for display ('DEMOBOOK0001' → 'DEMO-BOOK-0001'). */
export function formatRedeemCode(code: string): string {
  return (code.match(/.{1,4}/g) ?? []).join('-')
}

/** Whole seconds until an unpaid order expires (0 when past), from unix seconds. */
export function secondsToPay(expiresAt: number, nowMs: number): number {
  return Math.max(0, expiresAt - Math.floor(nowMs / 1000))
}
