import { useRef, useState } from 'react'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { usePageData } from '@/core/usePageData'
import {
  chinaToday,
  distinctOwners,
  finishSubmitted,
  newArticle,
  useReports,
  type ArticleFields,
  type OwnerFields,
} from '@/features/periodicals/public'
import { PeriodicalLimits } from '@rules/periodicals'
import { addEdition, fetchCategories, fetchMyEdition, fetchMyEditions, updateEdition } from './api'
import {
  addRequest,
  editionFromDraft,
  editionProblem,
  newEdition,
  newPage,
  updateRequest,
  type EditionFormState,
  type PageFields,
} from './editionForm'
import { newspaperDetailUrl } from './links'

const MINE_PAGE = 50

/**
 * The edition upload form: what it needs (categories, my newspapers, the edition when editing one
 * of mine), its fields (date, title, pages with their images and articles), the images' reports
 * and sending it for review. `newspaperId`: an edition of that newspaper of mine; `editionId`:
 * editing that edition.
 */
export function useEditionForm(
  target: { editionId?: number; newspaperId?: number },
  loggedIn: boolean,
) {
  const { editionId, newspaperId } = target
  const editing = editionId !== undefined
  const [form, setForm] = useState<EditionFormState | null>(null)
  const { reports, report, drop } = useReports()
  const sent = useRef(false)
  const today = chinaToday()

  const page = usePageData(async () => {
    if (!loggedIn) return null
    const [categories, mine, draft] = await Promise.all([
      fetchCategories(),
      editing ? Promise.resolve(null) : fetchMyEditions(1, MINE_PAGE),
      editing ? fetchMyEdition(editionId) : Promise.resolve(null),
    ])
    const owners = mine
      ? distinctOwners(
          mine.list,
          (e) => e.newspaperId,
          (e) => e.newspaperName,
        )
      : []
    const known = newspaperId && owners.some((o) => o.id === newspaperId) ? newspaperId : undefined
    setForm(draft ? editionFromDraft(draft) : newEdition(chinaToday(), known))
    return { categories, owners, draft }
  }, [loggedIn, editionId, newspaperId])

  const check = () => (form ? editionProblem(form, reports, editing, chinaToday()) : null)
  const submitting = useFormSubmit('提交失败', check)

  const update = (change: Partial<EditionFormState>) =>
    setForm((current) => (current ? { ...current, ...change } : current))
  const setPages = (edit: (pages: PageFields[]) => PageFields[]) =>
    setForm((current) => (current ? { ...current, pages: edit(current.pages) } : current))
  const setPage = (key: string, edit: (page: PageFields) => PageFields) =>
    setPages((pages) => pages.map((p) => (p.key === key ? edit(p) : p)))

  return {
    loading: page.loading && !page.data,
    error: page.error,
    retry: () => void page.reload(),
    categories: page.data?.categories ?? [],
    owners: page.data?.owners ?? [],
    draft: page.data?.draft ?? null,
    editing,
    today,
    form,
    reports,
    report,
    formError: submitting.error,
    busy: submitting.busy,
    setOwner: (owner: OwnerFields) => update({ owner }),
    setDate: (date: string) => update({ date }),
    setTitle: (title: string) => update({ title }),
    renamePage: (key: string, name: string) => setPage(key, (p) => ({ ...p, name })),
    addPage: () =>
      setPages((pages) =>
        pages.length < PeriodicalLimits.editionMaxPages ? [...pages, newPage(pages.length)] : pages,
      ),
    removePage: (key: string) => {
      const gone = form?.pages.find((p) => p.key === key)
      setPages((pages) => pages.filter((p) => p.key !== key))
      drop(key)
      gone?.articles.forEach((a) => drop(a.key))
    },
    addArticle: (pageKey: string) =>
      setPage(pageKey, (p) => ({ ...p, articles: [...p.articles, newArticle()] })),
    changeArticle: (pageKey: string, next: ArticleFields) =>
      setPage(pageKey, (p) => ({
        ...p,
        articles: p.articles.map((a) => (a.key === next.key ? next : a)),
      })),
    removeArticle: (pageKey: string, articleKey: string) => {
      setPage(pageKey, (p) => ({ ...p, articles: p.articles.filter((a) => a.key !== articleKey) }))
      drop(articleKey)
    },
    submit() {
      if (!form || submitting.busy || sent.current) return
      void submitting.submit(check(), async () => {
        const done =
          editionId !== undefined
            ? await updateEdition(updateRequest(editionId, form, reports))
            : await addEdition(addRequest(form, reports))
        sent.current = true
        const fromDetail =
          editing || (newspaperId !== undefined && form.owner.owner === newspaperId)
        finishSubmitted(newspaperDetailUrl(done.newspaperId), fromDetail)
      })
    },
  }
}
