/**
 * What a reader uploads as a magazine issue or newspaper edition, checked and brought into the
 * stored form before any transaction: texts trimmed and within the rules of rules/periodicals (blocked
 * words refused), articles split into paragraphs, and every image one of our upload URLs, stored as
 * '/uploads/<name>'. Whether the uploads are the caller's is checked in the transaction
 * (requireOwnUploads).
 */
import {
  articleError,
  CATEGORY_MISSING,
  introError,
  nameError,
  splitParagraphs,
} from '@rules/periodicals'
import type { ArticleInput } from '@api/magazines'
import { badRequest } from '../../http/errors'
import { parseUploadUrl, UPLOAD_URL_PREFIX } from '../common/uploadNames'

/** An article as stored. */
export interface ArticleContent {
  title: string
  author: string
  paragraphs: string[]
  images: string[]
}

/**
 * Collects the upload names an upload uses (each checked once for ownership) and turns URLs into
 * the stored form.
 */
export class UploadNames {
  readonly names = new Set<string>()

  /** The stored URL of one of our uploads (a path or an absolute URL of one), else 400 `error`. */
  url(raw: string | undefined, error: string): string {
    const name = parseUploadUrl((raw ?? '').trim())
    if (!name) throw badRequest(error)
    this.names.add(name)
    return `${UPLOAD_URL_PREFIX}${name}`
  }

  list(): string[] {
    return [...this.names]
  }
}

/** The upload names in stored URLs ('/uploads/<name>'); other URLs (seeded content) are skipped. */
export function uploadNamesOf(urls: readonly string[]): string[] {
  const names = new Set<string>()
  for (const url of urls) {
    const name = parseUploadUrl(url)
    if (name) names.add(name)
  }
  return [...names]
}

/** 400 with the rule's message when it has one. */
export function check(error: string | null): void {
  if (error) throw badRequest(error)
}

/** A text article as stored; its images (at most 9, repeats dropped) must be our uploads. */
export function articleContent(
  input: ArticleInput,
  uploads: UploadNames,
  imageError: string,
): ArticleContent {
  const draft = {
    title: input.title ?? '',
    author: input.author ?? '',
    content: input.content ?? '',
    images: input.images ?? [],
  }
  check(articleError(draft))
  const images: string[] = []
  for (const raw of draft.images) {
    const url = uploads.url(raw, imageError)
    if (!images.includes(url)) images.push(url)
  }
  return {
    title: draft.title.trim(),
    author: draft.author.trim(),
    paragraphs: splitParagraphs(draft.content),
    images,
  }
}

/** A new magazine's or newspaper's own fields. */
export interface NewTitle {
  name: string
  categoryId: number
  intro: string
}

export function newTitle(input: { name?: string; categoryId?: number; intro?: string }): NewTitle {
  const name = (input.name ?? '').trim()
  check(nameError(name))
  if (input.categoryId === undefined) throw badRequest(CATEGORY_MISSING)
  const intro = (input.intro ?? '').trim()
  check(introError(intro))
  return { name, categoryId: input.categoryId, intro }
}

/** The introduction when given (an edit may change it), checked. */
export function introGiven(intro: string | undefined): string | undefined {
  if (intro === undefined) return undefined
  const text = intro.trim()
  check(introError(text))
  return text
}

/** An article's text as its edit form shows it again. */
export const contentOf = (paragraphs: readonly string[]): string => paragraphs.join('\n')
