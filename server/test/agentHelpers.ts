/**
 * What the agent programme's suites share: calls by name in both styles, verified readers, an
 * approved agent (Apply, then an operator's Review), members bound by User.User.BindSpid, and
 * members' orders paid through the local WeChat Pay double.
 */
import assert from 'node:assert/strict'
import { eq } from 'drizzle-orm'
import { accountApi } from '@api/account'
import { agentApi } from '@api/agent'
import { shopApi } from '@api/shop'
import { idCardCheckChar } from '@rules/validate'
import { users } from '../src/db/schema'
import { issueTokens } from '../src/modules/account/tokens'
import { DEMO_OPERATOR } from '../seed/users'
import { queryPath, restPath, type CallOptions, type Reply, type TestServer } from './helpers'
import { addProduct, confirmLocal, reader, type Reader } from './shopHelpers'

export type AgentCall = keyof typeof agentApi
export const aq = (key: AgentCall): string => queryPath(agentApi[key])
export const ar = (key: AgentCall): string => restPath(agentApi[key])

const sep = (url: string) => (url.includes('?') ? '&' : '?')

/** A fresh session of the seeded demo operator (no login round trip: no login limits in the way). */
export async function operatorToken(s: TestServer): Promise<string> {
  const [row] = await s.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, DEMO_OPERATOR.mobile))
  return (await issueTokens(s.db, row.id, s.clock.now())).accessToken
}

/** A new session for `who` (after the fake clock moved past their access token's life). */
export async function freshToken(s: TestServer, who: { id: number; token: string }): Promise<void> {
  who.token = (await issueTokens(s.db, who.id, s.clock.now())).accessToken
}

/** The message for a required text field sent blank: the contract's own text (Required). */
export const blankText = (_name: string, text: string): string => text

/** The seeded demo operator's user id. */
export async function operatorId(s: TestServer): Promise<number> {
  const [row] = await s.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, DEMO_OPERATOR.mobile))
  return row.id
}

/**
 * Makes an agent call in the style asked ('r' REST, 'q' query) with its declared method: a GET's
 * input goes in the query string, a POST's in the JSON body.
 */
export function agentCall(
  s: TestServer,
  key: AgentCall,
  input: Record<string, unknown> = {},
  token?: string,
  style: 'r' | 'q' = 'r',
  opts: CallOptions = {},
): Promise<Reply> {
  const decl = agentApi[key]
  const url = style === 'q' ? aq(key) : ar(key)
  const method = style === 'q' ? decl.query?.method : decl.rest?.method
  if (method === 'GET') {
    const qs = new URLSearchParams(
      Object.entries(input).map(([k, v]) => [k, String(v)] as [string, string]),
    ).toString()
    return s.get(qs ? `${url}${sep(url)}${qs}` : url, { ...opts, token })
  }
  return s.post(url, input, { ...opts, token })
}

/** The answer's data once it is a success (any style), else the assertion fails with the body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function okData<T = any>(res: Reply, label = ''): T {
  assert.equal(res.body.ret ?? res.body.code, 200, `${label} ${JSON.stringify(res.body)}`)
  assert.equal(res.status, 200, label)
  return res.body.data as T
}

export interface Person extends Reader {
  realName: string
}

let counter = 0
const NAMES = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄强', '周杰', '吴敏']

/** A valid, unique 18-character resident ID number (GB 11643 check character). */
export function idNumber(): string {
  const n = ++counter
  const day = String((n % 28) + 1).padStart(2, '0')
  const month = String((Math.floor(n / 28) % 12) + 1).padStart(2, '0')
  const first17 = `110101199${n % 10}${month}${day}${String(n % 1000).padStart(3, '0')}`
  return first17 + idCardCheckChar(first17)
}

/** A reader who passed real-name verification (User.User.IdcardAuth) as `realName`. */
export async function verifiedReader(s: TestServer, realName?: string): Promise<Person> {
  const who = await reader(s)
  const name = realName ?? NAMES[counter % NAMES.length]
  const res = await s.post(
    queryPath(accountApi.idcardAuth),
    { real_name: name, id_card: idNumber() },
    { token: who.token },
  )
  okData(res, 'IdcardAuth')
  return { ...who, realName: name }
}

/** A valid application's fields for `who`. */
export const applyInput = (who: Person): Record<string, unknown> => ({
  realName: who.realName,
  phone: '13812345678',
  region: '北京市海淀区',
  reason: '我想带大家一起读书',
  agree: 1,
})

/** Applies as `who`; answers the application's id. */
export async function applyAsAgent(s: TestServer, who: Person): Promise<number> {
  const status = okData(await agentCall(s, 'apply', applyInput(who), who.token), 'Apply')
  return status.application.id as number
}

/** An approved agent (applied, approved by the seeded operator) at `rateBp` (default 1000). */
export async function approvedAgent(s: TestServer, rateBp?: number): Promise<Person> {
  const who = await verifiedReader(s)
  const id = await applyAsAgent(s, who)
  const input: Record<string, unknown> = { id, approve: 1 }
  if (rateBp !== undefined) input.rateBp = rateBp
  okData(await agentCall(s, 'reviewApplication', input, await operatorToken(s)), 'Review')
  return who
}

/** A new reader bound to `agent` by User.User.BindSpid. */
export async function boundMember(s: TestServer, agent: { id: number }): Promise<Reader> {
  const who = await reader(s)
  await bindTo(s, who, agent)
  return who
}

/** Binds `who` to `agent` by User.User.BindSpid. */
export async function bindTo(s: TestServer, who: Reader, agent: { id: number }): Promise<void> {
  const res = await s.post(queryPath(accountApi.bindSpid), { spid: agent.id }, { token: who.token })
  okData(res, 'BindSpid')
}

export interface PaidOrder {
  id: number
  orderNo: string
  amountFen: number
  prepayId: string
}

/**
 * An order of `buyer` for a new product at `priceFen` (goods unless `kind`), paid through the
 * local double's POST /dev/pay/confirm. `couponId` names one of the buyer's coupons.
 */
export async function paidOrder(
  s: TestServer,
  buyer: Reader,
  priceFen: number,
  opts: { quantity?: number; couponId?: number; kind?: 'goods' | 'book' } = {},
): Promise<PaidOrder> {
  const made = await unpaidOrder(s, buyer, priceFen, opts)
  okData(await confirmLocal(s, made.prepayId), 'pay confirm')
  return made
}

/** An order of `buyer` for a new product at `priceFen`, not paid yet. */
export async function unpaidOrder(
  s: TestServer,
  buyer: Reader,
  priceFen: number,
  opts: { quantity?: number; couponId?: number; kind?: 'goods' | 'book' } = {},
): Promise<PaidOrder> {
  const productId = await addProduct(s, { kind: opts.kind ?? 'goods', priceFen, stock: 100 })
  const body: Record<string, unknown> = { productId, quantity: opts.quantity ?? 1 }
  if (opts.couponId !== undefined) body.couponId = opts.couponId
  const data = okData(
    await s.post(restPath(shopApi.createOrder), body, { token: buyer.token }),
    'createOrder',
  )
  return {
    id: data.order.id,
    orderNo: data.order.orderNo,
    amountFen: data.order.amountFen,
    prepayId: data.prepayId,
  }
}
