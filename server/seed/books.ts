import type { Db } from '../src/db/client'
import { bookCategories, bookChapters, books } from '../src/db/schema'
import { readAudioManifest, type ChapterAudio } from '../src/modules/books/audio'
import { loadSeedBooks, SEED_CATEGORIES, type SeedBook } from './classics/catalogue'

/** Chapters per INSERT statement. */
const CHAPTER_BATCH = 100

/** The book whose chapters have recorded audio (server/seed/assets/audio/manifest.json). */
const AUDIO_BOOK = 'dizigui'

const charCount = (paragraphs: string[]): number =>
  paragraphs.reduce((sum, p) => sum + [...p].length, 0)

function chapterRows(book: SeedBook, audio: Map<number, ChapterAudio>) {
  return book.chapters.map((chapter, i) => {
    const serial = i + 1
    const sound = book.key === AUDIO_BOOK ? audio.get(serial) : undefined
    return {
      serial,
      title: chapter.title,
      paragraphs: chapter.paragraphs,
      wordCount: charCount(chapter.paragraphs),
      audioFile: sound?.file ?? '',
      audioSeconds: sound?.seconds ?? 0,
    }
  })
}

/**
 * The library: categories, the classical books and their chapters. 弟子规 gets the audio of the
 * manifest when it is there; without it the book simply has no listen mode.
 */
export async function seedBooks(tx: Db, now: number): Promise<void> {
  const createdAt = new Date(now)
  const categories = await tx
    .insert(bookCategories)
    .values(SEED_CATEGORIES.map((name, i) => ({ name, sort: i + 1 })))
    .returning({ id: bookCategories.id, name: bookCategories.name })
  const categoryId = new Map(categories.map((c) => [c.name, c.id]))

  const audio = readAudioManifest()
  const prepared = loadSeedBooks().map((book) => {
    const chapters = chapterRows(book, audio)
    const hasAudio = chapters.length > 0 && chapters.every((c) => c.audioFile !== '')
    return {
      book,
      chapters,
      values: {
        categoryId: categoryId.get(book.category) as number,
        name: book.name,
        author: book.author,
        cover: '',
        brief: book.brief,
        intro: hasAudio ? `${book.intro}各章配有朗读音频，可以边听边读。` : book.intro,
        wordCount: chapters.reduce((sum, c) => sum + c.wordCount, 0),
        chapterCount: chapters.length,
        hasAudio,
        recommendRank: book.recommendRank,
        createdAt,
      },
    }
  })
  const inserted = await tx
    .insert(books)
    .values(prepared.map((p) => p.values))
    .returning({ id: books.id, name: books.name })
  const bookId = new Map(inserted.map((b) => [b.name, b.id]))

  const rows = prepared.flatMap((p) =>
    p.chapters.map((c) => ({ ...c, bookId: bookId.get(p.book.name) as number })),
  )
  for (let i = 0; i < rows.length; i += CHAPTER_BATCH) {
    await tx.insert(bookChapters).values(rows.slice(i, i + CHAPTER_BATCH))
  }
}
