import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import { books, posters } from '../src/db/schema'
import { posterImageUrl } from '../src/modules/stats/posters'

/** A listed book by any of its names (the catalogue may spell it simplified or traditional). */
async function findBook(
  tx: Db,
  names: string[],
): Promise<{ id: number; name: string } | undefined> {
  const rows = await tx
    .select({ id: books.id, name: books.name })
    .from(books)
    .where(and(inArray(books.name, names), eq(books.listed, true)))
    .orderBy(asc(books.id))
    .limit(1)
  return rows[0]
}

const detailLink = (book: { id: number } | undefined): string =>
  book ? `/pagesA/read/detail?id=${book.id}` : ''

/**
 * The home banner: two books and the reading ranking. Images are the committed PNGs under
 * seed/assets/posters (scripts/make-posters.mjs); the app lays title and subtitle over them.
 */
export async function seedPosters(tx: Db, _now: number): Promise<void> {
  const lunyu = await findBook(tx, ['论语', '論語'])
  const dizigui = await findBook(tx, ['弟子规', '弟子規'])
  await tx.insert(posters).values([
    {
      title: `开卷有益：${lunyu?.name ?? '论语'}`,
      subtitle: '学而时习之，不亦说乎',
      image: posterImageUrl('reading.png'),
      link: detailLink(lunyu),
      sort: 1,
    },
    {
      title: `有声书：${dizigui?.name ?? '弟子规'}`,
      subtitle: '边听边读，声声入耳',
      image: posterImageUrl('audio.png'),
      link: detailLink(dizigui),
      sort: 2,
    },
    {
      title: '阅读排行',
      subtitle: '看看这周谁读得最多',
      image: posterImageUrl('ranking.png'),
      link: '/pagesA/mine/rankTop',
      sort: 3,
    },
  ])
}
