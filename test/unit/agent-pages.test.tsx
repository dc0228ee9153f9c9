/**
 * The agent programme's pages (吧主, issue 18) in jsdom against faked calls, and their pure rules:
 * the forms' checks (the application, the withdrawal in yuan, the card with its Luhn digit), the
 * application page following the status (approved → the agent home, pending → 审核中, rejected →
 * the reason and the form again), the agent home (its numbers, or the application for a reader
 * who is no agent), 资金明细's withdrawal, 提现设置, giving a coupon (from 优惠券 and from 我的会员),
 * a notice shown as text, the mine tab's entry, and the shop's coupon picker (the discount, 实付,
 * and createOrder naming the coupon).
 */
import { act, fireEvent, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import * as request from '@/core/request'
import * as agentApi from '@/features/agent/api'
import { agentEntryUrl, applyStatusRef, openAgentCenter } from '@/features/agent/entry'
import * as agentCalls from '@/types/api/calls/agent.gen'
import {
  applyFormError,
  billStateLabel,
  cardFormError,
  couponStateLabel,
  formatDay,
  matchesMaskedName,
  paragraphs,
  signedFen,
  withdrawAllText,
  withdrawCheck,
} from '@/features/agent/format'
import { isAlbumDenied, savePoster } from '@/features/agent/savePoster'
import { entryBadge } from '@/features/agent/useAgentHome'
import * as shopApi from '@/features/shop/api'
import { bestCoupon, chosenCoupon, couponProblem, payableFen } from '@/features/shop/coupons'
import type { PayDeps } from '@/features/shop/pay'
import type {
  AgentCoupon,
  AgentDetail,
  ApplyStatus,
  Member,
  MyCoupon,
  Notice,
  WithdrawCardInfo,
} from '@/types/api/agent'
import type { Order, PayOrderRes, ProductDetail } from '@/types/api/shop'
import { AgentText } from '@rules/agent'
import { ValidationText } from '@rules/validate'
import { byTestId, field, recordTaroCalls, showPage, tap } from './helpers/pages'
import { setUpTaroDom } from './helpers/taroDom'

const router = { params: {} as Record<string, string> }

type Handler = () => void
type HookKind = 'show' | 'pullDown'

// useDidShow and usePullDownRefresh keep each page's latest handler; `fire` calls them as Taro
// would when the page shows again or is pulled down.
jest.mock('@tarojs/plugin-framework-react/dist/runtime', () => {
  const React = jest.requireActual('react')
  const pageHook = (kind: HookKind) => (fn: Handler) => {
    const ref = React.useRef(fn)
    ref.current = fn
    React.useEffect(() => {
      const registry = ((
        globalThis as { agentPageHandlers?: Record<HookKind, Set<Handler>> }
      ).agentPageHandlers ??= { show: new Set(), pullDown: new Set() })
      const call = () => ref.current()
      registry[kind].add(call)
      return () => void registry[kind].delete(call)
    }, [])
  }
  return jest
    .requireActual<typeof import('./helpers/pageHooks')>('./helpers/pageHooks')
    .fakePageHooks(['useDidHide', 'useReachBottom', 'usePageScroll', 'useShareAppMessage'], {
      useRouter: () => router,
      useDidShow: pageHook('show'),
      usePullDownRefresh: pageHook('pullDown'),
    })
})

const fire = async (kind: HookKind) => {
  const registry = (globalThis as { agentPageHandlers?: Record<HookKind, Set<Handler>> })
    .agentPageHandlers
  await act(async () => {
    registry?.[kind].forEach((fn) => fn())
    await Promise.resolve()
  })
}
jest.mock('@/features/agent/api')
jest.mock('@/features/shop/api')
const mockPayDeps = { current: null as null | Partial<PayDeps> }
jest.mock('@/features/shop/payDeps', () => {
  const actual = jest.requireActual('@/features/shop/payDeps')
  return {
    ...actual,
    platformPayDeps: () => ({ ...actual.platformPayDeps(), ...mockPayDeps.current }),
  }
})
const api = jest.mocked(agentApi)
const shop = jest.mocked(shopApi)

const NOW = 1_741_579_200 // 2025-03-10 12:00 in China
const DAY = 86_400

const pageOf = <T,>(list: T[], total = list.length) => ({ list, total, page: 1, pageSize: 10 })

const status = (extra: Partial<ApplyStatus> = {}): ApplyStatus => ({
  state: 'none',
  application: null,
  verifiedName: '林**',
  ...extra,
})

const application = (state: 'pending' | 'rejected', extra = {}) => ({
  id: 3,
  realName: '林书友',
  phone: '13800000001',
  region: '浙江省杭州市',
  reason: '想组织小区读书会',
  state,
  rejectReason: state === 'rejected' ? '理由太简单' : '',
  createdAt: NOW,
  reviewedAt: state === 'rejected' ? NOW + 60 : null,
  ...extra,
})

const detail = (extra: Partial<AgentDetail> = {}): AgentDetail => ({
  userId: 7,
  nickname: 'me',
  avatar: '',
  realName: '林**',
  phone: '138****0001',
  region: '浙江省杭州市',
  rateBp: 1000,
  since: NOW - 10 * DAY,
  memberCount: 2,
  balanceFen: 299,
  pendingFen: 150,
  settledTotalFen: 299,
  withdrawnFen: 0,
  todayFen: 150,
  monthFen: 449,
  unreadNotices: 1,
  unissuedCoupons: 3,
  hasCard: true,
  ...extra,
})

const member = (userId: number, extra: Partial<Member> = {}): Member => ({
  userId,
  nickname: `会员${userId}`,
  avatar: '',
  joinedAt: NOW - DAY,
  orderCount: 1,
  orderTotalFen: 2990,
  commissionFen: 299,
  ...extra,
})

const coupon = (id: number, extra: Partial<AgentCoupon> = {}): AgentCoupon => ({
  id,
  valueFen: 500,
  minOrderFen: 2000,
  expiresAt: Math.floor(Date.now() / 1000) + 7 * DAY,
  state: 'unissued',
  holder: null,
  givenAt: null,
  usedAt: null,
  orderId: null,
  ...extra,
})

const myCoupon = (id: number, extra: Partial<MyCoupon> = {}): MyCoupon => ({
  id,
  valueFen: 500,
  minOrderFen: 2000,
  expiresAt: Math.floor(Date.now() / 1000) + 7 * DAY,
  state: 'given',
  usable: true,
  from: { userId: 9, nickname: '吧主', avatar: '' },
  givenAt: NOW,
  usedAt: null,
  orderId: null,
  ...extra,
})

const cardInfo = (extra: Partial<WithdrawCardInfo> = {}): WithdrawCardInfo => ({
  card: null,
  verifiedName: '林**',
  ...extra,
})

let navigated: string[] = []
let redirected: string[] = []
let toasts: string[] = []

beforeAll(() => setUpTaroDom())
beforeEach(() => {
  jest.clearAllMocks()
  router.params = {}
  ;({ navigated, redirected, toasts } = recordTaroCalls())
  mockPayDeps.current = null
})

const show = (path: string, loggedIn = true) => showPage(`pagesB/proxy/${path}`, loggedIn)

const submitOf = (container: HTMLElement, id: string) =>
  field(container, `[data-testid="${id}"] taro-button-core, [data-testid="${id}"] button`)

async function type(container: HTMLElement, name: string, value: string) {
  const el = await field(container, `input[name="${name}"], textarea[name="${name}"]`)
  await act(async () => {
    fireEvent.input(el, { target: { value } })
  })
}

describe('the rules the forms check', () => {
  it('checks an application as the server does', () => {
    const good = {
      realName: ' 林书友 ',
      phone: '13800000001',
      region: '杭州',
      reason: '想带邻居读书',
      agree: true,
    }
    expect(applyFormError(good, '林**')).toBeNull()
    expect(applyFormError(good, '')).toBe(AgentText.realNameNeeded)
    // The server's words: blank, the contract's text; not 2-4 汉字, the real-name rule's.
    expect(applyFormError({ ...good, realName: ' ' }, '林**')).toBe(AgentText.realNameInvalid)
    expect(applyFormError({ ...good, realName: 'lin' }, '林**')).toBe(ValidationText.nameInvalid)
    expect(applyFormError({ ...good, realName: '林' }, '林**')).toBe(ValidationText.nameInvalid)
    expect(applyFormError({ ...good, realName: '张书友' }, '林**')).toBe(AgentText.realNameMismatch)
    expect(applyFormError({ ...good, realName: '林书' }, '林**')).toBe(AgentText.realNameMismatch)
    expect(applyFormError({ ...good, phone: '1380000' }, '林**')).toBe(AgentText.phoneInvalid)
    expect(applyFormError({ ...good, region: ' ' }, '林**')).toBe(AgentText.regionMissing)
    expect(applyFormError({ ...good, region: '地'.repeat(41) }, '林**')).toBe(
      AgentText.regionTooLong,
    )
    expect(applyFormError({ ...good, reason: '读书' }, '林**')).toBe(AgentText.reasonTooShort)
    expect(applyFormError({ ...good, reason: '书'.repeat(201) }, '林**')).toBe(
      AgentText.reasonTooLong,
    )
    expect(applyFormError({ ...good, agree: false }, '林**')).toBe(AgentText.agreementNeeded)
    expect(matchesMaskedName('欧阳娜娜', '欧***')).toBe(true)
    expect(matchesMaskedName('欧阳娜', '欧***')).toBe(false)
  })

  it('converts a withdrawal in yuan to fen once, within the card, minimum and balance', () => {
    expect(withdrawCheck('1.5', 299, true)).toEqual({ fen: 150, error: null })
    expect(withdrawCheck(' 2.99 ', 299, true)).toEqual({ fen: 299, error: null })
    expect(withdrawCheck('1.555', 299, true).error).toBe(AgentText.amountInvalid)
    expect(withdrawCheck('abc', 299, true).error).toBe(AgentText.amountInvalid)
    expect(withdrawCheck('0.99', 299, true).error).toBe(AgentText.amountTooSmall)
    expect(withdrawCheck('3.5', 299, true).error).toBe(AgentText.overBalance)
    expect(withdrawCheck('50000.01', 10_000_000, true).error).toBe(AgentText.amountTooLarge)
    expect(withdrawCheck('1.5', 299, false).error).toBe(AgentText.cardMissing)
    // 全部: the balance in yuan, at most one withdrawal's largest, and what it types passes.
    expect(withdrawAllText(299)).toBe('2.99')
    expect(withdrawAllText(100_000_007)).toBe('50000.00')
    expect(withdrawCheck(withdrawAllText(100_000_007), 100_000_007, true).error).toBeNull()
    expect(withdrawAllText(0)).toBe('')
  })

  it("checks a card: the holder is the verified name, the bank, the number's Luhn digit", () => {
    const good = { holder: '林书友', bank: '招商银行', cardNo: '6212 2640 0001 2345 670' }
    expect(cardFormError(good, '林**')).toBeNull()
    expect(cardFormError(good, '')).toBe(AgentText.realNameNeeded)
    expect(cardFormError({ ...good, holder: '王书友' }, '林**')).toBe(AgentText.holderMismatch)
    expect(cardFormError({ ...good, bank: '' }, '林**')).toBe(AgentText.bankMissing)
    expect(cardFormError({ ...good, bank: '银'.repeat(21) }, '林**')).toBe(AgentText.bankTooLong)
    expect(cardFormError({ ...good, cardNo: '6212 2640 0001 2345 671' }, '林**')).toBe(
      AgentText.cardInvalid,
    )
    expect(cardFormError({ ...good, cardNo: '1234' }, '林**')).toBe(AgentText.cardInvalid)
  })

  it('writes amounts, states and days', () => {
    expect(signedFen(299)).toBe('+¥2.99')
    expect(signedFen(-150)).toBe('-¥1.50')
    expect(formatDay(NOW)).toBe('2025-03-10')
    expect(
      billStateLabel({
        key: 'w1',
        kind: 'withdraw',
        amountFen: -150,
        state: 'pending',
        title: '',
        at: NOW,
      }),
    ).toBe('处理中')
    expect(
      billStateLabel({
        key: 'c1',
        kind: 'commission',
        amountFen: 299,
        state: 'pending',
        title: '',
        at: NOW,
      }),
    ).toBe('待结算')
    const nowMs = Date.now()
    expect(couponStateLabel(coupon(1, { state: 'given' }), nowMs)).toBe('未使用')
    expect(couponStateLabel(coupon(1, { state: 'used', expiresAt: NOW }), nowMs)).toBe('已使用')
    expect(couponStateLabel(coupon(1, { expiresAt: NOW }), nowMs)).toBe('已过期')
    expect(paragraphs('一\n\n 二 \r\n')).toEqual(['一', '二'])
  })

  it('picks the best coupon that fits the order', () => {
    const nowMs = Date.now()
    const small = myCoupon(1, { valueFen: 500, minOrderFen: 2000 })
    const big = myCoupon(2, { valueFen: 1000, minOrderFen: 5000 })
    const spent = myCoupon(3, { valueFen: 2000, minOrderFen: 2100, usable: false })
    expect(bestCoupon([small, big, spent], 2990, nowMs)?.id).toBe(1)
    expect(bestCoupon([small, big, spent], 5980, nowMs)?.id).toBe(2)
    expect(bestCoupon([small, big], 1990, nowMs)).toBeNull()
    expect(chosenCoupon([small, big], 'none', 5980, nowMs)).toBeNull()
    expect(chosenCoupon([small, big], 1, 5980, nowMs)?.id).toBe(1)
    expect(chosenCoupon([small, big], 2, 2990, nowMs)?.id).toBe(1)
    expect(payableFen(2990, small)).toBe(2490)
    expect(payableFen(2990, null)).toBe(2990)
    // Why one cannot be named, in the server's words.
    expect(couponProblem(small, 2990, nowMs)).toBeNull()
    expect(couponProblem(small, 1990, nowMs)).toBe(AgentText.couponThreshold)
    expect(couponProblem(myCoupon(4, { expiresAt: NOW }), 2990, nowMs)).toBe(
      AgentText.couponExpired,
    )
    expect(couponProblem(spent, 2990, nowMs)).toBe(AgentText.couponNotUsable)
  })

  it("badges the home's entries as the tab badge does", () => {
    expect(entryBadge('coupon', detail({ unissuedCoupons: 3 }))).toBe('3')
    expect(entryBadge('coupon', detail({ unissuedCoupons: 150 }))).toBe('99+')
    expect(entryBadge('msg', detail({ unreadNotices: 0 }))).toBeNull()
    expect(entryBadge('member', detail())).toBeNull()
  })
})

describe('申请成为吧主', () => {
  it('sends an agent on to the agent home', async () => {
    api.fetchApplyStatus.mockResolvedValue(status({ state: 'approved' }))
    const view = await show('apply')
    await waitFor(() => expect(redirected).toEqual(['/pagesB/proxy/index']))
    await view.findByText('您已经是吧主了')
  })

  it('shows a pending application as sent, without the form', async () => {
    api.fetchApplyStatus.mockResolvedValue(
      status({ state: 'pending', application: application('pending') }),
    )
    const view = await show('apply')
    await view.findByText('审核中')
    expect(byTestId(view.container, 'apply-state').textContent).toBe('审核中')
    await view.findByText('所在地区：浙江省杭州市')
    expect(byTestId(view.container, 'apply-submit')).toBeNull()
    expect(redirected).toEqual([])
  })

  it('shows a rejection with its reason and the form again, filled', async () => {
    api.fetchApplyStatus.mockResolvedValue(
      status({ state: 'rejected', application: application('rejected') }),
    )
    api.applyAgent.mockResolvedValue(
      status({ state: 'pending', application: application('pending') }),
    )
    const view = await show('apply')
    await view.findByText('驳回理由：理由太简单')
    expect(byTestId(view.container, 'apply-state').textContent).toBe('未通过')
    const region = await field<HTMLInputElement>(view.container, 'input[name="region"]')
    await waitFor(() => expect(region.value).toBe('浙江省杭州市'))
    const submit = await submitOf(view.container, 'apply-submit')
    await tap(submit)
    await view.findByText(AgentText.agreementNeeded)
    await tap(byTestId(view.container, 'apply-agree'))
    await tap(submit)
    await waitFor(() => expect(api.applyAgent).toHaveBeenCalledTimes(1))
    await view.findByText('审核中')
  })

  it('checks the form with the server texts, then applies', async () => {
    api.fetchApplyStatus.mockResolvedValue(status())
    api.applyAgent.mockResolvedValue(
      status({ state: 'pending', application: application('pending') }),
    )
    const view = await show('apply')
    await view.findByText('提交申请')
    await view.findByText(/林\*\*/)
    const submit = await submitOf(view.container, 'apply-submit')
    await tap(submit)
    await view.findByText(AgentText.realNameInvalid)
    await type(view.container, 'realName', '张书友')
    await tap(submit)
    await view.findByText(AgentText.realNameMismatch)
    await type(view.container, 'realName', ' 林书友 ')
    await tap(submit)
    await view.findByText(AgentText.phoneInvalid)
    await type(view.container, 'phone', '13800000001')
    await tap(submit)
    await view.findByText(AgentText.regionMissing)
    await type(view.container, 'region', '浙江省杭州市')
    await tap(submit)
    await view.findByText(AgentText.reasonTooShort)
    await type(view.container, 'reason', '想在小区里组织读书会')
    await tap(submit)
    await view.findByText(AgentText.agreementNeeded)
    expect(api.applyAgent).not.toHaveBeenCalled()
    await tap(byTestId(view.container, 'apply-agree'))
    await tap(submit)
    await waitFor(() =>
      expect(api.applyAgent).toHaveBeenCalledWith({
        realName: '林书友',
        phone: '13800000001',
        region: '浙江省杭州市',
        reason: '想在小区里组织读书会',
        agree: 1,
      }),
    )
    await view.findByText('审核中')
    expect(toasts).toContain('申请已提交')
  })

  it('sends an unverified reader to 实名认证 and a guest to log in', async () => {
    api.fetchApplyStatus.mockResolvedValue(status({ verifiedName: '' }))
    const view = await show('apply')
    await view.findByText('申请吧主须先完成实名认证')
    await tap(byTestId(view.container, 'apply-verify'))
    expect(navigated).toEqual(['/pages/public/bindID'])
    await tap(byTestId(view.container, 'apply-agreement'))
    expect(navigated).toEqual(['/pages/public/bindID', '/pagesB/proxy/richtext'])
    const submit = await submitOf(view.container, 'apply-submit')
    await tap(submit)
    await view.findByText(AgentText.realNameNeeded)
    view.unmount()
    const guest = await show('apply', false)
    await guest.findByText('登录后申请成为吧主')
    expect(api.fetchApplyStatus).toHaveBeenCalledTimes(1)
  })
})

describe('吧主中心', () => {
  it("shows the agent's balance, commission, members and entries", async () => {
    api.fetchAgentDetail.mockResolvedValue(detail())
    const view = await show('index')
    await view.findByText('可提现余额')
    expect(api.fetchAgentDetail).toHaveBeenCalledWith(true)
    expect(byTestId(view.container, 'agent-balance').textContent).toBe('¥2.99')
    expect(byTestId(view.container, 'agent-pending').textContent).toBe('¥1.50')
    expect(byTestId(view.container, 'agent-today').textContent).toBe('¥1.50')
    expect(byTestId(view.container, 'agent-month').textContent).toBe('¥4.49')
    expect(byTestId(view.container, 'agent-members').textContent).toBe('2')
    expect(byTestId(view.container, 'entry-coupon-badge').textContent).toBe('3')
    expect(byTestId(view.container, 'entry-msg-badge').textContent).toBe('1')
    await tap(byTestId(view.container, 'entry-poster'))
    await tap(byTestId(view.container, 'agent-withdraw'))
    expect(navigated).toEqual(['/pagesB/proxy/poster', '/pagesB/proxy/money'])
  })

  it('shows a reader who is no agent the application', async () => {
    api.fetchAgentDetail.mockRejectedValue(new Error(AgentText.notAgent))
    api.fetchApplyStatus.mockResolvedValue(status())
    const view = await show('index')
    await view.findByText('提交申请')
    expect(byTestId(view.container, 'agent-balance')).toBeNull()
  })
})

describe('资金明细', () => {
  beforeEach(() => {
    api.fetchBill.mockResolvedValue(
      pageOf([
        {
          key: 'c1',
          kind: 'commission' as const,
          amountFen: 299,
          state: 'settled' as const,
          title: '佣金 · 论语',
          at: NOW,
        },
      ]),
    )
    api.fetchWithdrawals.mockResolvedValue(
      pageOf([
        {
          id: 4,
          amountFen: 150,
          state: 'paid' as const,
          bank: '招商银行',
          holder: '林**',
          cardNo: '6212 **** **** 5670',
          createdAt: NOW,
          settledAt: NOW + 60,
          note: '招行流水 1',
        },
      ]),
    )
  })

  it('withdraws yuan as fen, refusing too little and more than the balance', async () => {
    api.fetchAgentDetail.mockResolvedValue(detail())
    api.withdraw.mockResolvedValue({
      id: 5,
      amountFen: 150,
      state: 'pending',
      bank: '招商银行',
      holder: '林**',
      cardNo: '6212 **** **** 5670',
      createdAt: NOW,
      settledAt: null,
      note: '',
    })
    const view = await show('money')
    await view.findByText('+¥2.99')
    expect(byTestId(view.container, 'money-balance').textContent).toBe('¥2.99')
    const submit = await submitOf(view.container, 'withdraw-submit')
    await type(view.container, 'amount', '0.5')
    await tap(submit)
    await view.findByText(AgentText.amountTooSmall)
    await type(view.container, 'amount', '3.5')
    await tap(submit)
    await view.findByText(AgentText.overBalance)
    await type(view.container, 'amount', '1.555')
    await tap(submit)
    await view.findByText(AgentText.amountInvalid)
    expect(api.withdraw).not.toHaveBeenCalled()
    api.fetchAgentDetail.mockResolvedValue(detail({ balanceFen: 149 }))
    await type(view.container, 'amount', '1.5')
    await tap(submit)
    await waitFor(() => expect(api.withdraw).toHaveBeenCalledWith(150))
    expect(toasts).toContain('提现申请已提交')
    await waitFor(() => expect(byTestId(view.container, 'money-balance').textContent).toBe('¥1.49'))
    await tap(byTestId(view.container, 'money-tab-withdrawals'))
    await waitFor(() => expect(byTestId(view.container, 'withdrawal-4')).not.toBeNull())
    expect(byTestId(view.container, 'withdrawal-4').textContent).toContain('已到账')
    expect(byTestId(view.container, 'withdrawal-4').textContent).toContain('6212 **** **** 5670')
  })

  it('asks for a card first', async () => {
    api.fetchAgentDetail.mockResolvedValue(detail({ hasCard: false }))
    const view = await show('money')
    await view.findByText('请先设置提现银行卡')
    await type(view.container, 'amount', '1.5')
    await tap(await submitOf(view.container, 'withdraw-submit'))
    expect(view.getAllByText(AgentText.cardMissing).length).toBeGreaterThan(1)
    expect(api.withdraw).not.toHaveBeenCalled()
    await tap(byTestId(view.container, 'money-set-card'))
    expect(navigated).toEqual(['/pagesB/proxy/set'])
  })
})

describe('提现设置', () => {
  it('checks the holder and the card number, saves, and shows the card masked', async () => {
    api.fetchCardInfo.mockResolvedValue(cardInfo())
    api.modifyCard.mockResolvedValue(
      cardInfo({
        card: { holder: '林**', bank: '招商银行', cardNo: '6212 **** **** 5670', updatedAt: NOW },
      }),
    )
    const view = await show('set')
    await view.findByText('尚未设置提现银行卡')
    const save = await submitOf(view.container, 'card-save')
    await type(view.container, 'holder', '王书友')
    await type(view.container, 'bank', '招商银行')
    await type(view.container, 'cardNo', '6212 2640 0001 2345 671')
    await tap(save)
    await view.findByText(AgentText.holderMismatch)
    await type(view.container, 'holder', '林书友')
    await tap(save)
    await view.findByText(AgentText.cardInvalid)
    expect(api.modifyCard).not.toHaveBeenCalled()
    await type(view.container, 'cardNo', '6212 2640 0001 2345 670')
    await tap(save)
    await waitFor(() =>
      expect(api.modifyCard).toHaveBeenCalledWith({
        holder: '林书友',
        bank: '招商银行',
        cardNo: '6212264000012345670',
      }),
    )
    await waitFor(() =>
      expect(byTestId(view.container, 'card-current').textContent).toContain('6212 **** **** 5670'),
    )
    expect(toasts).toContain('已保存')
  })
})

describe('giving a coupon', () => {
  it('from 优惠券: 发放, a member picked, and the coupon leaves the unissued list', async () => {
    api.fetchAgentCoupons.mockImplementation(async (state) =>
      pageOf(state === 'unissued' ? [coupon(3), coupon(4, { expiresAt: NOW })] : []),
    )
    api.fetchMembers.mockResolvedValue(pageOf([member(8), member(9)]))
    api.giveCoupon.mockResolvedValue(
      coupon(3, { state: 'given', holder: { userId: 8, nickname: '会员8', avatar: '' } }),
    )
    const view = await show('coupon')
    await waitFor(() => expect(byTestId(view.container, 'coupon-3')).not.toBeNull())
    expect(byTestId(view.container, 'coupon-3').textContent).toContain('满¥20.00可用')
    expect(byTestId(view.container, 'coupon-4-state').textContent).toBe('已过期')
    expect(byTestId(view.container, 'coupon-give-4')).toBeNull()
    await tap(byTestId(view.container, 'coupon-give-3'))
    await waitFor(() => expect(byTestId(view.container, 'pick-member-8')).not.toBeNull())
    expect(api.fetchMembers).toHaveBeenCalledWith(1, 50)
    await tap(byTestId(view.container, 'pick-member-8'))
    await waitFor(() => expect(api.giveCoupon).toHaveBeenCalledWith(3, 8))
    expect(toasts).toContain('已发放')
    await waitFor(() => expect(byTestId(view.container, 'member-picker')).toBeNull())
    expect(byTestId(view.container, 'coupon-3')).toBeNull()
  })

  it('from 我的会员: 发券 on a row, one of my unissued coupons picked', async () => {
    api.fetchMembers.mockResolvedValue(pageOf([member(8, { orderCount: 2 })]))
    api.fetchAgentCoupons.mockResolvedValue(pageOf([coupon(3), coupon(5, { valueFen: 800 })]))
    api.giveCoupon.mockResolvedValue(coupon(5, { state: 'given' }))
    const view = await show('member')
    await waitFor(() => expect(byTestId(view.container, 'member-8')).not.toBeNull())
    expect(byTestId(view.container, 'member-stats-8').textContent).toContain('订单 2 笔')
    expect(byTestId(view.container, 'member-8').textContent).toContain('2025-03-09 加入')
    await tap(byTestId(view.container, 'member-give-8'))
    await waitFor(() => expect(byTestId(view.container, 'pick-coupon-5')).not.toBeNull())
    expect(api.fetchAgentCoupons).toHaveBeenCalledWith('unissued', 1, 50)
    await tap(byTestId(view.container, 'pick-coupon-5'))
    await waitFor(() => expect(api.giveCoupon).toHaveBeenCalledWith(5, 8))
    await waitFor(() => expect(byTestId(view.container, 'coupon-picker-sheet')).toBeNull())
  })
})

describe('a reader who is no agent, and failures', () => {
  it('shows the application link on a list page, and the list after a pull-down', async () => {
    api.fetchMembers.mockRejectedValue(new Error(AgentText.notAgent))
    const view = await show('member')
    await waitFor(() => expect(byTestId(view.container, 'agent-apply-link')).not.toBeNull())
    await tap(byTestId(view.container, 'agent-apply-link'))
    expect(navigated).toEqual(['/pagesB/proxy/apply'])
    api.fetchMembers.mockResolvedValue(pageOf([member(8)]))
    await fire('pullDown')
    await waitFor(() => expect(byTestId(view.container, 'member-8')).not.toBeNull())
    expect(byTestId(view.container, 'agent-apply-link')).toBeNull()
  })

  it.each(['order', 'coupon', 'couponLog', 'msg'])('and on %s', async (path) => {
    const denied = () => Promise.reject(new Error(AgentText.notAgent))
    api.fetchAgentOrders.mockImplementation(denied)
    api.fetchAgentCoupons.mockImplementation(denied)
    api.fetchCouponRecords.mockImplementation(denied)
    api.fetchNotices.mockImplementation(denied)
    const view = await show(path)
    await waitFor(() => expect(byTestId(view.container, 'agent-apply-link')).not.toBeNull())
  })

  it('offers 重新加载 when a page could not load', async () => {
    api.fetchAgentDetail.mockRejectedValueOnce(new Error('网络不给力')).mockResolvedValue(detail())
    const view = await show('money')
    await view.findByText('网络不给力')
    await tap(byTestId(view.container, 'agent-retry'))
    await waitFor(() => expect(byTestId(view.container, 'money-balance')).not.toBeNull())
  })

  it("follows the home's badges when it shows again (a notice read, a coupon given)", async () => {
    api.fetchAgentDetail.mockResolvedValue(detail())
    const view = await show('index')
    await waitFor(() => expect(byTestId(view.container, 'entry-msg-badge')).not.toBeNull())
    api.fetchAgentDetail.mockResolvedValue(detail({ unreadNotices: 0, unissuedCoupons: 2 }))
    await fire('show')
    await waitFor(() => expect(byTestId(view.container, 'entry-msg-badge')).toBeNull())
    expect(byTestId(view.container, 'entry-coupon-badge').textContent).toBe('2')
  })
})

describe("the poster saved in the mini-program's album", () => {
  const denied = { errMsg: 'saveImageToPhotosAlbum:fail auth deny' }

  beforeEach(() => {
    jest
      .spyOn(Taro, 'downloadFile')
      .mockResolvedValue({ statusCode: 200, tempFilePath: 'wxfile://tmp/p.png' } as never)
  })

  it('saves it, and tells a refused permission from other failures', async () => {
    const save = jest.spyOn(Taro, 'saveImageToPhotosAlbum').mockResolvedValue({} as never)
    await expect(savePoster('https://x/uploads/p.png')).resolves.toBe('saved')
    expect(save).toHaveBeenCalledWith({ filePath: 'wxfile://tmp/p.png' })
    expect(isAlbumDenied('saveImageToPhotosAlbum:fail auth deny')).toBe(true)
    expect(isAlbumDenied('saveImageToPhotosAlbum:fail:auth denied')).toBe(true)
    expect(isAlbumDenied('saveImageToPhotosAlbum:fail authorize no response')).toBe(true)
    expect(isAlbumDenied('saveImageToPhotosAlbum:fail cancel')).toBe(false)
    expect(isAlbumDenied('saveImageToPhotosAlbum:fail privacy permission is not authorized')).toBe(
      false,
    )
  })

  it('refused, offers the settings page and saves once the album is allowed there', async () => {
    const save = jest
      .spyOn(Taro, 'saveImageToPhotosAlbum')
      .mockRejectedValueOnce(denied)
      .mockResolvedValueOnce({} as never)
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true } as never)
    jest
      .spyOn(Taro, 'openSetting')
      .mockResolvedValue({ authSetting: { 'scope.writePhotosAlbum': true } } as never)
    await expect(savePoster('https://x/uploads/p.png')).resolves.toBe('saved')
    expect(modal).toHaveBeenCalledTimes(1)
    expect(save).toHaveBeenCalledTimes(2)
  })

  it('refused again (or the modal dismissed), says so; a failed download is a failure', async () => {
    jest.spyOn(Taro, 'saveImageToPhotosAlbum').mockRejectedValue(denied)
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false } as never)
    const settings = jest.spyOn(Taro, 'openSetting')
    await expect(savePoster('https://x/uploads/p.png')).resolves.toBe('denied')
    expect(settings).not.toHaveBeenCalled()
    modal.mockResolvedValue({ confirm: true } as never)
    settings.mockResolvedValue({ authSetting: {} } as never)
    await expect(savePoster('https://x/uploads/p.png')).resolves.toBe('denied')
    jest.spyOn(Taro, 'downloadFile').mockResolvedValue({ statusCode: 404 } as never)
    await expect(savePoster('https://x/uploads/p.png')).resolves.toBe('failed')
  })
})

describe('the poster downloaded on H5', () => {
  it("asks for a long-press in WeChat's browser, which ignores downloads", async () => {
    const { savePoster: saveOnWeb } = await import('@/features/agent/savePoster.h5')
    const agent = jest
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (iPhone) MicroMessenger/8.0.50')
    const download = jest.fn()
    const realFetch = global.fetch
    global.fetch = download as never
    try {
      await expect(saveOnWeb('/uploads/p.png')).resolves.toBe('longPress')
      expect(download).not.toHaveBeenCalled()
    } finally {
      global.fetch = realFetch
      agent.mockRestore()
    }
  })
})

describe('通知', () => {
  const notice = (extra: Partial<Notice> = {}): Notice => ({
    id: 2,
    title: '提现已到账',
    content: '<b>加粗</b><img src=x onerror="alert(1)">\n第二段',
    read: false,
    createdAt: NOW,
    ...extra,
  })

  it('lists notices with unread dots and opens one', async () => {
    api.fetchNotices.mockResolvedValue(pageOf([notice(), notice({ id: 3, read: true })]))
    const view = await show('msg')
    await waitFor(() => expect(byTestId(view.container, 'notice-2')).not.toBeNull())
    expect(byTestId(view.container, 'notice-unread-2')).not.toBeNull()
    expect(byTestId(view.container, 'notice-unread-3')).toBeNull()
    await tap(byTestId(view.container, 'notice-2'))
    expect(navigated).toEqual(['/pagesB/proxy/msgDetail?id=2'])
    await waitFor(() => expect(byTestId(view.container, 'notice-unread-2')).toBeNull())
  })

  it('shows a notice as text, never as markup', async () => {
    router.params = { id: '2' }
    api.fetchNotice.mockResolvedValue(notice({ read: true }))
    const view = await show('msgDetail')
    await view.findByText('第二段')
    expect(api.fetchNotice).toHaveBeenCalledWith(2)
    const content = byTestId(view.container, 'notice-content')
    expect(content.textContent).toContain('<b>加粗</b><img src=x onerror="alert(1)">')
    expect(content.querySelector('b')).toBeNull()
    expect(content.querySelector('img')).toBeNull()
  })
})

describe('the mine tab entry', () => {
  it('opens the agent home for an agent and the application otherwise', async () => {
    expect(agentEntryUrl('approved')).toBe('/pagesB/proxy/index')
    expect(agentEntryUrl('pending')).toBe('/pagesB/proxy/apply')
    expect(agentEntryUrl(null)).toBe('/pagesB/proxy/apply')
    const call = jest.spyOn(request, 'call')
    call.mockResolvedValueOnce(status({ state: 'approved' }) as never)
    await openAgentCenter()
    call.mockRejectedValueOnce(new Error('请求失败'))
    await openAgentCenter()
    expect(navigated).toEqual(['/pagesB/proxy/index', '/pagesB/proxy/apply'])
    expect(call.mock.calls[0][2]).toEqual({ silent: true })
    // The entry's own copy of the ref is the generated one.
    expect(call.mock.calls[0][0]).toEqual(agentCalls.applyStatus.query)
    expect(applyStatusRef).toEqual(agentCalls.applyStatus.query)
  })
})

describe("the shop's coupon picker", () => {
  const product = (): ProductDetail => ({
    id: 1,
    kind: 'book',
    bookId: 1,
    name: '论语（赠书）',
    cover: '',
    priceFen: 2990,
    stock: 10,
    sales: 3,
    hot: false,
    onSale: true,
    images: [],
    description: '精装本',
    book: null,
    createdAt: NOW,
  })
  const order = (extra: Partial<Order> = {}): Order => ({
    id: 9,
    orderNo: 'NO9',
    productId: 1,
    kind: 'book',
    name: '论语（赠书）',
    cover: '',
    priceFen: 2990,
    quantity: 1,
    amountFen: 2490,
    state: 'pending',
    source: 'buy',
    createdAt: NOW,
    expiresAt: NOW + 1800,
    paidAt: null,
    cancelledAt: null,
    transactionId: '',
    couponId: 1,
    discountFen: 500,
    refundedAt: null,
    ...extra,
  })
  const payRes = (o: Order): PayOrderRes => ({
    order: o,
    payMode: 'local',
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

  it('takes the best coupon off, lets the reader choose, and names it in createOrder', async () => {
    router.params = { id: '1' }
    shop.fetchProduct.mockResolvedValue(product())
    shop.fetchUsableCoupons.mockResolvedValue(
      pageOf([myCoupon(1), myCoupon(2, { valueFen: 1000, minOrderFen: 5000 })]),
    )
    shop.createOrder.mockResolvedValue(payRes(order()))
    mockPayDeps.current = {
      env: 'h5',
      confirm: async () => true,
      confirmLocal: async () => undefined,
      fetchOrder: async () => order({ state: 'paid' }),
      sleep: async () => undefined,
    }
    const view = await showPage('pagesA/shop/shop', true)
    await view.findByText('精装本')
    await waitFor(() => expect(byTestId(view.container, 'coupon-picker')).not.toBeNull())
    const pay = () => byTestId(view.container, 'product-pay-amount').textContent
    expect(pay()).toBe('实付 ¥24.90')
    expect(byTestId(view.container, 'product-discount').textContent).toBe('优惠 −¥5.00')
    expect(byTestId(view.container, 'product-buy').textContent).toBe('立即购买 ¥24.90')
    await tap(byTestId(view.container, 'qty-plus'))
    expect(pay()).toBe('实付 ¥49.80')
    await tap(byTestId(view.container, 'coupon-picker'))
    await tap(byTestId(view.container, 'coupon-option-none'))
    expect(pay()).toBe('实付 ¥59.80')
    await tap(byTestId(view.container, 'qty-minus'))
    await tap(byTestId(view.container, 'coupon-picker'))
    await tap(byTestId(view.container, 'coupon-option-2'))
    expect(toasts).toContain(AgentText.couponThreshold)
    expect(pay()).toBe('实付 ¥29.90')
    await tap(byTestId(view.container, 'coupon-option-1'))
    expect(pay()).toBe('实付 ¥24.90')
    expect(byTestId(view.container, 'coupon-option-1')).toBeNull()
    await tap(byTestId(view.container, 'product-buy'))
    await waitFor(() =>
      expect(shop.createOrder).toHaveBeenCalledWith({ productId: 1, quantity: 1, couponId: 1 }),
    )
    await waitFor(() => expect(navigated).toEqual(['/pagesA/mine/myOrder?state=paid']), {
      timeout: 3000,
    })
    expect(shop.fetchUsableCoupons).toHaveBeenCalledTimes(2)
  })

  it('offers the coupons again when the page shows again, and says why one cannot be named', async () => {
    router.params = { id: '1' }
    shop.fetchProduct.mockResolvedValue(product())
    shop.fetchUsableCoupons.mockResolvedValue(pageOf([]))
    const view = await showPage('pagesA/shop/shop', true)
    await view.findByText('精装本')
    await waitFor(() => expect(shop.fetchUsableCoupons).toHaveBeenCalledTimes(1))
    expect(byTestId(view.container, 'coupon-picker')).toBeNull()
    // An unpaid order cancelled in 我的订单 gave its coupon back; one more ran out meanwhile.
    const soon = Math.floor(Date.now() / 1000) + 1
    shop.fetchUsableCoupons.mockResolvedValue(
      pageOf([myCoupon(1), myCoupon(3, { valueFen: 800, expiresAt: soon })]),
    )
    await fire('show') // the first show: loaded already
    await fire('show')
    await waitFor(() => expect(byTestId(view.container, 'coupon-picker')).not.toBeNull())
    expect(shop.fetchUsableCoupons).toHaveBeenCalledTimes(2)
    const now = jest.spyOn(Date, 'now').mockReturnValue((soon + 60) * 1000)
    await tap(byTestId(view.container, 'coupon-picker'))
    expect(byTestId(view.container, 'coupon-option-3').textContent).toContain('已过期')
    await tap(byTestId(view.container, 'coupon-option-3'))
    expect(toasts).toContain(AgentText.couponExpired)
    expect(toasts).not.toContain(AgentText.couponThreshold)
    now.mockRestore()
  })

  it('shows an order’s discount in 我的订单', async () => {
    shop.fetchOrders.mockResolvedValue(
      pageOf([
        order({ state: 'paid' }),
        order({ id: 10, orderNo: 'NO10', discountFen: 0, couponId: null, amountFen: 2990 }),
      ]),
    )
    const view = await showPage('pagesA/mine/myOrder', true)
    await view.findByText('订单号 NO9')
    expect(byTestId(view.container, 'order-discount-9').textContent).toBe('优惠 −¥5.00')
    expect(byTestId(view.container, 'order-discount-10')).toBeNull()
  })
})
