/**
 * Integer fields sent as text are digits only: form text '12' is 12, but ' 2', '2 ' or '2\t' is
 * refused with the field's message (Ajv's coercion, and the trim before it, took them as 2).
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { booksApi } from '@api/books'
import { GROUP_NOT_FOUND, groupsApi } from '@api/groups'
import { ShopText } from '@rules/shop'
import { queryPath, restPath, startServer, type TestServer } from './helpers'
import { addProduct, fails, ok, q, r, reader, type Reader } from './shopHelpers'

const SPACED = [' 2', '2 ', ' 2 ', '\t2', '2\n', '\u00a02', '2\u3000']

describe('integer fields as text', () => {
  let s: TestServer
  let who: Reader
  let productId: number
  before(async () => {
    s = await startServer()
    who = await reader(s)
    productId = await addProduct(s, { priceFen: 100, stock: 1000 })
  })
  after(() => s.close())

  test("createOrder's quantity: spaced text refused in JSON, form and query; digits taken", async () => {
    for (const quantity of SPACED) {
      const label = JSON.stringify(quantity)
      for (const url of [r('createOrder'), q('createOrder')]) {
        const body = { productId, quantity }
        fails(await s.post(url, body, { token: who.token }), 400, ShopText.quantityInvalid, label)
        fails(
          await s.post(url, body, { token: who.token, form: true }),
          400,
          ShopText.quantityInvalid,
          `${label} form`,
        )
        const inQuery = `${url}${url.includes('?') ? '&' : '?'}quantity=${encodeURIComponent(quantity)}`
        fails(
          await s.post(inQuery, { productId }, { token: who.token }),
          400,
          ShopText.quantityInvalid,
          `${label} query`,
        )
      }
    }
    const made = await s.post(
      r('createOrder'),
      { productId: String(productId), quantity: '2' },
      { token: who.token, form: true },
    )
    ok(made, 'form text digits')
    assert.equal(made.body.data.order.quantity, 2)
  })

  test('ids and paging numbers alike', async () => {
    for (const text of SPACED) {
      const label = JSON.stringify(text)
      const id = encodeURIComponent(text.replace('2', '1'))
      fails(
        await s.get(`${restPath(groupsApi.groupDetail)}?groupId=${id}`, { token: who.token }),
        400,
        GROUP_NOT_FOUND,
        `groupId ${label}`,
      )
      const paged = await s.get(`${queryPath(booksApi.bookList)}&page=${id}`)
      assert.deepEqual([paged.status, paged.body.ret], [400, 400], `page ${label}`)
      assert.equal(paged.body.msg, '参数 page 格式错误', `page ${label}`)
    }
    ok(await s.get(`${queryPath(booksApi.bookList)}&page=2`))
    // Blank text is still "absent", as the API always took it.
    ok(await s.get(`${queryPath(booksApi.bookList)}&page=%20`))
  })
})
