import { useRef, useState } from 'react'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { usePageData } from '@/core/usePageData'
import {
  distinctOwners,
  finishSubmitted,
  newArticle,
  useReports,
  type ArticleFields,
  type OwnerFields,
} from '@/features/periodicals/public'
import { addIssue, fetchCategories, fetchMyIssue, fetchMyIssues, updateIssue } from './api'
import {
  addRequest,
  issueFromDraft,
  issueProblem,
  newIssue,
  updateRequest,
  type IssueFormState,
  type IssueMode,
} from './issueForm'
import { magazineDetailUrl } from './links'

/** My uploads looked at for my magazines: the newest this many. */
const MINE_PAGE = 50

/**
 * The issue upload form: what it needs (categories, my magazines, the issue when editing one of
 * mine, with why it did not pass), its fields, the images' reports and sending it for review.
 * `magazineId`: a new issue of that magazine of mine; `issueId`: editing that issue.
 */
export function useIssueForm(target: { issueId?: number; magazineId?: number }, loggedIn: boolean) {
  const { issueId, magazineId } = target
  const editing = issueId !== undefined
  const [form, setForm] = useState<IssueFormState | null>(null)
  const { reports, report, drop } = useReports()
  /** Accepted: the form is about to close; a second tap must not send it again. */
  const sent = useRef(false)

  const page = usePageData(async () => {
    if (!loggedIn) return null
    const [categories, mine, draft] = await Promise.all([
      fetchCategories(),
      editing ? Promise.resolve(null) : fetchMyIssues(1, MINE_PAGE),
      editing ? fetchMyIssue(issueId) : Promise.resolve(null),
    ])
    const owners = mine
      ? distinctOwners(
          mine.list,
          (i) => i.magazineId,
          (i) => i.magazineName,
        )
      : []
    const known = magazineId && owners.some((o) => o.id === magazineId) ? magazineId : undefined
    setForm(draft ? issueFromDraft(draft) : newIssue(known))
    return { categories, owners, draft }
  }, [loggedIn, issueId, magazineId])

  const check = () => (form ? issueProblem(form, reports, editing) : null)
  const submitting = useFormSubmit('提交失败', check)

  const update = (change: Partial<IssueFormState>) =>
    setForm((current) => (current ? { ...current, ...change } : current))

  const setArticles = (edit: (list: ArticleFields[]) => ArticleFields[]) =>
    setForm((current) => (current ? { ...current, articles: edit(current.articles) } : current))

  return {
    loading: page.loading && !page.data,
    error: page.error,
    retry: () => void page.reload(),
    categories: page.data?.categories ?? [],
    owners: page.data?.owners ?? [],
    /** The issue being edited (its state and why it did not pass). */
    draft: page.data?.draft ?? null,
    editing,
    form,
    reports,
    report,
    formError: submitting.error,
    busy: submitting.busy,
    setOwner: (owner: OwnerFields) => update({ owner }),
    setTitle: (title: string) => update({ title }),
    setMode: (mode: IssueMode) => update({ mode }),
    changeArticle: (next: ArticleFields) =>
      setArticles((list) => list.map((a) => (a.key === next.key ? next : a))),
    addArticle: () => setArticles((list) => [...list, newArticle()]),
    removeArticle: (key: string) => {
      setArticles((list) => list.filter((a) => a.key !== key))
      drop(key)
    },
    submit() {
      if (!form || submitting.busy || sent.current) return
      void submitting.submit(check(), async () => {
        const done =
          issueId !== undefined
            ? await updateIssue(updateRequest(issueId, form, reports))
            : await addIssue(addRequest(form, reports))
        sent.current = true
        const fromDetail = editing || (magazineId !== undefined && form.owner.owner === magazineId)
        finishSubmitted(magazineDetailUrl(done.magazineId), fromDetail)
      })
    },
  }
}
