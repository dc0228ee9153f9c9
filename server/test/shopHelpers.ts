/** What the shop, order, payment and redemption suites share: readers, products, assertions. */
import assert from 'node:assert/strict'
import { eq } from 'drizzle-orm'
import { shopApi } from '@api/shop'
import { books, products, users } from '../src/db/schema'
import { issueTokens } from '../src/modules/account/tokens'
import { DEMO_OPERATOR } from '../seed/users'
import { DEMO_PASSWORD, queryPath, restPath, type Reply, type TestServer } from './helpers'

export type ShopCall = keyof typeof shopApi
export const q = (key: ShopCall): string => queryPath(shopApi[key])
export const r = (key: ShopCall): string => restPath(shopApi[key])

export interface Reader {
  id: number
  token: string
}

export function ok(res: Reply, label = ''): void {
  assert.equal(res.body.ret ?? res.body.code, 200, `${label} ${JSON.stringify(res.body)}`)
  assert.equal(res.status, 200, label)
}

export function fails(res: Reply, code: number, msg: string | RegExp, label = ''): void {
  const got = res.body.ret ?? res.body.code
  assert.equal(got, code, `${label} ${JSON.stringify(res.body)}`)
  if (typeof msg === 'string') assert.equal(res.body.msg, msg, label)
  else assert.match(res.body.msg, msg, label)
  assert.equal(res.status, code === 302 ? 200 : code, label)
}

let readerCounter = 0

/** `n` readers made directly (no SMS round trips), each with a session. */
export async function readers(s: TestServer, n: number): Promise<Reader[]> {
  const now = new Date(s.clock.now())
  const rows = await s.db
    .insert(users)
    .values(
      Array.from({ length: n }, () => ({
        nickname: `买家${++readerCounter}`,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: users.id })
  const out: Reader[] = []
  for (const row of rows) {
    out.push({ id: row.id, token: (await issueTokens(s.db, row.id, s.clock.now())).accessToken })
  }
  return out
}

export async function reader(s: TestServer): Promise<Reader> {
  return (await readers(s, 1))[0]
}

/** The seeded demo operator's session. */
export async function operatorToken(s: TestServer): Promise<string> {
  return (await s.login(DEMO_OPERATOR.mobile, DEMO_PASSWORD)).access_token
}

/** A product put straight into the database (a book one gives copies of the first seeded book). */
export async function addProduct(
  s: TestServer,
  values: Partial<typeof products.$inferInsert> & { priceFen: number; stock: number },
): Promise<number> {
  const now = new Date(s.clock.now())
  let bookId = values.bookId ?? null
  if ((values.kind ?? 'goods') === 'book' && bookId === null) {
    const [book] = await s.db.select({ id: books.id }).from(books).orderBy(books.id).limit(1)
    bookId = book.id
  }
  const [row] = await s.db
    .insert(products)
    .values({
      kind: 'goods',
      name: `测试商品${++readerCounter}`,
      createdAt: now,
      updatedAt: now,
      ...values,
      bookId,
    })
    .returning({ id: products.id })
  return row.id
}

export async function stockOf(
  s: TestServer,
  id: number,
): Promise<{ stock: number; sales: number }> {
  const [row] = await s.db
    .select({ stock: products.stock, sales: products.sales })
    .from(products)
    .where(eq(products.id, id))
  return row
}

/** Pays a local-double prepayment the way the app does: POST /dev/pay/confirm {prepayId}. */
export async function confirmLocal(s: TestServer, prepayId: string): Promise<Reply> {
  return s.post('/dev/pay/confirm', { prepayId })
}
