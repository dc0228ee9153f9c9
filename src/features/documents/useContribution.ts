import { useRef, useState } from 'react'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { usePageData } from '@/core/usePageData'
import { DocumentLimits, DocumentText } from '@rules/documents'
import type { DocumentDetail, MyDocument } from '@/types/api/documents'
import { contributeDoc, fetchMyDoc, fetchMyDocs, resubmitDoc } from './api'
import { finishToMyDocs } from './backToMine'
import { docFormError, formFields, pickedFileError, type DocFormValues } from './form'
import { useDocCategories, useFileUpload } from './useDocUpload'

const valuesOf = (doc: Pick<MyDocument, 'title' | 'categoryId' | 'intro'>): DocFormValues => ({
  title: doc.title,
  categoryId: doc.categoryId || null,
  intro: doc.intro,
})

/** How many of my documents the contribute page looks through for private ones (pages of 50). */
const PICK_PAGES = 4

/** My documents that are not in the library (the ones I may contribute), newest first. */
export async function fetchPrivateDocs(): Promise<MyDocument[]> {
  const found: MyDocument[] = []
  for (let page = 1; page <= PICK_PAGES; page += 1) {
    const res = await fetchMyDocs(page, DocumentLimits.pageSizeMax)
    found.push(...res.list.filter((doc) => !doc.contributed))
    if (page * DocumentLimits.pageSizeMax >= res.total || res.list.length === 0) break
  }
  return found
}

const validId = (id: number) => Number.isInteger(id) && id > 0

/**
 * 投稿: one of my documents (the page's id, else the one chosen from my private ones) with its
 * title, category and introduction as they will appear in the library; 提交审核 sends it to review.
 */
export function useContribute(id: number, loggedIn: boolean) {
  const [chosenId, setChosenId] = useState<number | null>(validId(id) ? id : null)
  const candidates = usePageData<MyDocument[] | null>(
    () => (loggedIn && !validId(id) ? fetchPrivateDocs() : Promise.resolve(null)),
    [id, loggedIn],
  )
  const [values, setValues] = useState<DocFormValues | null>(null)
  const doc = usePageData<DocumentDetail | null>(async () => {
    if (!loggedIn || chosenId === null) return null
    const found = await fetchMyDoc(chosenId)
    setValues(valuesOf(found))
    return found
  }, [chosenId, loggedIn])
  const categories = useDocCategories()
  const current = values ?? { title: '', categoryId: null, intro: '' }
  const check = () => (doc.data ? docFormError(current) : DocumentText.notFound)
  const form = useFormSubmit('提交失败', check)
  const sent = useRef(false)

  const choose = (next: number) => {
    if (next === chosenId) return
    setValues(null)
    setChosenId(next)
  }

  const submit = () => {
    const target = doc.data
    if (sent.current || form.busy || !target) return Promise.resolve()
    return form.submit(check(), async () => {
      await contributeDoc({ id: target.id, ...formFields(current) })
      sent.current = true
      finishToMyDocs('已提交审核')
    })
  }

  return {
    candidates,
    chosenId,
    choose,
    doc,
    values: current,
    change: (patch: Partial<DocFormValues>) => setValues({ ...current, ...patch }),
    categories,
    error: form.error,
    busy: form.busy || sent.current,
    submit,
  }
}

/**
 * 审核未通过: my contribution with the reviewer's reason; I edit its title, category and
 * introduction (and may give it a new file, uploaded first) and 重新提交 it to review.
 */
export function useResubmit(id: number, loggedIn: boolean) {
  const [values, setValues] = useState<DocFormValues | null>(null)
  const doc = usePageData<DocumentDetail | null>(async () => {
    if (!loggedIn) return null
    if (!validId(id)) throw new Error(DocumentText.notFound)
    const found = await fetchMyDoc(id)
    setValues(valuesOf(found))
    return found
  }, [id, loggedIn])
  const categories = useDocCategories()
  const upload = useFileUpload()
  const current = values ?? { title: '', categoryId: null, intro: '' }
  const check = () =>
    doc.data
      ? (docFormError(current) ?? (upload.file ? pickedFileError(upload.file) : null))
      : DocumentText.notFound
  const form = useFormSubmit('提交失败', check)
  const sent = useRef(false)

  const submit = () => {
    const target = doc.data
    if (sent.current || form.busy || !target) return Promise.resolve()
    return form.submit(check(), async () => {
      const replacement = upload.file ? await upload.send(current) : null
      await resubmitDoc({
        id: target.id,
        ...formFields(current),
        ...(replacement ? { fileDocId: replacement.id } : {}),
      })
      sent.current = true
      finishToMyDocs('已重新提交')
    })
  }

  return {
    doc,
    values: current,
    change: (patch: Partial<DocFormValues>) => setValues({ ...current, ...patch }),
    categories,
    upload,
    error: form.error || upload.problem,
    busy: form.busy || sent.current,
    submit,
  }
}
