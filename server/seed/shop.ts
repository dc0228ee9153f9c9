/**
 * The demo shop (issue 16): gift copies of seeded classics and a few goods, two of them hot, with
 * images reused from the seed assets (the videos' covers of the same books, the magazines'
 * illustrations, the home posters); and three demo redeem codes (the README lists them).
 */
import { inArray } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import { books, products, redeemCodes } from '../src/db/schema'
import { seedAssetUrl } from '../src/modules/common/seedAssets'
import { posterImageUrl } from '../src/modules/stats/posters'

interface SeedProduct {
  kind: 'book' | 'goods'
  /** The seeded book a 'book' product gives a copy of. */
  book?: string
  name: string
  cover: string
  images: string[]
  description: string
  priceFen: number
  stock: number
  hot?: boolean
}

const video = (name: string) => seedAssetUrl('videos', name)
const art = (name: string) => seedAssetUrl('magazines', name)

export const SEED_PRODUCTS: SeedProduct[] = [
  {
    kind: 'book',
    book: '论语',
    name: '《论语》典藏赠书',
    cover: video('lunyu-xueer.jpg'),
    images: [video('lunyu-weizheng.jpg')],
    description:
      '孔子及其弟子的言行录，儒家经典之首。\n购买后获得一份电子赠书，可在“我的订单”中查看，也可以赠送给书友。',
    priceFen: 2990,
    stock: 200,
    hot: true,
  },
  {
    kind: 'book',
    book: '唐诗三百首',
    name: '《唐诗三百首》赠书',
    cover: video('tang-xiangsi.jpg'),
    images: [video('tang-dengguanque.jpg')],
    description: '蘅塘退士选编的唐诗选本，家喻户晓。\n购买后获得一份电子赠书，可以赠送给书友。',
    priceFen: 3990,
    stock: 200,
    hot: true,
  },
  {
    kind: 'book',
    book: '三字经',
    name: '《三字经》启蒙赠书',
    cover: video('sanzijing-renzhichu.jpg'),
    images: [video('sanzijing-mengmu.jpg')],
    description: '三字一句，朗朗上口的蒙学读物。\n购买后获得一份电子赠书，可以赠送给书友。',
    priceFen: 1990,
    stock: 100,
  },
  {
    kind: 'book',
    book: '古文观止',
    name: '《古文观止》赠书',
    cover: video('guwen-loushiming.jpg'),
    images: [],
    description: '清代吴楚材、吴调侯选编的古文读本。\n购买后获得一份电子赠书，可以赠送给书友。',
    priceFen: 4900,
    stock: 100,
  },
  {
    kind: 'book',
    book: '诗经',
    name: '《诗经》赠书',
    cover: video('shijing-guanju.jpg'),
    images: [],
    description: '中国最早的诗歌总集。\n购买后获得一份电子赠书，可以赠送给书友。',
    priceFen: 3500,
    stock: 100,
  },
  {
    kind: 'goods',
    name: '古风书签套装（5枚）',
    cover: art('art-jingye.jpg'),
    images: [art('art-taohua.jpg'), art('art-jiangxue.jpg'), art('art-chibi.jpg')],
    description: '以名篇为题的古风插画书签，一套五枚。\n实物商品，付款后三个工作日内发货。',
    priceFen: 1280,
    stock: 50,
  },
  {
    kind: 'goods',
    name: '读书笔记本',
    cover: art('guwen-1.jpg'),
    images: [art('guwen-2.jpg'), art('guwen-3.jpg')],
    description: '线装笔记本，记录读书心得。\n实物商品，付款后三个工作日内发货。',
    priceFen: 1800,
    stock: 30,
  },
  {
    kind: 'goods',
    name: '开卷有益帆布袋',
    cover: posterImageUrl('reading.png'),
    images: [art('shici-1.jpg')],
    description: '结实耐用的帆布书袋，装得下一摞书。\n实物商品，付款后三个工作日内发货。',
    priceFen: 4500,
    stock: 20,
  },
]

/** The demo codes (normalised), what they give, for the README: typed as DEMO-BOOK-0001 etc. */
export const DEMO_REDEEM_CODES = [
  { code: 'DEMOBOOK0001', book: '论语' },
  { code: 'DEMOBOOK0002', book: '三字经' },
  { code: 'DEMOGOOD0001', product: '古风书签套装（5枚）' },
] as const

export async function seedShop(tx: Db, now: number): Promise<void> {
  const at = new Date(now)
  const names = SEED_PRODUCTS.flatMap((p) => (p.book ? [p.book] : []))
  const found = await tx
    .select({ id: books.id, name: books.name })
    .from(books)
    .where(inArray(books.name, names))
  const bookId = new Map(found.map((b) => [b.name, b.id]))
  // A book missing from the catalogue (a trimmed seed): its product is left out.
  const rows = SEED_PRODUCTS.filter((p) => !p.book || bookId.has(p.book)).map((p, i) => ({
    kind: p.kind,
    bookId: p.book ? (bookId.get(p.book) as number) : null,
    name: p.name,
    cover: p.cover,
    images: p.images,
    description: p.description,
    priceFen: p.priceFen,
    stock: p.stock,
    hot: p.hot ?? false,
    sort: i + 1,
    createdAt: at,
    updatedAt: at,
  }))
  if (rows.length === 0) return
  const inserted = await tx
    .insert(products)
    .values(rows)
    .returning({ id: products.id, name: products.name })
  const productId = new Map(inserted.map((p) => [p.name, p.id]))
  const codes: Array<typeof redeemCodes.$inferInsert> = []
  for (const demo of DEMO_REDEEM_CODES) {
    const at0 = { code: demo.code, batch: 'demo', createdAt: at }
    if ('book' in demo) {
      const id = bookId.get(demo.book)
      if (id) codes.push({ ...at0, kind: 'book', bookId: id })
    } else {
      const id = productId.get(demo.product)
      if (id) codes.push({ ...at0, kind: 'product', productId: id })
    }
  }
  if (codes.length > 0) {
    await tx.insert(redeemCodes).values(codes).onConflictDoNothing()
  }
}
