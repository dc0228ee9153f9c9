/**
 * The redemption centre (issue 16): operators make codes (readers refused); a code gives a book
 * copy, or a product as a paid order of amount 0 taking stock; a code works once; used, expired and
 * unknown codes are refused and counted: past 5 wrong in 10 minutes a reader gets 429, an address
 * (all its readers) only past 50, so one guesser does not lock a whole NAT; no stock leaves the code
 * unused; my redemptions are listed; the seeded demo codes work.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { REDEEM_ALPHABET, RedeemLimits, ShopText } from '@rules/shop'
import { bookCopies, books, orders, products, redeemCodes } from '../src/db/schema'
import { MINUTE, startServer, type Reply, type TestServer } from './helpers'
import {
  addProduct,
  fails,
  ok,
  operatorToken,
  q,
  r,
  reader,
  stockOf,
  type Reader,
} from './shopHelpers'

const sep = (url: string) => (url.includes('?') ? '&' : '?')

describe('redemption', () => {
  let s: TestServer
  let operator: string
  let bookId: number
  before(async () => {
    s = await startServer({ TRUST_PROXY: 'true' })
    operator = await operatorToken(s)
    const [book] = await s.db.select().from(books).where(eq(books.name, '论语'))
    bookId = book.id
  })
  after(() => s.close())

  /** Each reader from an address of their own (the per-address count has its own test). */
  const addressOf = (who: Reader) =>
    `10.${(who.id >> 16) & 255}.${(who.id >> 8) & 255}.${who.id & 255}`
  const redeem = (who: Reader, code: string, style: 'q' | 'r' = 'r') =>
    s.post(
      style === 'q' ? q('redeemCode') : r('redeemCode'),
      { code },
      {
        token: who.token,
        headers: { 'x-forwarded-for': addressOf(who) },
      },
    )

  async function makeCodes(body: Record<string, unknown>): Promise<string[]> {
    const res = await s.post(r('createRedeemCodes'), body, { token: operator })
    ok(res)
    return res.body.data.codes
  }

  test('createRedeemCodes: operators only, both styles, codes answered once', async () => {
    const me = await reader(s)
    const body = { count: 3, kind: 'book', bookId, batch: '读书月' }
    for (const url of [q('createRedeemCodes'), r('createRedeemCodes')]) {
      fails(await s.post(url, body, { token: me.token }), 403, ShopText.notOperator)
      const res = await s.post(url, body, { token: operator })
      ok(res, url)
      assert.equal(res.body.msg, '兑换码已生成')
      assert.equal(res.body.data.batch, '读书月')
      assert.equal(res.body.data.codes.length, 3)
      assert.equal(res.body.data.expiresAt, null)
      const letters = new RegExp(`^([${REDEEM_ALPHABET}]{4}-){2}[${REDEEM_ALPHABET}]{4}$`)
      for (const code of res.body.data.codes) assert.match(code, letters)
    }
    const many = await makeCodes({ count: 500, kind: 'book', bookId })
    assert.equal(new Set(many).size, 500)
    const bad = (extra: Record<string, unknown>) =>
      s.post(
        r('createRedeemCodes'),
        { count: 1, kind: 'book', bookId, ...extra },
        { token: operator },
      )
    fails(await bad({ count: 0 }), 400, ShopText.countInvalid)
    fails(await bad({ count: 501 }), 400, ShopText.countInvalid)
    fails(await bad({ kind: 'coupon' }), 400, ShopText.kindInvalid)
    fails(await bad({ bookId: undefined }), 400, ShopText.bookIdMissing)
    fails(await bad({ bookId: 99999999 }), 404, ShopText.bookNotFound)
    fails(await bad({ kind: 'product' }), 404, ShopText.productNotFound)
    fails(
      await bad({ expiresAt: Math.floor(s.clock.now() / 1000) - 1 }),
      400,
      ShopText.expiresInvalid,
    )
    fails(await bad({ batch: '批'.repeat(41) }), 400, ShopText.batchTooLong)
    // Today's China date by default.
    const dated = await s.post(
      r('createRedeemCodes'),
      { count: 1, kind: 'book', bookId },
      { token: operator },
    )
    assert.match(dated.body.data.batch, /^\d{4}-\d\d-\d\d$/)
  })

  test('a book code gives a copy, once; typed any case, with spaces and dashes', async () => {
    const [code] = await makeCodes({ count: 1, kind: 'book', bookId })
    const me = await reader(s)
    const typed = ` ${code.toLowerCase().replace(/-/g, ' - ')} `
    const res = await redeem(me, typed, 'q')
    ok(res)
    assert.equal(res.body.msg, '兑换成功')
    const { redemption, copy, order } = res.body.data
    assert.equal(order, null)
    assert.equal(redemption.kind, 'book')
    assert.equal(redemption.code, code)
    assert.equal(redemption.name, '论语')
    assert.ok(redemption.cover, 'the cover of a product selling the book')
    assert.equal(redemption.booksOrderId, copy.booksOrderId)
    assert.deepEqual(
      [copy.booksId, copy.source, copy.state, copy.orderId],
      [bookId, 'redeem', 'owned', null],
    )
    const copies = await s.get(r('bookCopies'), { token: me.token })
    assert.deepEqual(
      copies.body.data.list.map((c: { booksOrderId: number }) => c.booksOrderId),
      [copy.booksOrderId],
    )
    // Used: by anyone, again.
    fails(await redeem(me, code), 400, ShopText.codeUsed)
    fails(await redeem(await reader(s), code, 'q'), 400, ShopText.codeUsed)
    const [row] = await s.db
      .select()
      .from(redeemCodes)
      .where(eq(redeemCodes.code, code.replace(/-/g, '')))
    assert.equal(row.redeemedBy, me.id)
  })

  test('a product code makes a paid order of amount 0 and takes stock; none left: code kept', async () => {
    const productId = await addProduct(s, { kind: 'book', bookId, priceFen: 3000, stock: 1 })
    const [first, second] = await makeCodes({ count: 2, kind: 'product', productId })
    const me = await reader(s)
    const res = await redeem(me, first)
    ok(res)
    const { order, copy, redemption } = res.body.data
    assert.deepEqual(
      [order.state, order.source, order.amountFen, order.priceFen, order.quantity],
      ['paid', 'redeem', 0, 0, 1],
    )
    assert.equal(redemption.orderId, order.id)
    assert.equal(copy.booksId, bookId, 'a book product gives a copy too')
    assert.equal(copy.source, 'redeem')
    assert.deepEqual(await stockOf(s, productId), { stock: 0, sales: 1 })
    const listed = await s.get(`${r('orderList')}?state=paid`, { token: me.token })
    assert.equal(listed.body.data.list[0].id, order.id)

    const other = await reader(s)
    fails(await redeem(other, second), 400, ShopText.outOfStock)
    const [row] = await s.db
      .select()
      .from(redeemCodes)
      .where(eq(redeemCodes.code, second.replace(/-/g, '')))
    assert.equal(row.redeemedBy, null, 'the code stays unused')
    await s.db.update(products).set({ stock: 1 }).where(eq(products.id, productId))
    ok(await redeem(other, second))
    assert.equal((await s.db.select().from(orders).where(eq(orders.userId, other.id))).length, 1)
  })

  test('expired and unknown codes; bad formats refused without counting', async () => {
    const me = await reader(s)
    const [soon] = await makeCodes({
      count: 1,
      kind: 'book',
      bookId,
      expiresAt: Math.floor(s.clock.now() / 1000) + 60,
    })
    s.clock.advance(MINUTE)
    fails(await redeem(me, soon), 400, ShopText.codeExpired)
    fails(await redeem(me, 'ZZZZ-ZZZZ-ZZZZ', 'q'), 400, ShopText.codeUnknown)
    for (const typed of ['ABC', 'ABCD-EFGH-JKLMN', '兑换码兑换码兑换码兑换码', '!!!!-????-####']) {
      fails(await redeem(me, typed), 400, ShopText.codeFormat, typed)
    }
    fails(await redeem(me, '   '), 400, ShopText.codeMissing)
    fails(await s.post(r('redeemCode'), {}, { token: me.token }), 400, ShopText.codeMissing)
    // Two wrong so far: three more are allowed, then 429.
    for (let i = 0; i < 3; i++)
      fails(await redeem(me, `WRNG-CODE-${i}${i}${i}${i}`), 400, ShopText.codeUnknown)
    fails(await redeem(me, 'WRNG-CODE-9999'), 429, ShopText.codeTooMany)
  })

  test('over 5 wrong in 10 minutes: 429 per reader, even for a good code; later it works', async () => {
    const me = await reader(s)
    const [good] = await makeCodes({ count: 1, kind: 'book', bookId })
    const wrong = async () => redeem(me, 'NOPE-NOPE-NOPE')
    const results: Reply[] = await Promise.all(Array.from({ length: 8 }, wrong))
    const codes = results.map((res) => res.body.code).sort()
    assert.deepEqual(codes, [400, 400, 400, 400, 400, 429, 429, 429])
    fails(await redeem(me, good), 429, ShopText.codeTooMany)
    // Another reader is not held back by this one.
    ok(await redeem(await reader(s), (await makeCodes({ count: 1, kind: 'book', bookId }))[0]))
    s.clock.advance(RedeemLimits.wrongWindowMs)
    ok(await redeem(me, good))
  })

  /** A redemption as `who` from the address `ip`. */
  const from = (who: Reader, ip: string, code = 'GONE-GONE-GONE') =>
    s.post(r('redeemCode'), { code }, { token: who.token, headers: { 'x-forwarded-for': ip } })

  test("one reader's wrong codes lock that reader, not the others behind the address", async () => {
    const ip = '198.51.100.7'
    const guesser = await reader(s)
    for (let i = 0; i < RedeemLimits.wrongMax; i++) {
      fails(await from(guesser, ip), 400, ShopText.codeUnknown)
    }
    const [mine, theirs] = await makeCodes({ count: 2, kind: 'book', bookId })
    fails(await from(guesser, ip, mine), 429, ShopText.codeTooMany)
    // Another reader at the same address (a school's NAT): a good code works, a wrong one counts
    // against them alone.
    const neighbour = await reader(s)
    ok(await from(neighbour, ip, theirs))
    fails(await from(await reader(s), ip), 400, ShopText.codeUnknown)
    // The guesser is locked from any address.
    fails(await from(guesser, '198.51.100.99', mine), 429, ShopText.codeTooMany)
  })

  test('an address is locked only past addressWrongMax wrong codes, for everyone there', async () => {
    const ip = '198.51.100.20'
    const perReader = RedeemLimits.wrongMax - 1
    let left = RedeemLimits.addressWrongMax
    while (left > 0) {
      const who = await reader(s)
      for (let i = 0; i < Math.min(perReader, left); i++, left--) {
        fails(await from(who, ip), 400, ShopText.codeUnknown, `wrong ${left}`)
      }
    }
    const [code] = await makeCodes({ count: 1, kind: 'book', bookId })
    const fresh = await reader(s)
    fails(await from(fresh, ip, code), 429, ShopText.codeTooMany)
    ok(await from(fresh, '198.51.100.21', code))
    s.clock.advance(RedeemLimits.wrongWindowMs)
    const [later] = await makeCodes({ count: 1, kind: 'book', bookId })
    ok(await from(await reader(s), ip, later))
  })

  test('my redemptions, newest first, both styles; the demo codes work', async () => {
    const me = await reader(s)
    ok(await redeem(me, 'demo-book-0001'))
    ok(await redeem(me, 'DEMO BOOK 0002', 'q'))
    ok(await redeem(me, 'DEMO-GOOD-0001'))
    for (const url of [q('redeemList'), r('redeemList')]) {
      const res = await s.get(`${url}${sep(url)}pageSize=2`, { token: me.token })
      ok(res, url)
      assert.equal(res.body.data.total, 3)
      assert.deepEqual(
        res.body.data.list.map((x: { code: string; kind: string }) => [x.code, x.kind]),
        [
          ['DEMO-GOOD-0001', 'product'],
          ['DEMO-BOOK-0002', 'book'],
        ],
      )
      assert.ok(res.body.data.list[0].orderId)
      assert.equal(res.body.data.list[0].booksOrderId, null)
      assert.ok(res.body.data.list[1].booksOrderId)
    }
    assert.equal(
      (await s.get(r('redeemList'), { token: (await reader(s)).token })).body.data.total,
      0,
    )
    const copies = await s.db.select().from(bookCopies).where(eq(bookCopies.ownerUserId, me.id))
    assert.equal(copies.length, 2)
  })
})
