/**
 * The issue upload form's model (pure): its state, the first problem to show (the server's rules
 * and texts from rules/periodicals) and the request it sends. An issue is text articles or page
 * images, one of the two.
 */
import {
  CONTENT_MISSING,
  COVER_MISSING,
  introError,
  issueTitleError,
  PeriodicalLimits,
  TOO_MANY_ARTICLES,
  TOO_MANY_PAGES,
} from '@rules/periodicals'
import {
  articleInput,
  articlesProblem,
  NEW_OWNER,
  newArticle,
  ownerProblem,
  reportOf,
  type ArticleFields,
  type OwnerFields,
  type Reports,
} from '@/features/periodicals/public'
import type { AddIssueReq, IssueDraft, UpdateIssueReq } from '@/types/api/magazines'

export type IssueMode = 'articles' | 'pages'

export interface IssueFormState {
  owner: OwnerFields
  title: string
  mode: IssueMode
  articles: ArticleFields[]
  /** What the cover and page fields started with (an edit). */
  initialCover: string[]
  initialPages: string[]
}

/** The report keys of the cover and the page images (articles report under their own keys). */
export const COVER_KEY = 'cover'
export const PAGES_KEY = 'pages'

export const MODE_TITLES: Record<IssueMode, string> = { articles: '文章', pages: '页面图片' }

/** A new issue: of a new magazine, or of mine (`magazineId`). */
export const newIssue = (magazineId?: number): IssueFormState => ({
  owner: magazineId ? { ...NEW_OWNER, owner: magazineId } : NEW_OWNER,
  title: '',
  mode: 'articles',
  articles: [newArticle()],
  initialCover: [],
  initialPages: [],
})

/** One of my issues loaded for editing. */
export const issueFromDraft = (draft: IssueDraft): IssueFormState => ({
  owner: {
    owner: draft.magazineId,
    name: draft.magazineName,
    categoryId: draft.categoryId,
    intro: draft.intro,
  },
  title: draft.title,
  mode: draft.mode,
  articles:
    draft.mode === 'articles' && draft.articles.length > 0
      ? draft.articles.map((a) => newArticle(a))
      : [newArticle()],
  initialCover: draft.cover ? [draft.cover] : [],
  initialPages: draft.mode === 'pages' ? draft.pages : [],
})

/** The form's first problem, or null when it may be sent. */
export function issueProblem(
  form: IssueFormState,
  reports: Reports,
  editing: boolean,
): string | null {
  const owner = editing ? introError(form.owner.intro) : ownerProblem(form.owner)
  if (owner) return owner
  const title = issueTitleError(form.title)
  if (title) return title
  const cover = reportOf(reports, COVER_KEY)
  if (cover.problem) return cover.problem
  if (cover.urls.length === 0) return COVER_MISSING
  if (form.mode === 'articles') {
    if (form.articles.length === 0) return CONTENT_MISSING
    if (form.articles.length > PeriodicalLimits.issueMaxArticles) return TOO_MANY_ARTICLES
    return articlesProblem(form.articles, reports)
  }
  const pages = reportOf(reports, PAGES_KEY)
  if (pages.problem) return pages.problem
  if (pages.urls.length === 0) return CONTENT_MISSING
  return pages.urls.length > PeriodicalLimits.issueMaxPages ? TOO_MANY_PAGES : null
}

/** What every upload of an issue sends: title, cover, and its articles or its pages. */
function content(form: IssueFormState, reports: Reports) {
  return {
    title: form.title.trim(),
    cover: reportOf(reports, COVER_KEY).urls[0] ?? '',
    ...(form.mode === 'articles'
      ? { articles: form.articles.map((a) => articleInput(a, reportOf(reports, a.key))) }
      : { pages: reportOf(reports, PAGES_KEY).urls }),
  }
}

/** A new issue: of a new magazine (name, category, intro) or the next of mine. */
export function addRequest(form: IssueFormState, reports: Reports): AddIssueReq {
  const { owner } = form
  if (owner.owner !== 'new') return { magazineId: owner.owner, ...content(form, reports) }
  return {
    name: owner.name.trim(),
    categoryId: owner.categoryId ?? undefined,
    intro: owner.intro.trim(),
    ...content(form, reports),
  }
}

/** An edit of my issue `issueId`: its content, and the magazine's category and intro. */
export function updateRequest(
  issueId: number,
  form: IssueFormState,
  reports: Reports,
): UpdateIssueReq {
  return {
    issueId,
    categoryId: form.owner.categoryId ?? undefined,
    intro: form.owner.intro.trim(),
    ...content(form, reports),
  }
}
