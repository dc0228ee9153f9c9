/**
 * Benchmark of the feed list with 100,000 posts (issue 4's quality bar). Server only, no browser.
 * Run with `npm run bench:feed`:
 *  1. a fresh embedded database (PGlite) in a temporary DATA_DIR, migrated and seeded, plus USERS
 *     readers and POSTS posts among them (generate_series inserts in batches; one in a hundred
 *     deleted);
 *  2. the app on a free port;
 *  3. GET /api/publication/findPublicationFrame: page 1, page 500 and one reader's posts, as a guest
 *     and as 演示读者 who has blocked a few of the readers; a warm-up call, then RUNS timed calls
 *     each (the HTTP round trip: authentication, count(*) and the page query).
 * Steps 1-3 run on PGlite and then on the local PostgreSQL (BENCH_DATABASES=PGlite picks one);
 * then 20 connections load the first page for LOAD_SECONDS (autocannon, in its own process), as a
 * guest and as a signed-in reader; the guest figures must meet the goals of GOALS.
 * Step 3 runs twice: first as PGlite leaves the tables (it runs no autovacuum, so the planner has no
 * statistics), then after ANALYZE (what PostgreSQL's autovacuum would give). Prints the median and
 * worst times and the plans of the page and count queries after ANALYZE (of both phases with
 * BENCH_PLANS=1); fails when a median is over BENCH_MAX_MS (default 300) or the page query does
 * not use posts_live_idx.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { Client } from 'pg'
import { seedDemo } from '../seed'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config'
import { openPglite, openPostgres, type Db, type DbHandle } from '../src/db/client'
import { runMigrations } from '../src/db/migrate'
import { blocks } from '../src/db/schema'
import { feedCountQuery, feedPageQuery, feedWhere } from '../src/modules/feed/posts'
import { load, type LoadResult } from './load'

const POSTS = Number(process.env.BENCH_POSTS) || 100_000
const USERS = 300
const BATCH = 10_000
const RUNS = Number(process.env.BENCH_RUNS) || 7
const MAX_MS = Number(process.env.BENCH_MAX_MS) || 300
const PAGE_SIZE = 10
const LOAD_CONNECTIONS = 20
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS) || 5
const DEEP_PAGE = 500

type Kind = 'PGlite' | 'PostgreSQL'

interface Case {
  name: string
  url: string
  token?: string
}

const ms = (n: number) => `${n.toFixed(1)} ms`

/** The rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

interface Result {
  name: string
  median: number
  worst: number
  total: number
}

/** Each case: one warm-up call, then RUNS timed calls (the whole HTTP round trip). */
async function timeCases(base: string, cases: Case[]): Promise<Result[]> {
  const results: Result[] = []
  for (const c of cases) {
    const times: number[] = []
    let total = 0
    for (let run = 0; run <= RUNS; run++) {
      const t0 = performance.now()
      const res = await fetch(base + c.url, {
        headers: c.token ? { authorization: `Bearer ${c.token}` } : {},
      })
      const body = (await res.json()) as { code: number; data: { list: unknown[]; total: number } }
      const elapsed = performance.now() - t0
      if (body.code !== 200 || body.data.list.length !== PAGE_SIZE) {
        throw new Error(`${c.name}: unexpected answer ${JSON.stringify(body).slice(0, 200)}`)
      }
      total = body.data.total
      if (run > 0) times.push(elapsed)
    }
    times.sort((x, y) => x - y)
    results.push({
      name: c.name,
      median: times[Math.floor(times.length / 2)],
      worst: times[times.length - 1],
      total,
    })
  }
  return results
}

/** A fresh database of the kind: PGlite in dataDir, or a new database on the local PostgreSQL. */
async function openBenchDb(
  kind: Kind,
  dataDir: string,
): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  if (kind === 'PGlite') {
    return { handle: await openPglite(path.join(dataDir, 'pglite')), drop: async () => undefined }
  }
  const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const name = `bench_feed_${randomBytes(6).toString('hex')}`
  const admin = new Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    handle: await openPostgres(url.toString()),
    drop: async () => {
      const client = new Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

/** The throughput goals of issue 9 (first page, 20 connections): req/s and p99 ms. */
const GOALS: Record<Kind, { reqPerSec: number; p99: number }> = {
  PGlite: { reqPerSec: Number(process.env.BENCH_MIN_RPS_PGLITE) || 800, p99: 50 },
  PostgreSQL: { reqPerSec: Number(process.env.BENCH_MIN_RPS_PG) || 2000, p99: 50 },
}

async function main(): Promise<void> {
  const kinds: Kind[] = process.env.BENCH_DATABASES
    ? (process.env.BENCH_DATABASES.split(',') as Kind[])
    : ['PGlite', 'PostgreSQL']
  for (const kind of kinds) await bench(kind)
}

async function bench(kind: Kind): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-feed-'))
  const config = {
    ...loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', PORT: '0' }),
    checkAnswers: false,
  }
  const { handle, drop } = await openBenchDb(kind, dataDir)
  const app = buildApp({ db: handle.db, config, logger: false })
  const db = handle.db
  try {
    await runMigrations(handle)
    await seedDemo(db, Date.now(), { production: false })

    const started = performance.now()
    await db.execute(sql`
      insert into users (nickname, avatar, created_at, updated_at)
      select '读者' || g, '', now(), now() from generate_series(1, ${USERS}) g`)
    const [{ first }] = await rowsOf<{ first: number }>(
      db,
      sql`select min(id)::int as first from users where mobile is null`,
    )
    for (let from = 1; from <= POSTS; from += BATCH) {
      const to = Math.min(POSTS, from + BATCH - 1)
      // A post every ~5 minutes going back (about a year), round-robin over the readers.
      await db.execute(sql`
        insert into posts (user_id, content, images, like_count, comment_count, created_at, deleted_at)
        select ${first}::int + (g % ${USERS}),
               '第' || g || '篇读书报告：学而时习之，不亦说乎？有朋自远方来，不亦乐乎？',
               case when g % 3 = 0 then '["/uploads/0123456789abcdef0123456789abcdef.png"]'::jsonb
                    else '[]'::jsonb end,
               g % 50, g % 7,
               now() - make_interval(secs => g * 311),
               case when g % 100 = 0 then now() else null end
        from generate_series(${from}::int, ${to}::int) g`)
    }
    const loadMs = performance.now() - started

    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

    // 演示读者 logs in and has blocked five of the readers.
    const login = await fetch(`${base}/api/login/phone`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '13800000000', password: 'demo1234' }),
    })
    const session = (await login.json()) as {
      data: { access_token: string; user: { user_id: number } }
    }
    const token = session.data.access_token
    const blocker = session.data.user.user_id
    await db.insert(blocks).values(
      [0, 1, 2, 3, 4].map((i) => ({
        blockerId: blocker,
        blockedId: first + i * 7,
        createdAt: new Date(),
      })),
    )
    const someone = first + 42

    const list = '/api/publication/findPublicationFrame'
    const cases: Case[] = []
    for (const [who, tok] of [
      ['guest', undefined],
      ['blocker', token],
    ] as const) {
      cases.push(
        { name: `page 1 (${who})`, url: `${list}?page=1`, token: tok },
        { name: `page ${DEEP_PAGE} (${who})`, url: `${list}?page=${DEEP_PAGE}`, token: tok },
        { name: `one reader's posts (${who})`, url: `${list}?userId=${someone}`, token: tok },
      )
    }

    const caller = { userId: blocker, sessionId: 0, imStatus: 1 }
    const where = feedWhere(caller, {})
    const explain = async (query: SQLWrapper) =>
      (await rowsOf<{ 'QUERY PLAN': string }>(db, sql`explain ${query}`))
        .map((r) => `      ${r['QUERY PLAN']}`)
        .join('\n')

    console.log(
      `feed list with ${POSTS.toLocaleString('en')} posts by ${USERS} readers ` +
        `(${kind}, loaded in ${(loadMs / 1000).toFixed(1)} s); median / worst of ${RUNS} runs:`,
    )
    const slow: string[] = []
    for (const phase of ['no statistics (as PGlite runs)', 'after ANALYZE']) {
      if (phase === 'after ANALYZE') await db.execute(sql`analyze`)
      const results = await timeCases(base, cases)
      console.log(`  ${phase}:`)
      for (const r of results) {
        console.log(
          `    ${r.name.padEnd(28)} ${ms(r.median).padStart(9)} / ${ms(r.worst).padStart(9)}` +
            `   (total ${r.total.toLocaleString('en')})`,
        )
        if (r.median > MAX_MS) slow.push(`${r.name} ${ms(r.median)} (${phase})`)
      }
      const pagePlan = await explain(
        feedPageQuery(db, caller, where, { page: 1, pageSize: PAGE_SIZE, offset: 0 }),
      )
      if (process.env.BENCH_PLANS || phase === 'after ANALYZE') {
        console.log(`    page query plan (blocker, page 1):\n${pagePlan}`)
        console.log(`    count plan (blocker):\n${await explain(feedCountQuery(db, where))}`)
      }
      if (!pagePlan.includes('posts_live_idx')) {
        throw new Error(`the page query does not use posts_live_idx (${phase})`)
      }
    }
    if (slow.length > 0) throw new Error(`median over ${MAX_MS} ms: ${slow.join(', ')}`)

    const loads: Array<[string, string, Record<string, string>]> = [
      ['a guest', `${base}${list}?page=1`, {}],
      ['a signed-in reader', `${base}${list}?page=1`, { authorization: `Bearer ${token}` }],
    ]
    let guest: LoadResult | undefined
    for (const [who, url, headers] of loads) {
      const run = await load(url, LOAD_CONNECTIONS, LOAD_SECONDS, headers)
      guest ??= run
      console.log(
        `  throughput, first page as ${who}, ${LOAD_CONNECTIONS} connections for ${LOAD_SECONDS} s ` +
          `(autocannon): ${Math.round(run.reqPerSec)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms`,
      )
    }
    const goal = GOALS[kind]
    if (guest && (guest.reqPerSec < goal.reqPerSec || guest.p99 > goal.p99)) {
      throw new Error(
        `${kind}: first page ${Math.round(guest.reqPerSec)} req/s, p99 ${guest.p99} ms; ` +
          `the goal is ${goal.reqPerSec} req/s with p99 under ${goal.p99} ms`,
      )
    }
  } finally {
    await app.close()
    await handle.close()
    await drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
