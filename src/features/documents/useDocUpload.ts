import Taro from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { usePageData } from '@/core/usePageData'
import { DocumentLimits } from '@rules/documents'
import { clipText } from '@rules/validate'
import type { DocumentDetail } from '@/types/api/documents'
import { fetchDocCategories, uploadDoc } from './api'
import {
  formFields,
  pickedFileError,
  uploadFormError,
  type DocFormValues,
  type PickedFile,
} from './form'
import { pickDocumentFile, releasePickedFile } from './pickFile'

export const EMPTY_FORM: DocFormValues = { title: '', categoryId: null, intro: '' }

/** A file name without its extension, as a first title. */
export const titleOfFileName = (name: string): string =>
  clipText(name.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim(), DocumentLimits.titleMaxChars)

/** The categories a form offers (loaded once). */
export const useDocCategories = () => usePageData(fetchDocCategories, [])

/**
 * A chosen file and its upload with progress: `choose` opens the platform's picker (a first check of
 * the name and size there), `send` uploads it with the fields (progress 0..1 while under way).
 */
export function useFileUpload(onChosen?: (file: PickedFile) => void) {
  const [file, setFile] = useState<PickedFile | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [problem, setProblem] = useState('')
  const fileRef = useRef<PickedFile | null>(null)
  fileRef.current = file

  // The blob URL (H5) of the file last chosen goes with the page.
  useEffect(() => () => releasePickedFile(fileRef.current), [])

  const choose = async (): Promise<void> => {
    if (progress !== null) return
    const picked = await pickDocumentFile()
    if (!picked) return
    const wrong = pickedFileError(picked)
    if (wrong) {
      releasePickedFile(picked)
      setProblem(wrong)
      void Taro.showToast({ title: wrong, icon: 'none' })
      return
    }
    releasePickedFile(fileRef.current)
    setProblem('')
    setFile(picked)
    onChosen?.(picked)
  }

  const send = async (values: DocFormValues): Promise<DocumentDetail> => {
    if (!file) throw new Error(pickedFileError(null) ?? '')
    setProgress(0)
    try {
      return await uploadDoc(formFields(values), file.path, setProgress)
    } finally {
      setProgress(null)
    }
  }

  return { file, problem, progress, uploading: progress !== null, choose, send }
}

/** The upload page: the fields, the file, the upload with progress. */
export function useDocUpload(onDone: (doc: DocumentDetail) => void) {
  const [values, setValues] = useState<DocFormValues>(EMPTY_FORM)
  const change = (patch: Partial<DocFormValues>) => setValues((v) => ({ ...v, ...patch }))
  const categories = useDocCategories()
  const upload = useFileUpload((picked) =>
    setValues((v) => (v.title.trim() ? v : { ...v, title: titleOfFileName(picked.name) })),
  )
  const check = () => uploadFormError(values, upload.file)
  const form = useFormSubmit('上传失败', check)
  /** Accepted: the page is about to close; a second tap must not upload it again. */
  const sent = useRef(false)

  const submit = () => {
    if (sent.current || form.busy) return Promise.resolve()
    return form.submit(check(), async () => {
      const doc = await upload.send(values)
      sent.current = true
      onDone(doc)
    })
  }

  return {
    values,
    change,
    categories,
    upload,
    error: form.error || upload.problem,
    busy: form.busy || sent.current,
    submit,
  }
}
