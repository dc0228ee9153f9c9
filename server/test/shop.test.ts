/**
 * The shop (issue 16): the seeded products, the hot list, search and the product page in both call
 * styles for guests and readers; the home posters (moved here from stats); the operators'
 * saveProduct (readers refused); App.Mall.RemoteToken verifiable with the secret; guests refused
 * where a login is needed.
 */
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import type { CallDecl } from '@api/contract'
import { shopApi } from '@api/shop'
import { ShopText } from '@rules/shop'
import { products } from '../src/db/schema'
import { getSetting } from '../src/db/settings'
import { DEMO_REDEEM_CODES, SEED_PRODUCTS } from '../seed/shop'
import { MINUTE, queryPath, restPath, startServer, type TestServer } from './helpers'
import { fails, ok, operatorToken, q, r, reader, type Reader } from './shopHelpers'

const both = (key: keyof typeof shopApi): string[] => [q(key), r(key)]

/** The parts of an HS256 JWT, checked with `secret`. */
function verifyJwt(token: string, secret: string): Record<string, unknown> {
  const [head, body, sig] = token.split('.')
  assert.equal(
    createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url'),
    sig,
    'signature',
  )
  assert.deepEqual(JSON.parse(Buffer.from(head, 'base64url').toString()), {
    alg: 'HS256',
    typ: 'JWT',
  })
  return JSON.parse(Buffer.from(body, 'base64url').toString())
}

describe('shop: products, posters, remote token', () => {
  let s: TestServer
  let me: Reader
  let operator: string
  before(async () => {
    s = await startServer({
      MALL_REMOTE_SECRET: 'mall-secret-for-tests',
      MALL_URL: 'https://mall.example.com/h5',
    })
    me = await reader(s)
    operator = await operatorToken(s)
  })
  after(() => s.close())

  test('the seeded shop: 8 products, 2 hot, book copies with their books', async () => {
    const rows = await s.db.select().from(products)
    assert.equal(rows.length, SEED_PRODUCTS.length)
    assert.equal(rows.filter((p) => p.hot).length, 2)
    assert.ok(rows.filter((p) => p.kind === 'book').every((p) => p.bookId !== null && p.cover))
    assert.ok(rows.filter((p) => p.kind === 'goods').every((p) => p.images.length > 0))
    assert.equal(DEMO_REDEEM_CODES.length, 3)
  })

  test('MallHotProduct: the hot products on sale, guests and readers, both styles', async () => {
    for (const url of both('hotProducts')) {
      for (const token of [undefined, me.token]) {
        const res = await s.get(url, { token })
        ok(res, url)
        assert.equal(res.body.data.length, 2)
        const [first] = res.body.data
        assert.deepEqual(Object.keys(first).sort(), [
          'bookId',
          'cover',
          'hot',
          'id',
          'kind',
          'name',
          'onSale',
          'priceFen',
          'sales',
          'stock',
        ])
        assert.equal(first.name, '《论语》典藏赠书')
        assert.equal(first.priceFen, 2990)
      }
    }
    // Off sale: gone from the list.
    const [hot] = await s.db.select().from(products).where(eq(products.hot, true)).limit(1)
    await s.db.update(products).set({ onSale: false }).where(eq(products.id, hot.id))
    assert.equal((await s.get(q('hotProducts'))).body.data.length, 1)
    await s.db.update(products).set({ onSale: true }).where(eq(products.id, hot.id))
  })

  test('SearchMallProduct: keyword, kind and paging, both styles, guests too', async () => {
    for (const url of both('searchProducts')) {
      const all = await s.get(`${url}${url.includes('?') ? '&' : '?'}pageSize=5`)
      ok(all, url)
      assert.equal(all.body.data.total, 8)
      assert.equal(all.body.data.list.length, 5)
      assert.equal(all.body.data.pageSize, 5)
      const page2 = await s.get(`${url}${url.includes('?') ? '&' : '?'}pageSize=5&page=2`)
      assert.equal(page2.body.data.list.length, 3)
      const goods = await s.get(`${url}${url.includes('?') ? '&' : '?'}kind=goods`, {
        token: me.token,
      })
      assert.equal(goods.body.data.total, 3)
      assert.ok(goods.body.data.list.every((p: { kind: string }) => p.kind === 'goods'))
      const found = await s.get(
        `${url}${url.includes('?') ? '&' : '?'}keyword=${encodeURIComponent('唐诗')}`,
      )
      assert.deepEqual(
        found.body.data.list.map((p: { name: string }) => p.name),
        ['《唐诗三百首》赠书'],
      )
      // In the description too; % matches itself.
      const bags = await s.get(
        `${url}${url.includes('?') ? '&' : '?'}keyword=${encodeURIComponent('一摞书')}`,
      )
      assert.equal(bags.body.data.total, 1)
      assert.equal(
        (await s.get(`${url}${url.includes('?') ? '&' : '?'}keyword=%25`)).body.data.total,
        0,
      )
      fails(
        await s.get(`${url}${url.includes('?') ? '&' : '?'}keyword=${'书'.repeat(31)}`),
        400,
        ShopText.keywordTooLong,
      )
      fails(
        await s.get(`${url}${url.includes('?') ? '&' : '?'}kind=car`),
        400,
        ShopText.kindInvalid,
      )
    }
  })

  test('GetMallProductInfo: images, description, book; off sale only for operators', async () => {
    const [lunyu] = await s.db.select().from(products).where(eq(products.name, '《论语》典藏赠书'))
    for (const url of both('productInfo')) {
      const sep = url.includes('?') ? '&' : '?'
      const res = await s.get(`${url}${sep}id=${lunyu.id}`)
      ok(res, url)
      const detail = res.body.data
      assert.equal(detail.kind, 'book')
      assert.equal(detail.book.name, '论语')
      assert.equal(detail.book.id, lunyu.bookId)
      assert.equal(detail.book.cover, lunyu.cover)
      assert.equal(detail.images.length, 1)
      assert.match(detail.description, /儒家经典/)
      fails(await s.get(`${url}${sep}id=999999`), 404, ShopText.productNotFound)
      fails(await s.get(`${url}${sep}id=abc`), 400, ShopText.productNotFound)
    }
    await s.db.update(products).set({ onSale: false }).where(eq(products.id, lunyu.id))
    fails(
      await s.get(`${q('productInfo')}&id=${lunyu.id}`, { token: me.token }),
      404,
      ShopText.productNotFound,
    )
    ok(await s.get(`${q('productInfo')}&id=${lunyu.id}`, { token: operator }))
    await s.db.update(products).set({ onSale: true }).where(eq(products.id, lunyu.id))
  })

  test('PosterList answers the home banner (moved from stats)', async () => {
    const res = await s.get(queryPath(shopApi.posterList))
    ok(res)
    assert.equal(res.body.data.length, 3)
    assert.deepEqual(Object.keys(res.body.data[0]).sort(), [
      'id',
      'image',
      'link',
      'subtitle',
      'title',
    ])
  })

  test('RemoteToken: an HS256 JWT for the mall, 5 minutes, verifiable with the secret', async () => {
    for (const url of both('remoteToken')) {
      fails(await s.get(url), url.startsWith('/api/') ? 401 : 302, '请先登录')
      const res = await s.get(url, { token: me.token })
      ok(res, url)
      const { token, expireAt, mallUrl } = res.body.data
      assert.equal(mallUrl, 'https://mall.example.com/h5')
      const claims = verifyJwt(token, 'mall-secret-for-tests')
      const now = Math.floor(s.clock.now() / 1000)
      assert.deepEqual(claims, {
        sub: String(me.id),
        nickname: claims.nickname,
        aud: 'mall',
        iat: now,
        exp: now + 300,
      })
      assert.match(String(claims.nickname), /^买家\d+$/)
      assert.equal(expireAt, now + 300)
      assert.throws(() => verifyJwt(token, 'another-secret'))
    }
    // Without MALL_REMOTE_SECRET: a secret kept in the database, and no mall address.
    const plain = await startServer({}, s)
    try {
      plain.clock.t = s.clock.now() + MINUTE
      const res = await plain.get(q('remoteToken'), { token: me.token })
      ok(res)
      assert.equal(res.body.data.mallUrl, '')
      const secret = await getSetting(s.db, 'mall_remote_key')
      assert.ok(secret)
      assert.equal(verifyJwt(res.body.data.token, secret).sub, String(me.id))
    } finally {
      await plain.close()
    }
  })

  test('saveProduct: operators create and change products; readers are refused', async () => {
    const input = {
      kind: 'goods',
      name: '藏书印章',
      description: '刻有“开卷有益”的印章',
      cover: '/api/seed-assets/magazines/art-chibi.jpg',
      images: ['/api/seed-assets/magazines/art-jingye.jpg'],
      priceFen: 6600,
      stock: 3,
      hot: 1,
      sort: 0,
    }
    for (const url of both('saveProduct')) {
      fails(await s.post(url, input), url.startsWith('/api/') ? 401 : 302, '请先登录')
      fails(await s.post(url, input, { token: me.token }), 403, ShopText.notOperator)
    }
    const made = await s.post(r('saveProduct'), input, { token: operator })
    ok(made)
    const id = made.body.data.id
    assert.equal(made.body.data.name, '藏书印章')
    assert.equal(made.body.data.hot, true)
    assert.equal(made.body.data.onSale, true)
    assert.deepEqual(made.body.data.images, input.images)
    assert.equal((await s.get(q('hotProducts'))).body.data[0].id, id, 'sort 0 comes first')

    const changed = await s.post(
      q('saveProduct'),
      { id, priceFen: 5000, stock: 0, onSale: 0, description: '' },
      { token: operator },
    )
    ok(changed)
    assert.deepEqual(
      [changed.body.data.priceFen, changed.body.data.stock, changed.body.data.onSale],
      [5000, 0, false],
    )
    assert.equal(changed.body.data.description, '')
    assert.equal(changed.body.data.name, '藏书印章')

    const bad = (body: Record<string, unknown>) =>
      s.post(r('saveProduct'), body, { token: operator })
    fails(await bad({ ...input, name: '' }), 400, ShopText.nameMissing)
    fails(await bad({ ...input, name: '长'.repeat(41) }), 400, ShopText.nameTooLong)
    fails(await bad({ ...input, priceFen: 0 }), 400, ShopText.priceInvalid)
    fails(await bad({ ...input, stock: -1 }), 400, ShopText.stockInvalid)
    fails(await bad({ ...input, cover: 'javascript:alert(1)' }), 400, ShopText.imageInvalid)
    fails(await bad({ ...input, images: ['/uploads/../etc/passwd'] }), 400, ShopText.imageInvalid)
    fails(await bad({ ...input, kind: 'book' }), 400, ShopText.bookIdMissing)
    fails(await bad({ ...input, kind: 'book', bookId: 999999 }), 404, ShopText.bookNotFound)
    fails(await bad({ id: 999999, name: 'x' }), 404, ShopText.productNotFound)
    const { priceFen: _price, ...noPrice } = input
    void _price
    fails(await bad(noPrice), 400, ShopText.priceInvalid)
  })

  test("saveProduct images: the operator's own uploads, seed assets, or the product's own", async () => {
    const base = { kind: 'goods', name: '书签', priceFen: 990, stock: 1 }
    const save = (body: Record<string, unknown>) =>
      s.post(r('saveProduct'), body, { token: operator })
    const theirs = await s.uploadImage(me.token)
    const madeUp = `/uploads/${'a'.repeat(32)}.jpg`
    for (const url of [theirs, madeUp, 'https://tracker.example.com/pixel.png']) {
      fails(await save({ ...base, cover: url }), 400, ShopText.imageInvalid, url)
      fails(await save({ ...base, images: [url] }), 400, ShopText.imageInvalid, url)
    }
    const mine = await s.uploadImage(operator)
    const made = await save({
      ...base,
      cover: mine,
      images: [mine, '/api/seed-assets/magazines/art-chibi.jpg'],
    })
    ok(made)
    const stored = `/uploads/${mine.split('/uploads/')[1]}`
    assert.equal(made.body.data.cover, stored)
    assert.deepEqual(made.body.data.images, [stored, '/api/seed-assets/magazines/art-chibi.jpg'])
    // What the product already has stays allowed (another operator's upload, an old address).
    const id = made.body.data.id
    await s.db
      .update(products)
      .set({ cover: theirs, images: ['https://old.example.com/a.png'] })
      .where(eq(products.id, id))
    const kept = await save({ id, cover: theirs, images: ['https://old.example.com/a.png'] })
    ok(kept)
    assert.equal(kept.body.data.cover, theirs)
    // A reader's upload never becomes a product image, by id either.
    const other = await s.uploadImage(me.token)
    fails(await save({ id, images: [other] }), 400, ShopText.imageInvalid)
  })

  test('guests are refused every call that needs a login, in both styles', async () => {
    const loginCalls = (Object.keys(shopApi) as (keyof typeof shopApi)[]).filter(
      (key) => shopApi[key].auth,
    )
    assert.ok(loginCalls.length >= 10)
    for (const key of loginCalls) {
      const decl: CallDecl = shopApi[key]
      if (decl.query) {
        const url = queryPath(decl)
        const res = decl.query.method === 'GET' ? await s.get(url) : await s.post(url, {})
        fails(res, 302, '请先登录', `${key} query`)
      }
      if (decl.rest) {
        const url = restPath(decl)
        const res = decl.rest.method === 'GET' ? await s.get(url) : await s.post(url, {})
        fails(res, 401, '请先登录', `${key} rest`)
      }
    }
  })
})
