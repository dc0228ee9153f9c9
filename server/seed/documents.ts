import fs from 'node:fs'
import path from 'node:path'
import type { Db } from '../src/db/client'
import { documentCategories, documents } from '../src/db/schema'
import { SEED_ASSET_ROOT, seedAssetUrl } from '../src/modules/common/seedAssets'
import type { FileStorage } from '../src/services/storage'
import {
  DOCUMENT_CATEGORIES,
  SEED_DOCUMENTS,
  seedDocumentFileName,
  seedDocumentPdf,
  seedDocumentThumb,
} from './documentContent'

/** The committed PDFs, their thumbnails and manifest.json (scripts/make-periodicals.mjs). */
export const SEED_DOCUMENT_DIR = path.join(SEED_ASSET_ROOT, 'documents')

/** The page counts of the committed PDFs by file name. */
function readManifest(dir: string): Record<string, { pages: number }> {
  return JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Record<
    string,
    { pages: number }
  >
}

/**
 * The house documents: their categories and one approved, public row per committed PDF (no owner,
 * never contributed). `file_name` is the name the PDF has in the app's storage ('seed-doc-<key>.pdf'),
 * where installSeedDocumentFiles puts it; size and page count are the committed file's.
 */
export async function seedDocuments(tx: Db, now: number, dir = SEED_DOCUMENT_DIR): Promise<void> {
  const at = new Date(now)
  const categories = await tx
    .insert(documentCategories)
    .values(DOCUMENT_CATEGORIES.map((name, i) => ({ name, sort: i + 1 })))
    .returning({ id: documentCategories.id, name: documentCategories.name })
  const categoryId = new Map(categories.map((c) => [c.name, c.id]))
  const manifest = readManifest(dir)
  await tx.insert(documents).values(
    SEED_DOCUMENTS.map((doc) => ({
      ownerId: null,
      categoryId: categoryId.get(doc.category) as number,
      title: doc.title,
      intro: doc.intro,
      fileName: seedDocumentFileName(doc.key),
      fileType: 'pdf' as const,
      fileSize: fs.statSync(path.join(dir, seedDocumentPdf(doc.key))).size,
      pageCount: manifest[seedDocumentPdf(doc.key)]?.pages ?? 0,
      thumb: seedAssetUrl('documents', seedDocumentThumb(doc.key)),
      contributed: false,
      submittedAt: null,
      reviewState: 'approved' as const,
      reviewReason: '',
      reviewedAt: at,
      reviewedBy: null,
      createdAt: at,
      updatedAt: at,
    })),
  )
}

/**
 * Puts each committed seed PDF into `storage` under its documents.file_name, unless a file of the
 * same size is there already: cheap and idempotent, so call it at every start (after seeding) and
 * in tests that read a seed document. Answers how many files it wrote.
 */
export async function installSeedDocumentFiles(
  storage: FileStorage,
  dir = SEED_DOCUMENT_DIR,
): Promise<number> {
  let written = 0
  for (const doc of SEED_DOCUMENTS) {
    const name = seedDocumentFileName(doc.key)
    const file = path.join(dir, seedDocumentPdf(doc.key))
    const stored = await storage.size(name)
    if (stored === (await fs.promises.stat(file)).size) continue
    if (stored !== null) await storage.remove(name)
    try {
      await storage.put(name, await fs.promises.readFile(file))
    } catch (err) {
      // Another process put it meanwhile: the same file.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      continue
    }
    written += 1
  }
  return written
}
