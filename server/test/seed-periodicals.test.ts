import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { asc, count, eq, isNull } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { seedDemo } from '../seed'
import { installSeedDocumentFiles, SEED_DOCUMENT_DIR } from '../seed/documents'
import { SEED_DOCUMENTS, seedDocumentFileName } from '../seed/documentContent'
import {
  documentCategories,
  documents,
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
import { SEED_ASSET_ROOT } from '../src/modules/common/seedAssets'
import { dayKey } from '../src/modules/stats/days'
import { DiskStorage } from '../src/services/storage'
import { DAY, startServer, type TestServer } from './helpers'

const PREFIX = '/api/seed-assets/'

/** The committed file behind a seed-asset URL. */
const assetFile = (url: string): string => {
  assert.ok(url.startsWith(PREFIX), url)
  return path.join(SEED_ASSET_ROOT, url.slice(PREFIX.length))
}

describe('seeded magazines, newspaper and documents', () => {
  let s: TestServer
  before(async () => {
    s = await startServer()
  })
  after(async () => {
    await s.close()
  })

  const tableCounts = async () => {
    const n = async (table: PgTable) => (await s.db.select({ n: count() }).from(table))[0].n
    return {
      magazineCategories: await n(magazineCategories),
      magazines: await n(magazines),
      issues: await n(magazineIssues),
      magazineArticles: await n(magazineArticles),
      pressCategories: await n(pressCategories),
      newspapers: await n(newspapers),
      editions: await n(newspaperEditions),
      pages: await n(newspaperPages),
      newspaperArticles: await n(newspaperArticles),
      documentCategories: await n(documentCategories),
      documents: await n(documents),
    }
  }

  test('magazines: each with three approved issues of 4-6 articles, covers committed', async () => {
    const mags = await s.db.select().from(magazines).orderBy(asc(magazines.id))
    assert.ok(mags.length >= 2, `${mags.length} magazines`)
    const categories = await s.db.select().from(magazineCategories)
    for (const c of categories) {
      assert.ok(
        mags.some((m) => m.categoryId === c.id),
        `category ${c.name} has no magazine`,
      )
    }
    let illustrated = 0
    for (const mag of mags) {
      assert.equal(mag.ownerId, null)
      assert.ok(fs.existsSync(assetFile(mag.cover)), mag.cover)
      const issues = await s.db
        .select()
        .from(magazineIssues)
        .where(eq(magazineIssues.magazineId, mag.id))
        .orderBy(asc(magazineIssues.serial))
      assert.deepEqual(
        issues.map((i) => [i.serial, i.title, i.reviewState, i.ownerId]),
        [1, 2, 3].map((n) => [n, `第${n}期`, 'approved', null]),
      )
      assert.equal(mag.cover, issues[2].cover, 'the magazine shows its latest cover')
      assert.ok(issues[2].createdAt.getTime() <= s.clock.now())
      for (const issue of issues) {
        assert.ok(fs.existsSync(assetFile(issue.cover)), issue.cover)
        const articles = await s.db
          .select()
          .from(magazineArticles)
          .where(eq(magazineArticles.issueId, issue.id))
          .orderBy(asc(magazineArticles.serial))
        assert.ok(articles.length >= 4 && articles.length <= 6, `${articles.length} articles`)
        assert.deepEqual(
          articles.map((a) => a.serial),
          articles.map((_, i) => i + 1),
        )
        for (const a of articles) {
          assert.ok(a.title !== '' && a.author !== '', `${a.title} / ${a.author}`)
          assert.ok(a.paragraphs.length > 0 && a.paragraphs.every((p) => p.trim() !== ''))
          for (const image of a.images) assert.ok(fs.existsSync(assetFile(image)), image)
          if (a.images.length > 0) illustrated += 1
        }
      }
    }
    assert.ok(illustrated >= 3, `${illustrated} illustrated articles`)
  })

  test('the newspaper: seven approved editions dated the last seven China days', async () => {
    const papers = await s.db.select().from(newspapers)
    assert.equal(papers.length, 1)
    assert.equal(papers[0].ownerId, null)
    assert.ok(fs.existsSync(assetFile(papers[0].cover)))
    const editions = await s.db
      .select()
      .from(newspaperEditions)
      .where(eq(newspaperEditions.newspaperId, papers[0].id))
      .orderBy(asc(newspaperEditions.date))
    const now = s.clock.now()
    assert.deepEqual(
      editions.map((e) => e.date),
      [6, 5, 4, 3, 2, 1, 0].map((back) => dayKey(now - back * DAY)),
    )
    for (const edition of editions) {
      assert.equal(edition.reviewState, 'approved')
      assert.equal(edition.ownerId, null)
      assert.match(edition.title, /^\d{1,2}月\d{1,2}日 星期[日一二三四五六]$/)
      assert.ok(edition.createdAt.getTime() <= now)
      assert.equal(dayKey(edition.createdAt.getTime()), edition.date)
      const pages = await s.db
        .select()
        .from(newspaperPages)
        .where(eq(newspaperPages.editionId, edition.id))
        .orderBy(asc(newspaperPages.serial))
      assert.ok(pages.length >= 2 && pages.length <= 4, `${pages.length} pages`)
      assert.equal(pages[0].name, '第一版 要闻')
      const articles = await s.db
        .select()
        .from(newspaperArticles)
        .where(eq(newspaperArticles.editionId, edition.id))
        .orderBy(asc(newspaperArticles.serial))
      assert.deepEqual(
        articles.map((a) => a.serial),
        articles.map((_, i) => i + 1),
      )
      for (const page of pages) {
        assert.ok(fs.existsSync(assetFile(page.image)), page.image)
        const on = articles.filter((a) => a.pageId === page.id)
        assert.ok(on.length >= 2 && on.length <= 4, `${page.name}: ${on.length} articles`)
        for (const a of on) assert.ok(a.title !== '' && a.paragraphs.length > 0)
      }
      assert.equal(
        articles.length,
        articles.filter((a) => pages.some((p) => p.id === a.pageId)).length,
      )
    }
  })

  test('documents: approved house PDFs with page counts, committed files and thumbnails', async () => {
    const docs = await s.db.select().from(documents).where(isNull(documents.ownerId))
    assert.ok(docs.length >= 4, `${docs.length} documents`)
    const categories = await s.db.select().from(documentCategories)
    assert.ok(categories.length >= 2)
    for (const doc of docs) {
      assert.equal(doc.reviewState, 'approved')
      assert.equal(doc.contributed, false)
      assert.equal(doc.fileType, 'pdf')
      assert.ok(doc.pageCount > 0, `${doc.title}: ${doc.pageCount} pages`)
      assert.match(doc.fileName, /^seed-doc-[a-z]+\.pdf$/)
      const file = path.join(SEED_DOCUMENT_DIR, doc.fileName.replace(/^seed-doc-/, ''))
      const bytes = fs.readFileSync(file)
      assert.equal(bytes.subarray(0, 5).toString(), '%PDF-')
      assert.equal(doc.fileSize, bytes.length)
      const pageObjects = bytes.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []
      assert.equal(pageObjects.length, doc.pageCount)
      assert.ok(fs.existsSync(assetFile(doc.thumb)), doc.thumb)
    }
  })

  test('every seeded image URL is served; seeding again adds nothing', async () => {
    const urls = new Set<string>()
    for (const m of await s.db.select().from(magazines)) urls.add(m.cover)
    for (const i of await s.db.select().from(magazineIssues)) urls.add(i.cover)
    for (const a of await s.db.select().from(magazineArticles)) a.images.forEach((u) => urls.add(u))
    for (const p of await s.db.select().from(newspapers)) urls.add(p.cover)
    for (const e of await s.db.select().from(newspaperEditions)) urls.add(e.cover)
    for (const p of await s.db.select().from(newspaperPages)) urls.add(p.image)
    for (const d of await s.db.select().from(documents)) urls.add(d.thumb)
    for (const url of urls) {
      const res = await fetch(s.base + url)
      assert.equal(res.status, 200, url)
      assert.match(res.headers.get('content-type') ?? '', /^image\/(jpeg|png)$/, url)
      const bytes = Buffer.from(await res.arrayBuffer())
      assert.equal(bytes.length, fs.statSync(assetFile(url)).size, url)
    }

    const before = await tableCounts()
    const again = await seedDemo(s.db, s.clock.now() + 3 * DAY, {
      production: false,
      skip: ['search_index'],
    })
    assert.equal(again, false)
    assert.deepEqual(await tableCounts(), before)
  })

  test('GET /api/seed-assets serves the committed images and nothing else', async () => {
    const cover = await fetch(`${s.base}/api/seed-assets/magazines/guwen-1.jpg`)
    assert.equal(cover.status, 200)
    assert.equal(cover.headers.get('content-type'), 'image/jpeg')
    assert.equal(cover.headers.get('x-content-type-options'), 'nosniff')
    assert.match(cover.headers.get('cache-control') ?? '', /max-age=86400/)
    const bytes = Buffer.from(await cover.arrayBuffer())
    assert.equal(bytes[0], 0xff)
    assert.equal(bytes[1], 0xd8)
    const thumb = await fetch(`${s.base}/api/seed-assets/documents/lunyu.png`)
    assert.equal(thumb.status, 200)
    assert.equal(thumb.headers.get('content-type'), 'image/png')
    for (const url of [
      'magazines/nope.jpg',
      'magazines/GUWEN-1.JPG',
      'magazines/.guwen-1.jpg',
      'magazines/guwen-1.jpg.bak',
      'newspapers/guwen-1.jpg',
      // The PDFs and the manifest are beside the thumbnails but not served here.
      'documents/lunyu.pdf',
      'documents/manifest.json',
      'posters/reading.png',
      'audio/dizigui-01.mp3',
      'magazines/..%2F..%2F..%2Fpackage.json',
      'magazines/..%2Fposters%2Freading.png',
      '..%2Fposters/reading.png',
      '%2e%2e/magazines/guwen-1.jpg',
      'magazines/%2e%2e',
    ]) {
      const res = await fetch(`${s.base}${PREFIX}${url}`)
      assert.equal(res.status, 404, url)
      assert.match(res.headers.get('content-type') ?? '', /json/, url)
    }
    // A control character never gets that far (the input guard's 400).
    const nul = await fetch(`${s.base}${PREFIX}magazines/guwen-1.jpg%00.png`)
    assert.equal(nul.status, 400)
    const query = await fetch(`${s.base}${PREFIX}magazines/guwen-1.jpg?q=%1B`)
    assert.equal(query.status, 400)
  })
})

describe('installSeedDocumentFiles', () => {
  let dir: string
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-docs-'))
  })
  after(() => {
    fs.rmSync(dir, { recursive: true, force: true })
  })

  test('copies each committed PDF into storage once, and mends a changed one', async () => {
    const storage = new DiskStorage(dir)
    assert.equal(await installSeedDocumentFiles(storage), SEED_DOCUMENTS.length)
    for (const doc of SEED_DOCUMENTS) {
      const name = seedDocumentFileName(doc.key)
      assert.deepEqual(
        fs.readFileSync(path.join(dir, name)),
        fs.readFileSync(path.join(SEED_DOCUMENT_DIR, `${doc.key}.pdf`)),
      )
    }
    assert.equal(await installSeedDocumentFiles(storage), 0)

    const first = seedDocumentFileName(SEED_DOCUMENTS[0].key)
    fs.writeFileSync(path.join(dir, first), 'truncated')
    fs.rmSync(path.join(dir, seedDocumentFileName(SEED_DOCUMENTS[1].key)))
    assert.equal(await installSeedDocumentFiles(storage), 2)
    assert.equal(
      fs.statSync(path.join(dir, first)).size,
      fs.statSync(path.join(SEED_DOCUMENT_DIR, `${SEED_DOCUMENTS[0].key}.pdf`)).size,
    )
    assert.deepEqual(
      fs.readdirSync(dir).sort(),
      SEED_DOCUMENTS.map((d) => seedDocumentFileName(d.key)).sort(),
    )
  })
})
