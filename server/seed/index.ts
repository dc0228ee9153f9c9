import { count } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import { users } from '../src/db/schema'
import { getSetting, setSetting } from '../src/db/settings'
import { lockKey } from '../src/db/tx'
import { rebuildSearchIndex } from '../src/modules/search/indexer'
import { seedActivities } from './activities'
import { seedAgent } from './agent'
import { seedBooks } from './books'
import { seedComplaintReasons } from './complaintReasons'
import { seedDocuments } from './documents'
import { seedFeed } from './feed'
import { seedPages } from './pages'
import { seedMagazines, seedNewspapers } from './periodicals'
import { seedPosters } from './posters'
import { seedShop } from './shop'
import { seedReadingTime } from './readingTime'
import { seedDemoOperator, seedUsers } from './users'
import { seedDemoVideos, seedVideos } from './videos'

/**
 * Demo content in named steps, each put in once: a step whose key is recorded is skipped, so a
 * later issue adds its content as a new step and an existing database gets just that step.
 */
export interface SeedOptions {
  /** NODE_ENV=production: steps marked `notInProduction` are skipped and not recorded. */
  production: boolean
  /** Steps left out this time (not recorded: a later run does them); the server tests use it. */
  skip?: readonly SeedStep[]
}

/** A seed step's name. */
export type SeedStep =
  | 'users'
  | 'pages'
  | 'books'
  | 'magazines'
  | 'newspapers'
  | 'documents'
  | 'search_index'
  | 'posters'
  | 'reading_time'
  | 'complaint_reasons'
  | 'feed'
  | 'demo_operator'
  | 'videos'
  | 'demo_videos'
  | 'activities'
  | 'shop'
  | 'agent'

const STEPS: Array<{
  key: SeedStep
  notInProduction?: boolean
  run: (tx: Db, now: number) => Promise<void>
}> = [
  {
    key: 'users',
    // The demo readers have a public password: never in production (the step stays unrecorded),
    // and a database that already has people (a real deployment) gets none either.
    notInProduction: true,
    run: async (tx, now) => {
      const existing = await tx.select({ n: count() }).from(users)
      if (existing[0].n === 0) await seedUsers(tx, now)
    },
  },
  { key: 'pages', run: seedPages },
  { key: 'books', run: seedBooks },
  // Magazines, a newspaper (a week of editions ending on the seed day) and documents, built from the
  // classics with the committed images and PDFs of seed/assets (scripts/make-periodicals.mjs).
  { key: 'magazines', run: (tx, now) => seedMagazines(tx, now) },
  { key: 'newspapers', run: (tx, now) => seedNewspapers(tx, now) },
  { key: 'documents', run: (tx, now) => seedDocuments(tx, now) },
  // The search index of the books (also builds it once on a database seeded before the search).
  {
    key: 'search_index',
    run: async (tx) => {
      await rebuildSearchIndex(tx)
    },
  },
  { key: 'posters', run: seedPosters },
  // Reading time of the demo readers, so the ranking has people on it: with the demo readers only.
  { key: 'reading_time', notInProduction: true, run: seedReadingTime },
  { key: 'complaint_reasons', run: seedComplaintReasons },
  // A few reading reports by the demo readers: with the demo readers only.
  { key: 'feed', notInProduction: true, run: seedFeed },
  // A demo operator (staff) account, so review can be tried out: never in production.
  { key: 'demo_operator', notInProduction: true, run: seedDemoOperator },
  // Video channels, album tags, house albums and the clips of seed/assets/videos
  // (scripts/make-videos.mjs), each about a seeded book.
  { key: 'videos', run: (tx, now) => seedVideos(tx, now) },
  // The demo reader's own videos (one published, one pending): with the demo readers only.
  { key: 'demo_videos', notInProduction: true, run: (tx, now) => seedDemoVideos(tx, now) },
  // A running voting activity and an ended one, with entries, votes and sign-ins: demo only.
  { key: 'activities', notInProduction: true, run: seedActivities },
  // The demo shop: gift copies of classics and a few goods, and the demo redeem codes.
  { key: 'shop', notInProduction: true, run: seedShop },
  // The demo reader as an agent (吧主) with two members, their paid orders and commission,
  // coupons (one given to 书友小林) and a notice: with the demo readers only.
  { key: 'agent', notInProduction: true, run: seedAgent },
]

/** Runs the demo-content steps not yet run; answers whether any ran. */
export async function seedDemo(db: Db, now: number, opts: SeedOptions): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockKey(tx, 'seed')
    let ran = false
    for (const step of STEPS) {
      const key = `seed:${step.key}`
      if (step.notInProduction && opts.production) continue
      if (opts.skip?.includes(step.key)) continue
      if (await getSetting(tx, key)) continue
      await step.run(tx, now)
      await setSetting(tx, key, new Date(now).toISOString())
      ran = true
    }
    return ran
  })
}
