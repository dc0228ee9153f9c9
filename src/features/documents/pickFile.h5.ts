import { DOCUMENT_EXTENSIONS } from '@rules/documents'
import type { PickedFile } from './form'

const ACCEPT = DOCUMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',')

/**
 * Lets the reader choose a document on H5: the browser's file chooser (an <input type=file>
 * accepting the document formats). The file becomes a blob URL, which the upload reads. Resolves
 * null when they cancel (browsers without the cancel event never resolve: nothing waits on it).
 */
export function pickDocumentFile(): Promise<PickedFile | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = ACCEPT
    input.style.display = 'none'
    input.setAttribute('data-testid', 'doc-file-input')
    const done = (file: PickedFile | null) => {
      input.remove()
      resolve(file)
    }
    input.addEventListener('change', () => {
      const file = input.files?.[0]
      done(file ? { path: URL.createObjectURL(file), name: file.name, size: file.size } : null)
    })
    input.addEventListener('cancel', () => done(null))
    document.body.appendChild(input)
    input.click()
  })
}

/** Lets go of the blob URL of a file no longer wanted. */
export function releasePickedFile(file: PickedFile | null): void {
  if (file?.path.startsWith('blob:')) URL.revokeObjectURL(file.path)
}
