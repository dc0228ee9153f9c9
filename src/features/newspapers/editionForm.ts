/**
 * The edition upload form's model (pure): its state, the first problem to show (the server's
 * rules and texts from rules/periodicals) and the request it sends. An edition has a date and
 * pages (版面), each a name, an image and any articles on it.
 */
import {
  editionDateError,
  editionTitleError,
  introError,
  PAGE_IMAGE_MISSING,
  pageNameError,
  PAGES_MISSING,
  PeriodicalLimits,
  TOO_MANY_EDITION_PAGES,
  TOO_MANY_PAGE_ARTICLES,
} from '@rules/periodicals'
import {
  articleInput,
  articlesProblem,
  NEW_OWNER,
  newArticle,
  ownerProblem,
  reportOf,
  rowKey,
  type ArticleFields,
  type OwnerFields,
  type Reports,
} from '@/features/periodicals/public'
import type {
  AddEditionReq,
  EditionDraft,
  PageInput,
  UpdateEditionReq,
} from '@/types/api/newspapers'

/** A page as its editor holds it; `image`: the URL it started with (an edit), or none. */
export interface PageFields {
  key: string
  name: string
  image: string[]
  articles: ArticleFields[]
}

export interface EditionFormState {
  owner: OwnerFields
  /** YYYY-MM-DD. */
  date: string
  title: string
  pages: PageFields[]
}

/** A new page: 第N版 until renamed, no articles. */
export const newPage = (index: number): PageFields => ({
  key: rowKey('page'),
  name: `第${index + 1}版`,
  image: [],
  articles: [],
})

/** A new edition dated `today`: of a new newspaper, or of mine (`newspaperId`). */
export const newEdition = (today: string, newspaperId?: number): EditionFormState => ({
  owner: newspaperId ? { ...NEW_OWNER, owner: newspaperId } : NEW_OWNER,
  date: today,
  title: '',
  pages: [newPage(0)],
})

/** One of my editions loaded for editing (a title equal to the date is shown blank). */
export const editionFromDraft = (draft: EditionDraft): EditionFormState => ({
  owner: {
    owner: draft.newspaperId,
    name: draft.newspaperName,
    categoryId: draft.categoryId,
    intro: draft.intro,
  },
  date: draft.date,
  title: draft.title === draft.date ? '' : draft.title,
  pages: draft.pages.map((page) => ({
    key: rowKey('page'),
    name: page.name,
    image: page.image ? [page.image] : [],
    articles: page.articles.map((a) => newArticle(a)),
  })),
})

/** The form's first problem, or null when it may be sent (`today`: China time, YYYY-MM-DD). */
export function editionProblem(
  form: EditionFormState,
  reports: Reports,
  editing: boolean,
  today: string,
): string | null {
  const owner = editing ? introError(form.owner.intro) : ownerProblem(form.owner)
  if (owner) return owner
  const date = editionDateError(form.date, today)
  if (date) return date
  const title = editionTitleError(form.title)
  if (title) return title
  if (form.pages.length === 0) return PAGES_MISSING
  if (form.pages.length > PeriodicalLimits.editionMaxPages) return TOO_MANY_EDITION_PAGES
  for (const [i, page] of form.pages.entries()) {
    const where = `第${i + 1}个版面：`
    const name = pageNameError(page.name)
    if (name) return where + name
    const image = reportOf(reports, page.key)
    if (image.problem) return where + image.problem
    if (image.urls.length === 0) return where + PAGE_IMAGE_MISSING
    if (page.articles.length > PeriodicalLimits.pageMaxArticles)
      return where + TOO_MANY_PAGE_ARTICLES
    const articles = articlesProblem(page.articles, reports, where)
    if (articles) return articles
  }
  return null
}

const pagesInput = (form: EditionFormState, reports: Reports): PageInput[] =>
  form.pages.map((page) => ({
    name: page.name.trim(),
    image: reportOf(reports, page.key).urls[0] ?? '',
    articles: page.articles.map((a) => articleInput(a, reportOf(reports, a.key))),
  }))

/** A new edition: of a new newspaper (name, category, intro) or of mine. */
export function addRequest(form: EditionFormState, reports: Reports): AddEditionReq {
  const content = { date: form.date, title: form.title.trim(), pages: pagesInput(form, reports) }
  const { owner } = form
  if (owner.owner !== 'new') return { newspaperId: owner.owner, ...content }
  return {
    name: owner.name.trim(),
    categoryId: owner.categoryId ?? undefined,
    intro: owner.intro.trim(),
    ...content,
  }
}

/** An edit of my edition `editionId`, with the newspaper's category and intro. */
export function updateRequest(
  editionId: number,
  form: EditionFormState,
  reports: Reports,
): UpdateEditionReq {
  return {
    editionId,
    date: form.date,
    title: form.title.trim(),
    pages: pagesInput(form, reports),
    categoryId: form.owner.categoryId ?? undefined,
    intro: form.owner.intro.trim(),
  }
}
