/**
 * The upload forms' model, shared by magazine issues and newspaper editions: the owner (a new
 * magazine or newspaper, or one of mine), articles with their images, and what the images' uploads
 * report. Pure (no Taro): the checks are the server's, from rules/periodicals, with its texts.
 */
import { CHINA_OFFSET_MS } from '@rules/chinaTime'
import { articleError, CATEGORY_MISSING, introError, nameError } from '@rules/periodicals'
import type { ArticleInput } from '@/types/api/magazines'

/** What one image uploader reports to its form: the uploaded URLs and what stops sending. */
export interface UploadReport {
  urls: string[]
  /** An upload still running or failed (checkUploads' text), else null. */
  problem: string | null
}

export const NO_UPLOADS: UploadReport = { urls: [], problem: null }

export type Reports = Readonly<Record<string, UploadReport>>

export const reportOf = (reports: Reports, key: string): UploadReport => reports[key] ?? NO_UPLOADS

/** An article as its editor holds it; `images`: the URLs it started with (an edit). */
export interface ArticleFields {
  key: string
  title: string
  author: string
  content: string
  images: string[]
}

let nextKey = 0

/** A new key for a row of a form (an article, a page). */
export const rowKey = (kind: string): string => `${kind}-${++nextKey}`

export const newArticle = (from: Partial<Omit<ArticleFields, 'key'>> = {}): ArticleFields => ({
  key: rowKey('article'),
  title: '',
  author: '',
  content: '',
  images: [],
  ...from,
})

/** What is wrong with an article (its uploads first), or null. */
export function articleProblem(article: ArticleFields, report: UploadReport): string | null {
  return (
    report.problem ??
    articleError({
      title: article.title,
      author: article.author,
      content: article.content,
      images: report.urls,
    })
  )
}

/** The first problem of a list of articles, named by its place (第2篇文章：请输入文章标题). */
export function articlesProblem(
  articles: readonly ArticleFields[],
  reports: Reports,
  where = '',
): string | null {
  for (const [i, article] of articles.entries()) {
    const problem = articleProblem(article, reportOf(reports, article.key))
    if (problem) return `${where}第${i + 1}篇文章：${problem}`
  }
  return null
}

/** An article as the upload call takes it. */
export const articleInput = (article: ArticleFields, report: UploadReport): ArticleInput => ({
  title: article.title.trim(),
  author: article.author.trim(),
  content: article.content.trim(),
  images: report.urls,
})

/** Whose magazine or newspaper: a new one, or one of mine (its id). */
export type Owner = 'new' | number

export interface OwnerFields {
  owner: Owner
  name: string
  categoryId: number | null
  intro: string
}

export const NEW_OWNER: OwnerFields = { owner: 'new', name: '', categoryId: null, intro: '' }

/** What is wrong with the owner part: a new one needs a name and a category. */
export function ownerProblem(fields: OwnerFields): string | null {
  if (fields.owner === 'new') {
    const name = nameError(fields.name)
    if (name) return name
    if (!fields.categoryId) return CATEGORY_MISSING
  }
  return introError(fields.intro)
}

/** My magazines or newspapers, each once, from my uploads (newest upload first). */
export function distinctOwners<T>(
  rows: readonly T[],
  idOf: (row: T) => number,
  nameOf: (row: T) => string,
): Array<{ id: number; name: string }> {
  const seen = new Map<number, string>()
  for (const row of rows) if (!seen.has(idOf(row))) seen.set(idOf(row), nameOf(row))
  return [...seen].map(([id, name]) => ({ id, name }))
}

/** Today in China time, YYYY-MM-DD (an edition's date may not be later). */
export const chinaToday = (now: number = Date.now()): string =>
  new Date(now + CHINA_OFFSET_MS).toISOString().slice(0, 10)
