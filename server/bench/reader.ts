/**
 * Benchmark of the reader's first screen on a chapter of 100,000 characters (issue 3's quality
 * bar). Run with `npm run bench:reader` after `npm run build:h5`:
 *  1. a fresh embedded database in a temporary DATA_DIR, migrated and seeded, plus one book whose
 *     only chapter is 100,000 characters of 古文观止 (one chapter, ~500 paragraphs);
 *  2. the server on a free port, serving the built H5 app;
 *  3. Debian's Chromium opens /pagesA/read/read?id=<book> RUNS times (a fresh page each time) and
 *     measures from navigation start until the first text block is on screen; it also counts the
 *     blocks in the page tree (the reader renders a window, not the chapter).
 * Prints the median and worst figures and fails when the median is over BENCH_MAX_MS (default
 * 3000) or the page holds more than a tenth of the chapter.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import type { Db } from '../src/db/client'
import { bookCategories, bookChapters, books } from '../src/db/schema'
import { benchMain, runH5Bench } from './h5Bench'

const ROOT = path.resolve(__dirname, '..', '..')
const CHARS = 100_000
const RUNS = Number(process.env.BENCH_RUNS) || 5
const MAX_MS = Number(process.env.BENCH_MAX_MS) || 3000

interface Essay {
  paragraphs: string[]
}
interface Volume {
  content: Essay[]
}

/** Real paragraphs of 古文观止, repeated as needed, cut at exactly CHARS characters. */
function longChapter(): string[] {
  const file = path.join(ROOT, 'server', 'seed', 'classics', 'guwenguanzhi.json')
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { content: Volume[] }
  const source = data.content.flatMap((v) => v.content.flatMap((e) => e.paragraphs))
  const out: string[] = []
  let total = 0
  for (let i = 0; total < CHARS; i++) {
    const p = source[i % source.length].slice(0, CHARS - total)
    out.push(p)
    total += p.length
  }
  return out
}

async function prepare(db: Db): Promise<{ bookId: number; paragraphs: string[] }> {
  const paragraphs = longChapter()
  const [category] = await db
    .insert(bookCategories)
    .values({ name: '基准测试', sort: 99 })
    .returning()
  const [book] = await db
    .insert(books)
    .values({
      categoryId: category.id,
      name: '古文观止（十万字一章）',
      author: '吴楚材 吴调侯',
      wordCount: CHARS,
      chapterCount: 1,
      createdAt: new Date(),
    })
    .returning()
  await db.insert(bookChapters).values({
    bookId: book.id,
    serial: 1,
    title: '十万字',
    paragraphs,
    wordCount: CHARS,
  })
  return { bookId: book.id, paragraphs }
}

async function measure(
  { base, browser }: { base: string; browser: Browser },
  { bookId, paragraphs }: { bookId: number; paragraphs: string[] },
): Promise<void> {
  const url = `${base}/pagesA/read/read?id=${bookId}`
  const times: number[] = []
  let blocksInTree = 0
  let blocksTotal = 0
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'commit' })
    await page.locator('.reader__block').first().waitFor({ state: 'visible', timeout: 30_000 })
    const ms = await page.evaluate(() => performance.now())
    blocksInTree = await page.locator('.reader__block').count()
    times.push(ms)
    await context.close()
  }
  // The chapter's block count as the reader cuts it (600 characters at most per block).
  blocksTotal = paragraphs.reduce((n, p) => n + Math.max(1, Math.ceil(p.length / 600)), 0)
  times.sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)]
  const worst = times[times.length - 1]
  console.log(
    `reader first screen, chapter of ${CHARS.toLocaleString('en')} characters ` +
      `(${paragraphs.length} paragraphs): median ${Math.round(median)} ms, worst ` +
      `${Math.round(worst)} ms over ${RUNS} runs; ${blocksInTree} of about ${blocksTotal} ` +
      'blocks in the page tree',
  )
  if (median > MAX_MS) throw new Error(`median ${Math.round(median)} ms is over ${MAX_MS} ms`)
  if (blocksInTree > blocksTotal / 10) {
    throw new Error(`${blocksInTree} blocks rendered: the reader built too much of the chapter`)
  }
}

benchMain(() => runH5Bench('reader', { prepare, measure }))
