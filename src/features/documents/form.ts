/**
 * The checks of the document forms (upload, contribute, resubmit) before anything is sent, with the
 * server's limits and texts (rules/documents.ts). Pure.
 */
import {
  DocumentText,
  documentFileSizeError,
  documentIntroError,
  documentTitleError,
  fileTypeOfName,
} from '@rules/documents'

export interface DocFormValues {
  title: string
  /** null until one is chosen. */
  categoryId: number | null
  intro: string
}

/** A file chosen on the device (H5: a blob URL of the chosen File; weapp: a temporary path). */
export interface PickedFile {
  path: string
  name: string
  /** Bytes. */
  size: number
}

export const FILE_MISSING = '请选择要上传的文件'

/** The form's first problem (title, category, introduction), or null. */
export function docFormError(values: DocFormValues): string | null {
  return (
    documentTitleError(values.title) ??
    (values.categoryId ? null : DocumentText.categoryMissing) ??
    documentIntroError(values.intro)
  )
}

/**
 * What is wrong with a chosen file at a glance (its name's extension, its size), or null. The
 * server still tells the format by the content.
 */
export function pickedFileError(file: Pick<PickedFile, 'name' | 'size'> | null): string | null {
  if (!file) return FILE_MISSING
  if (!fileTypeOfName(file.name)) return DocumentText.fileTypeInvalid
  return documentFileSizeError(file.size)
}

/** The upload form's first problem: the fields, then the file. */
export const uploadFormError = (values: DocFormValues, file: PickedFile | null): string | null =>
  docFormError(values) ?? pickedFileError(file)

/** The fields as the calls take them (trimmed; the category chosen). */
export function formFields(values: DocFormValues): {
  title: string
  categoryId: number
  intro: string
} {
  return {
    title: values.title.trim(),
    categoryId: values.categoryId ?? 0,
    intro: values.intro.trim(),
  }
}
