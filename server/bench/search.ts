/**
 * Benchmark of the search (issue 13's quality bar). Server only, no browser. Run with
 * `npm run bench:search`:
 *  1. a fresh embedded database (PGlite) in a temporary DATA_DIR, migrated and seeded (the whole
 *     library: 14 books, about 10,600 paragraphs in the search index), then ANALYZE as the server
 *     does at start;
 *  2. the app on a free port;
 *  3. GET /api/search/findBooksSearchAppList for QUERIES (titles, authors, phrases in simplified
 *     and traditional characters, a common pair, one character): each twice to warm up, then
 *     RUNS rounds over all of them, each call timed over HTTP.
 * Prints the median and p95 of all calls and each query's median; fails when the median is over
 * BENCH_MAX_MS (default 50).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { searchApi } from '@api/search'
import { seedDemo } from '../seed'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config'
import { openPglite } from '../src/db/client'
import { runMigrations } from '../src/db/migrate'
import { ensureSearchIndex } from '../src/modules/search/indexer'

const RUNS = Number(process.env.BENCH_RUNS) || 7
const MAX_MS = Number(process.env.BENCH_MAX_MS) || 50
const WARM_UP = 2

/** Typical searches: what a reader types, and what it finds (book hits + passages). */
const QUERIES = [
  '唐诗三百首', // a title
  '蘅塘退士', // an author
  '李白', // an author inside the texts (40 passages)
  '静夜思', // a poem's title, simplified into traditional
  '床前明月光', // a line
  '學而時習之', // traditional into simplified
  '先天下之忧而忧', // inside a long paragraph
  '人生若只如初见',
  '天下', // a common pair (358 passages)
  '鹤', // one character
]

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
const median = (xs: number[]): number =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  )
const ms = (n: number) => `${n.toFixed(1)} ms`

async function run(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-'))
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', PORT: '0' })
  const handle = await openPglite(path.join(dataDir, 'pglite'))
  const app = buildApp({ db: handle.db, config, logger: false })
  try {
    await runMigrations(handle)
    const seededAt = performance.now()
    await seedDemo(handle.db, Date.now(), { production: false })
    await ensureSearchIndex(handle.db)
    await handle.db.execute(sql`analyze`)
    const seedMs = performance.now() - seededAt
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const base = `http://127.0.0.1:${port}${searchApi.search.rest.path}`

    const call = async (q: string): Promise<{ ms: number; found: number }> => {
      const t = performance.now()
      const res = await fetch(`${base}?keyword=${encodeURIComponent(q)}`)
      const body = (await res.json()) as {
        code: number
        data: { books: unknown[]; passages: { total: number } }
      }
      const took = performance.now() - t
      if (body.code !== 200) throw new Error(`${q}: ${JSON.stringify(body)}`)
      return { ms: took, found: body.data.books.length + body.data.passages.total }
    }

    for (const q of QUERIES) {
      for (let i = 0; i < WARM_UP; i++) {
        const { found } = await call(q)
        if (found === 0) throw new Error(`${q} found nothing`)
      }
    }
    const times = new Map<string, number[]>(QUERIES.map((q) => [q, []]))
    for (let round = 0; round < RUNS; round++) {
      for (const q of QUERIES) times.get(q)?.push((await call(q)).ms)
    }

    const all = [...times.values()].flat().sort((a, b) => a - b)
    const mid = percentile(all, 50)
    console.log(
      `search over the seeded library (seeded with its index in ${Math.round(seedMs)} ms): ` +
        `${all.length} calls over HTTP, median ${ms(mid)}, p95 ${ms(percentile(all, 95))}, ` +
        `worst ${ms(all[all.length - 1])}`,
    )
    for (const [q, xs] of times) console.log(`  ${q}: median ${ms(median(xs))}`)
    if (mid > MAX_MS) throw new Error(`search median ${ms(mid)} > ${MAX_MS} ms`)
  } finally {
    await app.close()
    await handle.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

run().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
