/** Products: the hot list, search, the product page, and the operators' saveProduct. */
import { asc, count, desc, eq, ilike, or } from 'drizzle-orm'
import type { Product, ProductDetail, SaveProductReq } from '@api/shop'
import { ShopLimits, ShopText, type ProductKind } from '@rules/shop'
import { textLength } from '@rules/validate'
import type { Page } from '@api/envelope'
import type { AppContext } from '../../context'
import type { Caller } from '../../http/auth'
import { isOperator } from '../../db/operators'
import { books, products } from '../../db/schema'
import { inTx } from '../../db/tx'
import { AppError, badRequest, notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { all, productColumns, productDetail, requireShopOperator, toProduct } from './rows'

/** `%` and `_` in a search term match themselves. */
const likePattern = (term: string): string => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

export async function hotProducts(app: AppContext): Promise<Product[]> {
  const rows = await app.db
    .select(productColumns)
    .from(products)
    .where(all(eq(products.onSale, true), eq(products.hot, true)))
    .orderBy(asc(products.sort), desc(products.sales), asc(products.id))
    .limit(ShopLimits.hotMax)
  return rows.map(toProduct)
}

export async function searchProducts(
  app: AppContext,
  input: { keyword?: string; kind?: ProductKind },
  at: Paging,
): Promise<Page<Product>> {
  const keyword = (input.keyword ?? '').trim()
  if (textLength(keyword) > ShopLimits.keywordMaxChars) throw badRequest(ShopText.keywordTooLong)
  const where = all(
    eq(products.onSale, true),
    input.kind ? eq(products.kind, input.kind) : undefined,
    keyword
      ? or(
          ilike(products.name, likePattern(keyword)),
          ilike(products.description, likePattern(keyword)),
        )
      : undefined,
  )
  const [rows, [total]] = await Promise.all([
    app.db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(asc(products.sort), desc(products.id))
      .limit(at.pageSize)
      .offset(at.offset),
    app.db.select({ n: count() }).from(products).where(where),
  ])
  return pageOf(rows.map(toProduct), total.n, at)
}

/** A product on sale (off sale: operators only; else 404). */
export async function productInfo(
  app: AppContext,
  caller: Caller | null,
  id: number,
): Promise<ProductDetail> {
  const detail = await productDetail(app.db, id)
  if (!detail) throw notFound(ShopText.productNotFound)
  if (!detail.onSale && !(caller && (await isOperator(app.db, caller.userId)))) {
    throw notFound(ShopText.productNotFound)
  }
  return detail
}

/** An image an operator may put on a product: an upload, a seed asset or poster, or https. */
const IMAGE_URL =
  /^(?:\/(?:uploads|api\/seed-assets|api\/posters)\/[A-Za-z0-9._/-]{1,200}|https:\/\/[^\s"'<>]{1,900})$/
const isImageUrl = (url: string): boolean => IMAGE_URL.test(url) && !url.includes('..')

function checkFields(input: SaveProductReq): void {
  if (input.name !== undefined) {
    if (!input.name) throw badRequest(ShopText.nameMissing)
    if (textLength(input.name) > ShopLimits.nameMaxChars) throw badRequest(ShopText.nameTooLong)
  }
  if (
    input.description !== undefined &&
    textLength(input.description) > ShopLimits.descriptionMaxChars
  ) {
    throw badRequest(ShopText.descriptionTooLong)
  }
  if (input.cover && !isImageUrl(input.cover)) throw badRequest(ShopText.imageInvalid)
  if (input.images) {
    if (input.images.length > ShopLimits.imagesMax) throw badRequest(ShopText.tooManyImages)
    if (!input.images.every(isImageUrl)) throw badRequest(ShopText.imageInvalid)
  }
}

/** Operators: creates (no id) or changes a product. One transaction. */
export async function saveProduct(
  app: AppContext,
  caller: Caller,
  input: SaveProductReq,
): Promise<ProductDetail> {
  await requireShopOperator(app.db, caller.userId)
  checkFields(input)
  const id = await inTx(app.db, async (tx): Promise<number | AppError> => {
    const now = new Date(app.clock.now())
    const [existing] = input.id
      ? await tx.select().from(products).where(eq(products.id, input.id)).for('update')
      : [undefined]
    if (input.id && !existing) throw notFound(ShopText.productNotFound)
    const kind = input.kind ?? existing?.kind
    if (!kind) throw badRequest(ShopText.kindInvalid)
    const bookId = kind === 'book' ? (input.bookId ?? existing?.bookId ?? null) : null
    if (kind === 'book') {
      if (!bookId) throw badRequest(ShopText.bookIdMissing)
      const [book] = await tx.select({ id: books.id }).from(books).where(eq(books.id, bookId))
      if (!book) throw notFound(ShopText.bookNotFound)
    }
    const fields = {
      kind,
      bookId,
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.cover !== undefined ? { cover: input.cover } : {}),
      ...(input.images !== undefined ? { images: input.images } : {}),
      ...(input.priceFen !== undefined ? { priceFen: input.priceFen } : {}),
      ...(input.stock !== undefined ? { stock: input.stock } : {}),
      ...(input.hot !== undefined ? { hot: input.hot === 1 } : {}),
      ...(input.onSale !== undefined ? { onSale: input.onSale === 1 } : {}),
      ...(input.sort !== undefined ? { sort: input.sort } : {}),
      updatedAt: now,
    }
    if (existing) {
      await tx.update(products).set(fields).where(eq(products.id, existing.id))
      return existing.id
    }
    if (!input.name) throw badRequest(ShopText.nameMissing)
    if (input.priceFen === undefined) throw badRequest(ShopText.priceInvalid)
    const [row] = await tx
      .insert(products)
      .values({ ...fields, name: input.name, priceFen: input.priceFen, createdAt: now })
      .returning({ id: products.id })
    return row.id
  })
  return (await productDetail(app.db, id)) as ProductDetail
}
