/**
 * The shop contract (issue 16; app-spec section 7 "Shop and ads", App.Mall.RemoteToken and
 * /api/order/findBooksOrderList): products (books as gift copies, and goods), orders paid with
 * WeChat Pay, the reader's book copies, the redemption centre, and the home posters.
 *
 * Names: the spec names App.Index.MallHotProduct, User.Mall.SearchMallProduct,
 * User.Mall.GetMallProductInfo, App.Mall.RemoteToken, App.Advert.PosterList and the REST path
 * /api/order/findBooksOrderList. Every other name and path here is ours: the REST paths under
 * /api/shop/ and /api/order/, and the query names User.Mall.* (products), User.Mall_Order.* (orders)
 * and User.Redeem.* (redemption). Every call but PosterList is served in both styles.
 *
 * Money is integer fen (`priceFen`, `amountFen`; rules/shop.ts formatFen shows ¥x.xx). Times are
 * unix seconds. Texts the reader sees are Chinese (rules/shop.ts ShopText).
 *
 * Paying (never decided by the client):
 * 1. createOrder (or payOrder for a pending order) answers the order, `payMode` and `payParams`.
 * 2. `payMode: 'wechat'`: in the mini-program pass `payParams` to `Taro.requestPayment`
 *    (timeStamp, nonceStr, package, signType, paySign); on H5 inside WeChat's browser pass them (with
 *    appId) to `WeixinJSBridge.invoke('getBrandWCPayRequest', payParams, cb)`, and create the order
 *    with `platform: 'h5'` (the official account's openid pays; 'weapp', the default, is the
 *    mini-program's). A reader without a WeChat login for that app gets 400 '请先使用微信登录后再支付'.
 * 3. `payMode: 'local'` (development and tests only: the server has no WeChat Pay merchant
 *    configured, never in production): a 模拟支付 button posts `POST /dev/pay/confirm` with the JSON
 *    body `{prepayId}` (REST envelope; rules/shop.ts DEV_PAY_CONFIRM_PATH). It builds the signed,
 *    encrypted notification WeChat Pay would send and feeds it to our notification route, so the
 *    order is paid exactly as by WeChat. It is served to requests from the server's own machine only.
 * 4. Then poll orderDetail until `state` is 'paid' (the notification decides; the client's word
 *    never does). WeChat's notification comes to POST /api/pay/wechat/notify (not a call).
 * An unpaid order expires OrderLimits.payMinutes (30) after it was made: it becomes 'cancelled' and
 * its stock is given back (payOrder then answers 400 '订单已过期'). Cancelling (cancelOrder) and
 * expiry also close the order at WeChat Pay, so payment parameters the client still holds cannot pay
 * it (with the local double, /dev/pay/confirm answers 400 '订单已关闭'); a payment WeChat Pay took
 * before the close is still settled: paid when the stock can be taken again, else 'refunded'. In
 * production without WeChat Pay configured, createOrder and payOrder answer 503 '支付暂不可用'.
 *
 * A paid order of a book gives the buyer one copy per quantity (findBooksOrderList: `booksOrderId`
 * is the copy's id, which the gifting issue will let them give away). A redeem code gives a copy of a
 * book, or one piece of a product as a paid order of amount 0 (`source: 'redeem'`).
 */
import {
  formatFen,
  formatRedeemCode,
  normalizeRedeemCode,
  ORDER_FILTERS,
  ORDER_SOURCES,
  ORDER_STATES,
  OrderLimits,
  PAY_MODES,
  PAY_PLATFORMS,
  PRODUCT_KINDS,
  REDEEM_KINDS,
  RedeemLimits,
  ShopLimits,
  ShopText,
} from '@rules/shop'
import { COPY_STATES } from '@rules/gifts'
import { AgentText } from '@rules/agent'
import {
  call,
  Clearable,
  Flag,
  Id,
  List,
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

export {
  formatFen,
  formatRedeemCode,
  normalizeRedeemCode,
  OrderLimits,
  RedeemLimits,
  ShopLimits,
  ShopText,
}

/** Longest texts read before the rules count characters (the rules then give the message). */
export const KEYWORD_READ_MAX = 200
export const NAME_READ_MAX = ShopLimits.nameMaxChars * 4
export const DESCRIPTION_READ_MAX = ShopLimits.descriptionMaxChars * 4
export const IMAGE_READ_MAX = 1000
export const CODE_READ_MAX = 64

const ProductKindOut = OneOf(PRODUCT_KINDS)
const OrderStateOut = OneOf(ORDER_STATES)
const OrderSourceOut = OneOf(ORDER_SOURCES)
const RedeemKindOut = OneOf(REDEEM_KINDS)
const NullableInt = Type.Union([Type.Integer(), Type.Null()])

// ---- home posters (moved here from types/api/stats.ts) -------------------------------------------

export const Poster = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Type.String(),
  /** URL path of the image. */
  image: Type.String(),
  /** An app route ('/pagesA/read/detail?id=3') or an https URL for the web view; may be ''. */
  link: Type.String(),
})
export type Poster = Static<typeof Poster>

// ---- products ---------------------------------------------------------------------------------------

const productFields = {
  id: Type.Integer(),
  /** 'book': a gift copy of a book in the library (bookId); 'goods': a physical thing. */
  kind: ProductKindOut,
  /** The book a 'book' product gives a copy of; null for goods. */
  bookId: NullableInt,
  name: Type.String(),
  /** An image URL path, or '' (the app shows a placeholder). */
  cover: Type.String(),
  priceFen: Type.Integer(),
  /** Pieces left (0: sold out). */
  stock: Type.Integer(),
  /** Pieces sold (paid orders). */
  sales: Type.Integer(),
  hot: Type.Boolean(),
  /** false: off sale (only operators see it). */
  onSale: Type.Boolean(),
}

/** A product in a list. */
export const Product = Type.Object(productFields)
export type Product = Static<typeof Product>

export const ProductBook = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  author: Type.String(),
  cover: Type.String(),
})
export type ProductBook = Static<typeof ProductBook>

/** The product page. */
export const ProductDetail = Type.Object({
  ...productFields,
  /** More images (URL paths) for the gallery, after the cover. */
  images: Type.Array(Type.String()),
  /** Plain text; paragraphs separated by newlines. */
  description: Type.String(),
  /** The book of a 'book' product (null for goods). */
  book: Type.Union([ProductBook, Type.Null()]),
  createdAt: Type.Integer(),
})
export type ProductDetail = Static<typeof ProductDetail>

// ---- orders -----------------------------------------------------------------------------------------

/** An order, with what was bought as it was when ordered (name, cover, unit price). */
export const Order = Type.Object({
  id: Type.Integer(),
  /** Our order number (WeChat Pay's out_trade_no). */
  orderNo: Type.String(),
  productId: Type.Integer(),
  kind: ProductKindOut,
  name: Type.String(),
  cover: Type.String(),
  priceFen: Type.Integer(),
  quantity: Type.Integer(),
  /** What is paid: priceFen × quantity − discountFen. */
  amountFen: Type.Integer(),
  /** The agent coupon the order names (issue 18), and what it took off (0 without one). */
  couponId: NullableInt,
  discountFen: Type.Integer(),
  /** 'pending' 待付款, 'paid' 已付款, 'cancelled' 已取消, 'refunded' 已退款 (rules ORDER_STATE_LABELS). */
  state: OrderStateOut,
  /** 'buy', or 'redeem' (taken with a code: amount 0, paid at once). */
  source: OrderSourceOut,
  createdAt: Type.Integer(),
  /** When an unpaid order is cancelled (createdAt + 30 min); the page counts down to it. */
  expiresAt: Type.Integer(),
  paidAt: NullableInt,
  cancelledAt: NullableInt,
  /** When an operator recorded its refund (refundOrder), else null. */
  refundedAt: NullableInt,
  /** WeChat Pay's transaction id once paid ('' before, and for redeemed orders). */
  transactionId: Type.String(),
})
export type Order = Static<typeof Order>

/**
 * The payment parameters of WeChat Pay JSAPI / mini-program payment: pass them to
 * Taro.requestPayment or WeixinJSBridge getBrandWCPayRequest as they are.
 */
export const PayParams = Type.Object({
  appId: Type.String(),
  timeStamp: Type.String(),
  nonceStr: Type.String(),
  /** 'prepay_id=…' */
  package: Type.String(),
  signType: Type.Literal('RSA'),
  paySign: Type.String(),
})
export type PayParams = Static<typeof PayParams>

/** createOrder's and payOrder's answer: the order and how to pay it. */
export const PayOrderRes = Type.Object({
  order: Order,
  /** 'wechat': real WeChat Pay; 'local': the development double (POST /dev/pay/confirm {prepayId}). */
  payMode: OneOf(PAY_MODES),
  payParams: PayParams,
  /** The prepay id inside payParams.package (the local double's confirm takes it). */
  prepayId: Type.String(),
})
export type PayOrderRes = Static<typeof PayOrderRes>

/** One of my book copies (a paid book order gives one per quantity; a redeemed code one). */
export const BookCopy = Type.Object({
  /** The copy's id (the spec's booksOrderId: what a gift names). */
  booksOrderId: Type.Integer(),
  booksId: Type.Integer(),
  booksName: Type.String(),
  booksCoverSheet: Type.String(),
  author: Type.String(),
  /** 'owned', or 'held' while it is in a waiting gift (issue 17: it cannot be given again then). */
  state: OneOf(COPY_STATES),
  /** 'buy' (orderId set) or 'redeem'. */
  source: OrderSourceOut,
  orderId: NullableInt,
  createdAt: Type.Integer(),
})
export type BookCopy = Static<typeof BookCopy>

/**
 * What POST /dev/pay/confirm {prepayId} answers (the local double only; REST envelope): the order
 * after the notification was handled.
 */
export const DevPayConfirmRes = Type.Object({ orderId: Type.Integer(), state: OrderStateOut })
export type DevPayConfirmRes = Static<typeof DevPayConfirmRes>

// ---- redemption -------------------------------------------------------------------------------------

/** One of my redemptions. */
export const Redemption = Type.Object({
  id: Type.Integer(),
  /** The code as shown (XXXX-XXXX-XXXX). */
  code: Type.String(),
  kind: RedeemKindOut,
  /** What it gave: the book's or product's name and cover. */
  name: Type.String(),
  cover: Type.String(),
  /** The book copy it gave (kind 'book'), else null. */
  booksOrderId: NullableInt,
  /** The order of amount 0 it made (kind 'product'), else null. */
  orderId: NullableInt,
  createdAt: Type.Integer(),
})
export type Redemption = Static<typeof Redemption>

export const RedeemRes = Type.Object({
  redemption: Redemption,
  /** The book copy given (kind 'book'). */
  copy: Type.Union([BookCopy, Type.Null()]),
  /** The paid order of amount 0 (kind 'product'). */
  order: Type.Union([Order, Type.Null()]),
})
export type RedeemRes = Static<typeof RedeemRes>

export const CreatedCodes = Type.Object({
  batch: Type.String(),
  kind: RedeemKindOut,
  /** The new codes as shown (XXXX-XXXX-XXXX): answered this once. */
  codes: Type.Array(Type.String()),
  expiresAt: NullableInt,
})
export type CreatedCodes = Static<typeof CreatedCodes>

export const RemoteTokenRes = Type.Object({
  /**
   * An HS256 JWT (header.payload.signature, base64url) for the external mall: payload
   * {sub: the user id as text, nickname, aud: 'mall', iat, exp = iat + 300}.
   */
  token: Type.String(),
  /** When it stops being valid (unix seconds). */
  expireAt: Type.Integer(),
  /** The external mall's address (MALL_URL), or '' when none is configured. */
  mallUrl: Type.String(),
})
export type RemoteTokenRes = Static<typeof RemoteTokenRes>

// ---- input pieces -----------------------------------------------------------------------------------

const productId = { productId: Id(ShopText.productNotFound) }
const orderId = { id: Id(ShopText.orderNotFound) }
const platform = {
  /** Which WeChat app pays: 'weapp' (default) or 'h5' (the official account in WeChat's browser). */
  platform: Type.Optional(OneOf(PAY_PLATFORMS, ShopText.platformInvalid)),
}
const INT_MAX = 2_147_483_647

const PAGES = `pages of 1..${ShopLimits.pageSizeMax} (default ${ShopLimits.pageSize})`

export const shopApi = {
  posterList: call({
    summary: 'The home banner: the active posters in display order.',
    auth: false,
    query: { method: 'GET', name: 'App.Advert.PosterList' },
    input: NoInput,
    answer: Type.Array(Poster),
  }),
  hotProducts: call({
    summary: `The hot products on sale (at most ${ShopLimits.hotMax}), in the operators' order, then best-selling.`,
    auth: false,
    rest: { method: 'GET', path: '/api/shop/findHotProductList' },
    query: { method: 'GET', name: 'App.Index.MallHotProduct' },
    input: NoInput,
    answer: Type.Array(Product),
  }),
  searchProducts: call({
    summary: `Products on sale: \`keyword\` (at most ${ShopLimits.keywordMaxChars} characters, else 400 '搜索词不能超过30个字') in the name or description, \`kind\` 'book' or 'goods'; in the operators' order, then newest; ${PAGES}. Guests too.`,
    auth: false,
    rest: { method: 'GET', path: '/api/shop/findProductList' },
    query: { method: 'GET', name: 'User.Mall.SearchMallProduct' },
    input: Type.Object({
      keyword: Type.Optional(Trimmed(KEYWORD_READ_MAX)),
      kind: Type.Optional(OneOf(PRODUCT_KINDS, ShopText.kindInvalid)),
      ...Paging,
    }),
    answer: PageOf(Product),
  }),
  productInfo: call({
    summary:
      "A product with its images, description and book (off sale or unknown: 404 '商品不存在'; operators see it off sale too). Guests too.",
    auth: false,
    rest: { method: 'GET', path: '/api/shop/findProductDetail' },
    query: { method: 'GET', name: 'User.Mall.GetMallProductInfo' },
    input: Type.Object({ id: Id(ShopText.productNotFound) }),
    answer: ProductDetail,
  }),
  remoteToken: call({
    summary:
      "A short-lived token for the external mall: an HS256 JWT {sub (user id), nickname, aud 'mall', iat, exp: 5 minutes} signed with MALL_REMOTE_SECRET, and the mall's address (MALL_URL, '' when unset).",
    auth: true,
    rest: { method: 'GET', path: '/api/shop/findRemoteToken' },
    query: { method: 'GET', name: 'App.Mall.RemoteToken' },
    input: NoInput,
    answer: RemoteTokenRes,
  }),
  createOrder: call({
    summary: `Orders \`quantity\` (1..${OrderLimits.maxQuantity}, default 1) of a product on sale and answers how to pay it (see the header). The stock is taken at once (not enough: 400 '库存不足'); at most ${OrderLimits.maxPending} unpaid orders per reader (400) and ${OrderLimits.hourlyMax} orders an hour (429 '下单过于频繁，请稍后再试'); unpaid after ${OrderLimits.payMinutes} minutes it is cancelled and the stock given back. Payment unavailable: 503 '支付暂不可用'.`,
    auth: true,
    rest: { method: 'POST', path: '/api/order/createOrder' },
    query: { method: 'POST', name: 'User.Mall_Order.CreateOrder' },
    input: Type.Object({
      ...productId,
      quantity: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: OrderLimits.maxQuantity,
          'x-error': ShopText.quantityInvalid,
        }),
      ),
      ...platform,
      /**
       * One of my coupons (agent programme, types/api/agent.ts myCoupons): taken off the amount.
       * Not mine, used, held by another unpaid order: 400 '优惠券不可用'; expired: '优惠券已过期';
       * the order below its threshold: '订单金额未达到优惠券使用门槛'. Cancelled or expired, the
       * order gives it back; paid, it is used.
       */
      couponId: OptionalId(AgentText.couponNotUsable),
    }),
    answer: PayOrderRes,
  }),
  payOrder: call({
    summary:
      "Pays again one of my unpaid orders: fresh payment parameters. Expired: it is cancelled (stock back) and 400 '订单已过期'; not unpaid: 400 '订单不是待付款状态'; someone else's: 404 '订单不存在'.",
    auth: true,
    rest: { method: 'POST', path: '/api/order/payOrder' },
    query: { method: 'POST', name: 'User.Mall_Order.PayOrder' },
    input: Type.Object({ ...orderId, ...platform }),
    answer: PayOrderRes,
  }),
  cancelOrder: call({
    summary:
      "Cancels one of my unpaid orders and gives its stock back (not unpaid: 400 '订单不是待付款状态'; someone else's: 404 '订单不存在').",
    auth: true,
    rest: { method: 'POST', path: '/api/order/cancelOrder' },
    query: { method: 'POST', name: 'User.Mall_Order.CancelOrder' },
    input: Type.Object(orderId),
    answer: Order,
  }),
  refundOrder: call({
    summary: `Operators: records the refund of a paid order made through WeChat Pay's merchant platform (nothing is sent from here) within the refund window (REFUND_WINDOW_SECONDS after payment, 7 days by default; later: 400 '已过退款期限'). The stock and any coupon are not given back; a book order's copies are taken back (given away or in a gift: 400 '该订单的书已赠出，无法退款'); an agent's pending commission on it is cancelled. Not paid: 400 '订单不是已付款状态'; taken with a redeem code: 400 '兑换所得的订单不能退款'. Readers: 403 '仅运营人员可以操作'.`,
    auth: true,
    rest: { method: 'POST', path: '/api/order/refundOrder' },
    query: { method: 'POST', name: 'User.Mall_Order.Refund' },
    input: Type.Object(orderId),
    answer: Order,
  }),
  orderList: call({
    summary: `My orders, newest first: \`state\` 'all' (default), 'pending', 'paid', 'cancelled' or 'refunded'; expired unpaid ones show as cancelled; ${PAGES}.`,
    auth: true,
    rest: { method: 'GET', path: '/api/order/findOrderList' },
    query: { method: 'GET', name: 'User.Mall_Order.OrderList' },
    input: Type.Object({
      state: Type.Optional(OneOf(ORDER_FILTERS, ShopText.stateInvalid)),
      ...Paging,
    }),
    answer: PageOf(Order),
  }),
  orderDetail: call({
    summary:
      "One of my orders (someone else's or unknown: 404 '订单不存在'); poll it after paying until `state` is 'paid'.",
    auth: true,
    rest: { method: 'GET', path: '/api/order/findOrderDetail' },
    query: { method: 'GET', name: 'User.Mall_Order.OrderDetail' },
    input: Type.Object(orderId),
    answer: Order,
  }),
  bookCopies: call({
    summary: `My book copies (bought or redeemed), newest first, with the book's name and cover; \`booksOrderId\` is the copy; ${PAGES}.`,
    auth: true,
    rest: { method: 'GET', path: '/api/order/findBooksOrderList' },
    query: { method: 'GET', name: 'User.Mall_Order.BooksOrderList' },
    input: Type.Object({ ...Paging }),
    answer: PageOf(BookCopy),
  }),
  redeemCode: call({
    summary: `Redeems a code (spaces and dashes ignored, any case; not ${RedeemLimits.codeLength} letters or digits: 400): a copy of a book, or one piece of a product as a paid order of amount 0 (no stock: 400 '库存不足', the code stays unused). Used: 400 '兑换码已被使用'; expired: '兑换码已过期'; unknown: '兑换码不存在'. After ${RedeemLimits.wrongMax} wrong codes in 10 minutes by a reader (or ${RedeemLimits.addressWrongMax} from one address, all its readers together): 429 '尝试次数过多，请稍后再试'.`,
    auth: true,
    rest: { method: 'POST', path: '/api/shop/redeemCode' },
    query: { method: 'POST', name: 'User.Redeem.Redeem' },
    input: Type.Object({ code: Required(ShopText.codeMissing, CODE_READ_MAX) }),
    answer: RedeemRes,
  }),
  redeemList: call({
    summary: `My redemptions, newest first; ${PAGES}.`,
    auth: true,
    rest: { method: 'GET', path: '/api/shop/findRedeemList' },
    query: { method: 'GET', name: 'User.Redeem.RedeemList' },
    input: Type.Object({ ...Paging }),
    answer: PageOf(Redemption),
  }),
  createRedeemCodes: call({
    summary: `Operators: makes \`count\` (1..${RedeemLimits.createMax}) codes of a \`kind\`: 'book' (\`bookId\`) or 'product' (\`productId\`), valid until \`expiresAt\` (unix seconds, later than now; absent: no end), in a \`batch\` (a name; default the date). Answers the codes this once. Readers: 403 '仅运营人员可以操作'.`,
    auth: true,
    rest: { method: 'POST', path: '/api/shop/createRedeemCodes' },
    query: { method: 'POST', name: 'User.Redeem.CreateCodes' },
    body: 'json',
    input: Type.Object({
      count: Type.Integer({
        minimum: 1,
        maximum: RedeemLimits.createMax,
        'x-error': ShopText.countInvalid,
      }),
      kind: OneOf(REDEEM_KINDS, ShopText.kindInvalid),
      bookId: OptionalId(ShopText.bookNotFound),
      productId: OptionalId(ShopText.productNotFound),
      expiresAt: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 99_999_999_999, 'x-error': ShopText.expiresInvalid }),
      ),
      batch: Type.Optional(Trimmed(RedeemLimits.batchMaxChars * 4)),
    }),
    answer: CreatedCodes,
  }),
  saveProduct: call({
    summary: `Operators: creates a product (no \`id\`: \`kind\`, \`name\` and \`priceFen\` needed; a 'book' also \`bookId\`) or changes one (\`id\`: the fields sent). \`name\` 1..${ShopLimits.nameMaxChars}, \`description\` at most ${ShopLimits.descriptionMaxChars}, \`cover\` and \`images\` (at most ${ShopLimits.imagesMax}): each one of the operator's own uploads, a seed asset or poster path, or one the product already has (else 400 '图片地址无效'), \`priceFen\` 1..${ShopLimits.priceMaxFen} (free copies go by redeem codes), \`stock\` 0..${ShopLimits.stockMax} (sets it), \`hot\`, \`onSale\`, \`sort\` (smaller first). Readers: 403 '仅运营人员可以操作'.`,
    auth: true,
    rest: { method: 'POST', path: '/api/shop/saveProduct' },
    query: { method: 'POST', name: 'User.Mall.SaveProduct' },
    body: 'json',
    input: Type.Object({
      id: OptionalId(ShopText.productNotFound),
      kind: Type.Optional(OneOf(PRODUCT_KINDS, ShopText.kindInvalid)),
      bookId: OptionalId(ShopText.bookNotFound),
      name: Type.Optional(Trimmed(NAME_READ_MAX)),
      description: Type.Optional(Clearable(DESCRIPTION_READ_MAX)),
      cover: Type.Optional(Clearable(IMAGE_READ_MAX)),
      images: Type.Optional(List(ShopLimits.imagesMax * 2, IMAGE_READ_MAX, ShopText.imageInvalid)),
      priceFen: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: ShopLimits.priceMaxFen,
          'x-error': ShopText.priceInvalid,
        }),
      ),
      stock: Type.Optional(
        Type.Integer({
          minimum: 0,
          maximum: ShopLimits.stockMax,
          'x-error': ShopText.stockInvalid,
        }),
      ),
      hot: Type.Optional(Flag()),
      onSale: Type.Optional(Flag()),
      sort: Type.Optional(Type.Integer({ minimum: -INT_MAX, maximum: INT_MAX })),
    }),
    answer: ProductDetail,
  }),
}

export type SearchProductsReq = CallInput<typeof shopApi.searchProducts>
export type CreateOrderReq = CallInput<typeof shopApi.createOrder>
export type PayOrderReq = CallInput<typeof shopApi.payOrder>
export type RefundOrderReq = CallInput<typeof shopApi.refundOrder>
export type CancelOrderReq = CallInput<typeof shopApi.cancelOrder>
export type OrderListReq = CallInput<typeof shopApi.orderList>
export type OrderDetailReq = CallInput<typeof shopApi.orderDetail>
export type BookCopiesReq = CallInput<typeof shopApi.bookCopies>
export type RedeemCodeReq = CallInput<typeof shopApi.redeemCode>
export type RedeemListReq = CallInput<typeof shopApi.redeemList>
export type CreateRedeemCodesReq = CallInput<typeof shopApi.createRedeemCodes>
export type SaveProductReq = CallInput<typeof shopApi.saveProduct>
