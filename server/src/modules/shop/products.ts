/** Products: the hot list, search, the product page, and the operators' saveProduct. */
import { asc, count, desc, eq, ilike, or } from 'drizzle-orm'
import type { Product, ProductDetail, SaveProductReq } from '@api/shop'
import { ShopLimits, ShopText, type ProductKind } from '@rules/shop'
import { textLength } from '@rules/validate'
import type { Page } from '@api/envelope'
import type { AppContext } from '../../context'
import type { Caller } from '../../http/auth'
import { isOperator } from '../../db/operators'
import type { Db } from '../../db/client'
import { books, products } from '../../db/schema'
import { inTx } from '../../db/tx'
import { lockCaller } from '../../db/users'
import { AppError, badRequest, notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { parseUploadUrl, UPLOAD_URL_PREFIX } from '../common/uploadNames'
import { requireOwnUploads } from '../periodicals/shared'
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

/** A server-shipped image: a seed asset or a poster (URL paths). */
const ASSET_URL = /^\/(?:api\/seed-assets|api\/posters)\/[A-Za-z0-9._/-]{1,200}$/
const isAssetUrl = (url: string): boolean => ASSET_URL.test(url) && !url.includes('..')

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
  if (input.images && input.images.length > ShopLimits.imagesMax) {
    throw badRequest(ShopText.tooManyImages)
  }
}

/**
 * The cover and images as stored, checked in the transaction (the caller's row locked, as every
 * service attaching uploads does): each one the product already has (kept as it is), a seed asset
 * or poster, or one of the caller's own uploads (stored as '/uploads/<name>'); else 400
 * '图片地址无效'. Never another reader's upload, a made-up upload name or an outside address.
 */
async function checkImages(
  tx: Db,
  userId: number,
  input: Pick<SaveProductReq, 'cover' | 'images'>,
  current: { cover: string; images: string[] } | undefined,
): Promise<{ cover?: string; images?: string[] }> {
  const kept = new Set(current ? [current.cover, ...current.images].filter(Boolean) : [])
  const uploadsToOwn: string[] = []
  const stored = (url: string): string => {
    if (kept.has(url) || isAssetUrl(url)) return url
    const name = parseUploadUrl(url)
    if (!name) throw badRequest(ShopText.imageInvalid)
    const asStored = `${UPLOAD_URL_PREFIX}${name}`
    if (!kept.has(asStored)) uploadsToOwn.push(name)
    return asStored
  }
  const out: { cover?: string; images?: string[] } = {}
  if (input.cover !== undefined) out.cover = input.cover ? stored(input.cover) : ''
  if (input.images !== undefined) out.images = [...new Set(input.images.map(stored))]
  await requireOwnUploads(tx, userId, [...new Set(uploadsToOwn)], ShopText.imageInvalid)
  return out
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
    await lockCaller(tx, caller.userId)
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
    const images = await checkImages(tx, caller.userId, input, existing)
    const fields = {
      kind,
      bookId,
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...images,
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
