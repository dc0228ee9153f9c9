import { CHINA_OFFSET_MS } from '@rules/chinaTime'
import type { Db } from '../src/db/client'
import {
  magazineArticles,
  magazineCategories,
  magazineIssues,
  magazines,
  newspaperArticles,
  newspaperEditions,
  newspaperPages,
  newspapers,
  pressCategories,
} from '../src/db/schema'
import { seedAssetUrl } from '../src/modules/common/seedAssets'
import { dayKey } from '../src/modules/stats/days'
import { ClassicTexts } from './classicTexts'
import { loadSeedNewspaper, PRESS_CATEGORIES } from './newspaperContent'
import { loadSeedMagazines, MAGAZINE_CATEGORIES } from './periodicalContent'

const DAY_MS = 24 * 60 * 60 * 1000

const magazineImage = (name: string): string => seedAssetUrl('magazines', name)

/** House content: no owner, approved when it came out (by no one: it never went to review). */
const approvedAt = (at: Date) => ({
  ownerId: null,
  reviewState: 'approved' as const,
  reviewReason: '',
  reviewedAt: at,
  reviewedBy: null,
  createdAt: at,
  updatedAt: at,
})

/**
 * The demo magazines (./periodicalContent.ts): their categories, the magazines, three approved
 * issues each (the last one out on the seed day, the others every `everyDays` before) and the
 * issues' articles. A magazine's cover is its latest issue's.
 */
export async function seedMagazines(tx: Db, now: number, texts = new ClassicTexts()) {
  const categories = await tx
    .insert(magazineCategories)
    .values(MAGAZINE_CATEGORIES.map((name, i) => ({ name, sort: i + 1 })))
    .returning({ id: magazineCategories.id, name: magazineCategories.name })
  const categoryId = new Map(categories.map((c) => [c.name, c.id]))

  for (const magazine of loadSeedMagazines(texts)) {
    const last = magazine.issues.length
    const outAt = (serial: number) => new Date(now - (last - serial) * magazine.everyDays * DAY_MS)
    const [row] = await tx
      .insert(magazines)
      .values({
        categoryId: categoryId.get(magazine.category) as number,
        name: magazine.name,
        intro: magazine.intro,
        cover: magazineImage(magazine.issues[last - 1].cover),
        ownerId: null,
        createdAt: outAt(1),
        updatedAt: outAt(last),
      })
      .returning({ id: magazines.id })
    const issues = await tx
      .insert(magazineIssues)
      .values(
        magazine.issues.map((issue) => ({
          magazineId: row.id,
          serial: issue.serial,
          title: issue.title,
          cover: magazineImage(issue.cover),
          ...approvedAt(outAt(issue.serial)),
        })),
      )
      .returning({ id: magazineIssues.id, serial: magazineIssues.serial })
    const issueId = new Map(issues.map((i) => [i.serial, i.id]))
    await tx.insert(magazineArticles).values(
      magazine.issues.flatMap((issue) =>
        issue.articles.map((article, i) => ({
          issueId: issueId.get(issue.serial) as number,
          serial: i + 1,
          title: article.title,
          author: article.author,
          paragraphs: article.paragraphs,
          images: article.image ? [magazineImage(article.image)] : [],
        })),
      ),
    )
  }
}

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六']

/** An edition's title from its date: '3月7日 星期五'. */
function editionTitle(date: string): string {
  const d = new Date(`${date}T00:00:00Z`)
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日 星期${WEEKDAYS[d.getUTCDay()]}`
}

/**
 * The demo newspaper: its category, the paper and a week of approved editions dated the seven China
 * days ending on the seed day (computed from `now`, so a fresh database shows the last week), each
 * out at 06:00 that day (or at `now` on a seed day not yet past 06:00), with four pages and their
 * articles. Every edition shows the same four committed page images.
 */
export async function seedNewspapers(tx: Db, now: number, texts = new ClassicTexts()) {
  const categories = await tx
    .insert(pressCategories)
    .values(PRESS_CATEGORIES.map((name, i) => ({ name, sort: i + 1 })))
    .returning({ id: pressCategories.id, name: pressCategories.name })
  const paper = loadSeedNewspaper(texts)
  const count = paper.editions.length
  const dates = paper.editions.map((_, i) => dayKey(now - (count - 1 - i) * DAY_MS))
  const outAt = (date: string) =>
    new Date(Math.min(now, Date.parse(`${date}T06:00:00Z`) - CHINA_OFFSET_MS))
  const frontPage = seedAssetUrl('newspapers', paper.editions[0][0].image)

  const [row] = await tx
    .insert(newspapers)
    .values({
      categoryId: categories.find((c) => c.name === paper.category)?.id as number,
      name: paper.name,
      intro: paper.intro,
      cover: frontPage,
      ownerId: null,
      createdAt: outAt(dates[0]),
      updatedAt: outAt(dates[count - 1]),
    })
    .returning({ id: newspapers.id })
  const editions = await tx
    .insert(newspaperEditions)
    .values(
      dates.map((date) => ({
        newspaperId: row.id,
        date,
        title: editionTitle(date),
        cover: frontPage,
        ...approvedAt(outAt(date)),
      })),
    )
    .returning({ id: newspaperEditions.id, date: newspaperEditions.date })
  const editionId = new Map(editions.map((e) => [e.date, e.id]))

  const pages = await tx
    .insert(newspaperPages)
    .values(
      paper.editions.flatMap((edition, e) =>
        edition.map((page, p) => ({
          editionId: editionId.get(dates[e]) as number,
          serial: p + 1,
          name: page.name,
          image: seedAssetUrl('newspapers', page.image),
        })),
      ),
    )
    .returning({
      id: newspaperPages.id,
      editionId: newspaperPages.editionId,
      serial: newspaperPages.serial,
    })
  const pageId = new Map(pages.map((p) => [`${p.editionId}:${p.serial}`, p.id]))

  await tx.insert(newspaperArticles).values(
    paper.editions.flatMap((edition, e) => {
      const id = editionId.get(dates[e]) as number
      // Articles are numbered through the edition, page by page.
      return edition
        .flatMap((page, p) => page.articles.map((article) => ({ article, page: p + 1 })))
        .map(({ article, page }, i) => ({
          editionId: id,
          pageId: pageId.get(`${id}:${page}`) as number,
          serial: i + 1,
          title: article.title,
          author: article.author,
          paragraphs: article.paragraphs,
          images: [],
        }))
    }),
  )
}
