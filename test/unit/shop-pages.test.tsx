/**
 * The shop in jsdom against faked calls, and its pure rules: money from fen, codes, the pay flow on
 * each platform (the local double's 模拟支付, requestPayment, WeChat's bridge, elsewhere refused)
 * and the poll until the server has the order paid; the shop's front (hot, search checked, kinds),
 * a product (quantity within stock and 5, 立即购买 paying and opening 我的订单), 我的订单 (tabs,
 * countdown, 取消订单, 去支付) and 兑换中心 (the code checked and normalised, the result, the list).
 */
import { act, fireEvent, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import * as request from '@/core/request'
import * as shopApi from '@/features/shop/api'
import { payPlatformOf, payWith, waitUntilPaid, type PayDeps } from '@/features/shop/pay'
import { countdownText, formatShopTime } from '@/features/shop/time'
import { redeemedText } from '@/features/shop/useConversion'
import { keepsIn, orderFilterOf, payLeft } from '@/features/shop/useMyOrders'
import { buyBlocked, clampQuantity, maxQuantity } from '@/features/shop/useProduct'
import { shopKeywordError } from '@/features/shop/useShop'
import { galleryOf } from '@/features/shop/components/ProductView'
import type { Order, PayOrderRes, Product, ProductDetail, RedeemRes } from '@/types/api/shop'
import {
  formatFen,
  formatRedeemCode,
  normalizeRedeemCode,
  redeemCodeError,
  ShopText,
} from '@rules/shop'
import { byTestId, field, recordTaroCalls, showPage, tap } from './helpers/pages'
import { setUpTaroDom } from './helpers/taroDom'

const router = { params: {} as Record<string, string> }

jest.mock('@tarojs/plugin-framework-react/dist/runtime', () =>
  jest
    .requireActual<typeof import('./helpers/pageHooks')>('./helpers/pageHooks')
    .fakePageHooks(
      [
        'useDidShow',
        'useDidHide',
        'usePullDownRefresh',
        'useReachBottom',
        'usePageScroll',
        'useShareAppMessage',
      ],
      { useRouter: () => router },
    ),
)
jest.mock('@/features/shop/api')
// The platform's pay calls: the local double here (H5 outside WeChat).
const mockPayDeps = { current: null as null | Partial<PayDeps> }
jest.mock('@/features/shop/payDeps', () => {
  const actual = jest.requireActual('@/features/shop/payDeps')
  return {
    ...actual,
    platformPayDeps: () => ({ ...actual.platformPayDeps(), ...mockPayDeps.current }),
  }
})
const api = jest.mocked(shopApi)

const NOW = 1_741_579_200 // 2025-03-10 12:00 in China

const product = (id: number, extra: Partial<Product> = {}): Product => ({
  id,
  kind: 'book',
  bookId: 1,
  name: `商品${id}`,
  cover: '',
  priceFen: 2990,
  stock: 10,
  sales: 3,
  hot: false,
  onSale: true,
  ...extra,
})

const detail = (extra: Partial<ProductDetail> = {}): ProductDetail => ({
  ...product(1, { name: '论语（赠书）' }),
  images: ['/a.png'],
  description: '精装本\n附注释',
  book: { id: 1, name: '论语', author: '孔子', cover: '' },
  createdAt: NOW,
  ...extra,
})

const order = (id: number, extra: Partial<Order> = {}): Order => ({
  id,
  orderNo: `NO${id}`,
  productId: 1,
  kind: 'book',
  name: '论语（赠书）',
  cover: '',
  priceFen: 2990,
  quantity: 2,
  amountFen: 5980,
  state: 'pending',
  source: 'buy',
  createdAt: NOW,
  expiresAt: NOW + 1800,
  paidAt: null,
  cancelledAt: null,
  transactionId: '',
  couponId: null,
  discountFen: 0,
  refundedAt: null,
  ...extra,
})

const payRes = (o: Order, payMode: 'wechat' | 'local' = 'local'): PayOrderRes => ({
  order: o,
  payMode,
  payParams: {
    appId: 'wxapp',
    timeStamp: '1',
    nonceStr: 'n',
    package: 'prepay_id=P1',
    signType: 'RSA',
    paySign: 's',
  },
  prepayId: 'P1',
})

const pageOf = <T,>(list: T[], total = list.length) => ({ list, total, page: 1, pageSize: 10 })

/** Fake platform calls; every one recorded. */
function fakeDeps(extra: Partial<PayDeps> = {}): PayDeps & { calls: string[] } {
  const calls: string[] = []
  return {
    calls,
    env: 'h5',
    requestPayment: async () => {
      calls.push('requestPayment')
    },
    bridgePay: async () => {
      calls.push('bridge')
      return 'get_brand_wcpay_request:ok'
    },
    confirm: async (title) => {
      calls.push(`confirm:${title}`)
      return true
    },
    confirmLocal: async (prepayId) => {
      calls.push(`local:${prepayId}`)
    },
    fetchOrder: async (id) => {
      calls.push(`poll:${id}`)
      return order(id, { state: 'paid' })
    },
    sleep: async () => undefined,
    formatAmount: formatFen,
    ...extra,
  }
}

let navigated: string[] = []
let toasts: string[] = []

beforeAll(() => setUpTaroDom())
beforeEach(() => {
  jest.clearAllMocks()
  router.params = {}
  ;({ navigated, toasts } = recordTaroCalls())
  mockPayDeps.current = null
  // No coupons of the agent programme here (test/unit/agent-pages.test.tsx has them).
  api.fetchUsableCoupons.mockResolvedValue(pageOf([]))
})

const show = (path: string, loggedIn: boolean) => showPage(`pagesA/${path}`, loggedIn)

describe('money, codes and order rules', () => {
  it('shows fen as yuan and codes in groups', () => {
    expect(formatFen(2990)).toBe('¥29.90')
    expect(formatFen(5)).toBe('¥0.05')
    expect(formatFen(0)).toBe('¥0.00')
    expect(normalizeRedeemCode(' demo-book 0001 ')).toBe('DEMOBOOK0001')
    expect(formatRedeemCode('DEMOBOOK0001')).toBe('DEMO-BOOK-0001')
    expect(redeemCodeError('')).toBe(ShopText.codeMissing)
    expect(redeemCodeError('abc')).toBe(ShopText.codeFormat)
    expect(redeemCodeError('demo-book-0001')).toBeNull()
    expect(shopKeywordError('字'.repeat(31))).toBe(ShopText.keywordTooLong)
    expect(shopKeywordError(' 论语 ')).toBeNull()
  })

  it('keeps the quantity within the stock and five', () => {
    expect(maxQuantity(detail({ stock: 2 }))).toBe(2)
    expect(maxQuantity(detail({ stock: 50 }))).toBe(5)
    expect(clampQuantity(0, 5)).toBe(1)
    expect(clampQuantity(9, 5)).toBe(5)
    expect(clampQuantity(3, 0)).toBe(1)
    expect(buyBlocked(detail({ stock: 0 }))).toBe(ShopText.outOfStock)
    expect(buyBlocked(detail({ onSale: false }))).toBe(ShopText.productOffSale)
    expect(buyBlocked(detail())).toBeNull()
    expect(galleryOf('/c.png', ['/a.png', '/c.png', ''])).toEqual(['/c.png', '/a.png'])
  })

  it('counts down an unpaid order and files orders under their tabs', () => {
    expect(countdownText(1745)).toBe('29:05')
    expect(countdownText(-3)).toBe('0:00')
    expect(payLeft(order(1), (NOW + 60) * 1000)).toBe(1740)
    expect(payLeft(order(1, { state: 'paid' }), NOW * 1000)).toBe(0)
    expect(keepsIn('all', 'cancelled')).toBe(true)
    expect(keepsIn('pending', 'paid')).toBe(false)
    expect(orderFilterOf('paid')).toBe('paid')
    expect(orderFilterOf('nope')).toBe('all')
    expect(formatShopTime(NOW)).toBe('2025-03-10 12:00')
  })
})

describe('paying', () => {
  it('with the local double: 模拟支付, the confirm posted, then polled until paid', async () => {
    let polls = 0
    const deps = fakeDeps({
      fetchOrder: async (id) => {
        polls += 1
        return order(id, { state: polls < 3 ? 'pending' : 'paid' })
      },
    })
    expect(await payWith(payRes(order(4)), deps)).toBe('paid')
    expect(deps.calls).toEqual(['confirm:模拟支付', 'local:P1'])
    expect(polls).toBe(3)
  })

  it('the payer declining 模拟支付 pays nothing', async () => {
    const deps = fakeDeps({ confirm: async () => false })
    expect(await payWith(payRes(order(4)), deps)).toBe('cancelled')
    expect(deps.calls).toEqual([])
  })

  it('in the mini-program through requestPayment, without the appId', async () => {
    const seen: unknown[] = []
    const deps = fakeDeps({
      env: 'weapp',
      requestPayment: async (params) => {
        seen.push(params)
      },
    })
    expect(await payWith(payRes(order(4), 'wechat'), deps)).toBe('paid')
    expect(seen).toEqual([
      { timeStamp: '1', nonceStr: 'n', package: 'prepay_id=P1', signType: 'RSA', paySign: 's' },
    ])
    const cancelled = fakeDeps({
      env: 'weapp',
      requestPayment: () => Promise.reject(new Error('requestPayment:fail cancel')),
    })
    expect(await payWith(payRes(order(4), 'wechat'), cancelled)).toBe('cancelled')
    expect(cancelled.calls).toEqual([])
  })

  it("in WeChat's browser through the bridge; elsewhere it cannot pay", async () => {
    const deps = fakeDeps({ env: 'wechat-h5' })
    expect(await payWith(payRes(order(4), 'wechat'), deps)).toBe('paid')
    expect(deps.calls).toEqual(['bridge', 'poll:4'])
    const cancelled = fakeDeps({
      env: 'wechat-h5',
      bridgePay: async () => 'get_brand_wcpay_request:cancel',
    })
    expect(await payWith(payRes(order(4), 'wechat'), cancelled)).toBe('cancelled')
    await expect(payWith(payRes(order(4), 'wechat'), fakeDeps())).rejects.toThrow(
      '请在微信中打开后支付',
    )
    expect(payPlatformOf('wechat-h5')).toBe('h5')
    expect(payPlatformOf('weapp')).toBe('weapp')
    expect(payPlatformOf('h5')).toBeUndefined()
  })

  it('the poll gives up, or stops when the order closed', async () => {
    const pending = fakeDeps({ fetchOrder: async (id) => order(id) })
    expect(await waitUntilPaid(4, pending, 3)).toBe('unconfirmed')
    const closed = fakeDeps({ fetchOrder: async (id) => order(id, { state: 'cancelled' }) })
    expect(await waitUntilPaid(4, closed, 3)).toBe('closed')
  })
})

describe('the shop', () => {
  it('shows the hot products and all products, checks the search and filters by kind', async () => {
    api.fetchHotProducts.mockResolvedValue([product(1, { name: '热门一', hot: true })])
    api.searchProducts.mockResolvedValue(pageOf([product(2, { name: '好书二' })]))
    const view = await show('shop/shop', false)
    await view.findByText('热门一')
    await view.findByText('好书二')
    expect(view.getAllByText('¥29.90').length).toBeGreaterThan(0)
    const input = await field(view.container, 'input[name="keyword"]')
    await act(async () => {
      fireEvent.input(input, { target: { value: '字'.repeat(31) } })
    })
    await tap(byTestId(view.container, 'shop-search-go'))
    await view.findByText(ShopText.keywordTooLong)
    await act(async () => {
      fireEvent.input(input, { target: { value: ' 论语 ' } })
    })
    await tap(byTestId(view.container, 'shop-search-go'))
    await waitFor(() =>
      expect(api.searchProducts).toHaveBeenLastCalledWith({
        keyword: '论语',
        page: 1,
        pageSize: 10,
      }),
    )
    await tap(byTestId(view.container, 'shop-kind-goods'))
    await waitFor(() =>
      expect(api.searchProducts).toHaveBeenLastCalledWith({
        keyword: '论语',
        kind: 'goods',
        page: 1,
        pageSize: 10,
      }),
    )
    await tap(byTestId(view.container, 'product-2'))
    expect(navigated).toEqual(['/pagesA/shop/shop?id=2'])
  })

  it('a product: a guest is asked to log in to buy', async () => {
    router.params = { id: '1' }
    const prompt = jest.spyOn(request, 'promptLogin').mockImplementation(() => undefined)
    api.fetchProduct.mockResolvedValue(detail())
    const view = await show('shop/shop', false)
    await view.findByText('附注释')
    await tap(byTestId(view.container, 'product-buy'))
    expect(prompt).toHaveBeenCalledTimes(1)
    expect(api.createOrder).not.toHaveBeenCalled()
  })

  it('a reader buys two: the order is made, paid through the double, and 我的订单 opens', async () => {
    router.params = { id: '1' }
    api.fetchProduct.mockResolvedValue(detail({ stock: 2 }))
    api.createOrder.mockResolvedValue(payRes(order(9)))
    const confirmLocal = jest.fn(async () => undefined)
    mockPayDeps.current = {
      env: 'h5',
      confirm: async () => true,
      confirmLocal,
      fetchOrder: async (id) => order(id, { state: 'paid' }),
      sleep: async () => undefined,
    }
    const view = await show('shop/shop', true)
    await view.findByText('附注释')
    await tap(byTestId(view.container, 'qty-plus'))
    await tap(byTestId(view.container, 'qty-plus'))
    expect(byTestId(view.container, 'qty').textContent).toBe('2')
    expect(byTestId(view.container, 'product-buy').textContent).toBe('立即购买 ¥59.80')
    await tap(byTestId(view.container, 'product-buy'))
    await waitFor(() => expect(navigated).toEqual(['/pagesA/mine/myOrder?state=paid']), {
      timeout: 3000,
    })
    expect(api.createOrder).toHaveBeenCalledWith({ productId: 1, quantity: 2 })
    expect(confirmLocal).toHaveBeenCalledWith('P1')
    expect(toasts).toContain('支付成功')
  })
})

describe('我的订单', () => {
  it('lists orders with the countdown, cancels one after a confirmation and pays another', async () => {
    jest.spyOn(Date, 'now').mockReturnValue((NOW + 65) * 1000)
    api.fetchOrders.mockResolvedValue(pageOf([order(1), order(2), order(3, { state: 'paid' })]))
    api.cancelOrder.mockResolvedValue(order(1, { state: 'cancelled' }))
    api.payOrder.mockResolvedValue(payRes(order(2)))
    api.fetchOrder.mockResolvedValue(order(2, { state: 'paid' }))
    mockPayDeps.current = {
      env: 'h5',
      confirm: async () => true,
      confirmLocal: async () => undefined,
      fetchOrder: async (id) => order(id, { state: 'paid' }),
      sleep: async () => undefined,
    }
    const modal = jest
      .spyOn(Taro, 'showModal')
      .mockResolvedValue({ confirm: true, cancel: false } as never)
    const view = await show('mine/myOrder', true)
    await view.findByText('订单号 NO3')
    expect(byTestId(view.container, 'order-countdown-1').textContent).toBe('剩余 28:55')
    expect(byTestId(view.container, 'order-state-3').textContent).toBe('已付款')
    expect(byTestId(view.container, 'order-pay-3')).toBeNull()
    await tap(byTestId(view.container, 'order-cancel-1'))
    expect(modal).toHaveBeenCalledTimes(1)
    await waitFor(() =>
      expect(byTestId(view.container, 'order-state-1').textContent).toBe('已取消'),
    )
    expect(api.cancelOrder).toHaveBeenCalledWith(1)
    await tap(byTestId(view.container, 'order-pay-2'))
    await waitFor(() =>
      expect(byTestId(view.container, 'order-state-2').textContent).toBe('已付款'),
    )
    expect(api.payOrder).toHaveBeenCalledWith(2, undefined)
    await tap(byTestId(view.container, 'order-tab-pending'))
    await waitFor(() =>
      expect(api.fetchOrders).toHaveBeenLastCalledWith({ state: 'pending', page: 1, pageSize: 10 }),
    )
  })

  it('asks a guest to log in', async () => {
    const view = await show('mine/myOrder', false)
    await view.findByText('登录后查看我的订单')
    expect(api.fetchOrders).not.toHaveBeenCalled()
  })
})

describe('兑换中心', () => {
  const redeemed = (kind: 'book' | 'product'): RedeemRes => ({
    redemption: {
      id: 5,
      code: 'DEMO-BOOK-0001',
      kind,
      name: kind === 'book' ? '论语' : '书签',
      cover: '',
      booksOrderId: kind === 'book' ? 3 : null,
      orderId: kind === 'book' ? null : 8,
      createdAt: NOW,
    },
    copy: null,
    order: kind === 'book' ? null : order(8, { state: 'paid', source: 'redeem', amountFen: 0 }),
  })

  it('checks the code, sends it normalised, shows what it gave and lists it', async () => {
    api.fetchRedemptions
      .mockResolvedValueOnce(pageOf([]))
      .mockResolvedValue(pageOf([redeemed('book').redemption]))
    api.redeemCode.mockResolvedValue(redeemed('book'))
    const view = await show('mine/conversion', true)
    await view.findByText('还没有兑换记录')
    const submit = await field(
      view.container,
      '[data-testid="redeem-submit"] taro-button-core, [data-testid="redeem-submit"] button',
    )
    const input = await field(view.container, 'input[name="code"]')
    await act(async () => {
      fireEvent.input(input, { target: { value: 'abc' } })
    })
    await tap(submit)
    await view.findByText(ShopText.codeFormat)
    expect(api.redeemCode).not.toHaveBeenCalled()
    await act(async () => {
      fireEvent.input(input, { target: { value: 'demo-book 0001' } })
    })
    await tap(submit)
    await waitFor(() => expect(api.redeemCode).toHaveBeenCalledWith('DEMOBOOK0001'))
    await view.findByText('兑换成功：获得《论语》一本')
    await view.findByText(/DEMO-BOOK-0001/)
    expect(redeemedText(redeemed('product'))).toBe('兑换成功：“书签”，可在我的订单中查看')
  })

  it('asks a guest to log in', async () => {
    const view = await show('mine/conversion', false)
    await view.findByText('登录后才能兑换')
  })
})
