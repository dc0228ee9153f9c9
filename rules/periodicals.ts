/**
 * Magazines and newspapers (issue 14): the limits, texts and validators the app's upload forms and
 * the server share. Pure: no Taro import. Lengths count characters (code points) after trimming,
 * as every text length of the API does.
 */
import { findBlockedWords, BLOCKED_TEXT_MESSAGE } from './moderation'
import { textLength } from './validate'

export { BLOCKED_TEXT_MESSAGE }

export const PeriodicalLimits = {
  /** A new magazine's or newspaper's name. */
  nameMinChars: 2,
  nameMaxChars: 30,
  introMaxChars: 500,
  /** A magazine issue's title (第12期 / 2024年春季号). */
  issueTitleMaxChars: 40,
  /** A newspaper edition's title ('' means its date). */
  editionTitleMaxChars: 40,
  articleTitleMaxChars: 60,
  authorMaxChars: 30,
  /** One article's text, before it is split into paragraphs. */
  contentMaxChars: 20_000,
  /** Images of one article. */
  articleMaxImages: 9,
  /** Articles of a magazine issue uploaded as text. */
  issueMaxArticles: 50,
  /** Page images of a magazine issue uploaded as pages. */
  issueMaxPages: 100,
  /** Pages (版面) of a newspaper edition. */
  editionMaxPages: 16,
  pageNameMaxChars: 20,
  /** Articles on one newspaper page. */
  pageMaxArticles: 30,
  /** Issues (or editions) one reader may upload in 24 hours. */
  uploadsPerDay: 10,
  /** Lists: page size by default and at most. */
  pageSize: 10,
  pageSizeMax: 50,
} as const

/** Per-reader upload rate (issues and editions counted separately), in the RateRule shape. */
export const PeriodicalRates = {
  upload: {
    max: PeriodicalLimits.uploadsPerDay,
    windowMs: 24 * 60 * 60_000,
    message: `每天最多上传${PeriodicalLimits.uploadsPerDay}期，请明天再试`,
  },
} as const

// ---- texts -----------------------------------------------------------------------------------

export const MAGAZINE_NOT_FOUND = '杂志不存在'
export const ISSUE_NOT_FOUND = '该期杂志不存在'
export const NEWSPAPER_NOT_FOUND = '报纸不存在'
export const EDITION_NOT_FOUND = '该期报纸不存在'
export const ARTICLE_NOT_FOUND = '文章不存在'
export const CATEGORY_NOT_FOUND = '分类不存在'
export const PARAGRAPH_INVALID = '段落位置不正确'
export const DIRECTION_INVALID = '翻页方向不正确'
export const FIRST_ARTICLE = '已经是第一篇'
export const LAST_ARTICLE = '已经是最后一篇'
export const FIRST_EDITION = '已经是最早一期'
export const LAST_EDITION = '已经是最新一期'

export const NOT_OWNER = '只能修改自己上传的内容'
export const DELETE_NOT_OWNER = '只能删除自己上传的内容'

export const NAME_MISSING = '请输入名称'
export const NAME_LENGTH = `名称为${PeriodicalLimits.nameMinChars}-${PeriodicalLimits.nameMaxChars}个字`
export const CATEGORY_MISSING = '请选择分类'
export const INTRO_TOO_LONG = `简介不能超过${PeriodicalLimits.introMaxChars}字`
export const ISSUE_TITLE_MISSING = '请输入本期标题'
export const ISSUE_TITLE_TOO_LONG = `本期标题不能超过${PeriodicalLimits.issueTitleMaxChars}字`
export const EDITION_TITLE_TOO_LONG = `标题不能超过${PeriodicalLimits.editionTitleMaxChars}字`
export const COVER_MISSING = '请上传封面图片'
export const IMAGE_INVALID = '图片无效，请重新上传'
export const CONTENT_MISSING = '请添加文章或页面图片'
export const CONTENT_EITHER = '文章和页面图片只能选择一种'
export const TOO_MANY_ARTICLES = `每期最多${PeriodicalLimits.issueMaxArticles}篇文章`
export const TOO_MANY_PAGES = `每期最多${PeriodicalLimits.issueMaxPages}页`
export const ARTICLE_TITLE_MISSING = '请输入文章标题'
export const ARTICLE_TITLE_TOO_LONG = `文章标题不能超过${PeriodicalLimits.articleTitleMaxChars}字`
export const AUTHOR_TOO_LONG = `作者不能超过${PeriodicalLimits.authorMaxChars}字`
export const ARTICLE_CONTENT_MISSING = '请输入文章内容'
export const ARTICLE_CONTENT_TOO_LONG = `文章内容不能超过${PeriodicalLimits.contentMaxChars}字`
export const TOO_MANY_IMAGES = `每篇文章最多${PeriodicalLimits.articleMaxImages}张图片`
export const PAGES_MISSING = '请添加版面'
export const TOO_MANY_EDITION_PAGES = `每期最多${PeriodicalLimits.editionMaxPages}个版面`
export const PAGE_NAME_MISSING = '请输入版面名称'
export const PAGE_NAME_TOO_LONG = `版面名称不能超过${PeriodicalLimits.pageNameMaxChars}字`
export const PAGE_IMAGE_MISSING = '请上传版面图片'
export const TOO_MANY_PAGE_ARTICLES = `每个版面最多${PeriodicalLimits.pageMaxArticles}篇文章`
export const DATE_INVALID = '请选择正确的日期'
export const DATE_IN_FUTURE = '日期不能晚于今天'
export const DATE_TAKEN = '该日期已有一期'

/** What the owner reads beside an upload's state. */
export const REVIEW_STATE_NAMES = {
  pending: '审核中',
  approved: '已通过',
  rejected: '未通过',
} as const

// ---- validators ----------------------------------------------------------------------------

const blocked = (text: string): boolean => text !== '' && findBlockedWords(text).length > 0

/**
 * An article's text as stored: split on line breaks, each paragraph trimmed, blank lines dropped.
 */
export const splitParagraphs = (content: string): string[] =>
  content
    .split(/\r\n|\r|\n|\u2028|\u2029/)
    .map((line) => line.trim())
    .filter((line) => line !== '')

/** The page article's title of an issue uploaded as page images (第1页, 第2页...). */
export const pageArticleTitle = (index: number): string => `第${index + 1}页`

/** A new magazine's or newspaper's name (trimmed), or null when it may be used. */
export function nameError(name: string): string | null {
  const text = name.trim()
  if (text === '') return NAME_MISSING
  const n = textLength(text)
  if (n < PeriodicalLimits.nameMinChars || n > PeriodicalLimits.nameMaxChars) return NAME_LENGTH
  return blocked(text) ? BLOCKED_TEXT_MESSAGE : null
}

export function introError(intro: string): string | null {
  const text = intro.trim()
  if (textLength(text) > PeriodicalLimits.introMaxChars) return INTRO_TOO_LONG
  return blocked(text) ? BLOCKED_TEXT_MESSAGE : null
}

export function issueTitleError(title: string): string | null {
  const text = title.trim()
  if (text === '') return ISSUE_TITLE_MISSING
  if (textLength(text) > PeriodicalLimits.issueTitleMaxChars) return ISSUE_TITLE_TOO_LONG
  return blocked(text) ? BLOCKED_TEXT_MESSAGE : null
}

/** An edition's title may be blank (it then reads as its date). */
export function editionTitleError(title: string): string | null {
  const text = title.trim()
  if (textLength(text) > PeriodicalLimits.editionTitleMaxChars) return EDITION_TITLE_TOO_LONG
  return blocked(text) ? BLOCKED_TEXT_MESSAGE : null
}

export function pageNameError(name: string): string | null {
  const text = name.trim()
  if (text === '') return PAGE_NAME_MISSING
  if (textLength(text) > PeriodicalLimits.pageNameMaxChars) return PAGE_NAME_TOO_LONG
  return blocked(text) ? BLOCKED_TEXT_MESSAGE : null
}

/** An article as a reader writes it (images are checked by the server against their uploads). */
export interface ArticleDraft {
  title: string
  author?: string
  content: string
  images?: readonly string[]
}

/** What is wrong with an article, or null when it may be uploaded. */
export function articleError(article: ArticleDraft): string | null {
  const title = article.title.trim()
  if (title === '') return ARTICLE_TITLE_MISSING
  if (textLength(title) > PeriodicalLimits.articleTitleMaxChars) return ARTICLE_TITLE_TOO_LONG
  const author = (article.author ?? '').trim()
  if (textLength(author) > PeriodicalLimits.authorMaxChars) return AUTHOR_TOO_LONG
  const content = article.content.trim()
  if (textLength(content) > PeriodicalLimits.contentMaxChars) return ARTICLE_CONTENT_TOO_LONG
  if (splitParagraphs(content).length === 0) return ARTICLE_CONTENT_MISSING
  if ((article.images ?? []).length > PeriodicalLimits.articleMaxImages) return TOO_MANY_IMAGES
  if (blocked(title) || blocked(author) || blocked(content)) return BLOCKED_TEXT_MESSAGE
  return null
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Whether `text` is a real calendar date written YYYY-MM-DD. */
export function isDateKey(text: string): boolean {
  const match = DATE.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    year >= 1800 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  )
}

/** An edition's date: a real YYYY-MM-DD date not after `today` (China time, YYYY-MM-DD). */
export function editionDateError(date: string, today: string): string | null {
  if (!isDateKey(date)) return DATE_INVALID
  return date > today ? DATE_IN_FUTURE : null
}
