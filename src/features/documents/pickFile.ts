import Taro from '@tarojs/taro'
import { DOCUMENT_EXTENSIONS } from '@rules/documents'
import type { PickedFile } from './form'

/**
 * Lets the reader choose a document: in the mini-program, a file from a WeChat chat
 * (chooseMessageFile; pickFile.h5.ts on H5). Resolves null when they cancel.
 */
export async function pickDocumentFile(): Promise<PickedFile | null> {
  try {
    const res = await Taro.chooseMessageFile({
      count: 1,
      type: 'file',
      extension: [...DOCUMENT_EXTENSIONS],
    })
    const file = res.tempFiles[0]
    return file ? { path: file.path, name: file.name, size: file.size } : null
  } catch {
    return null
  }
}

/** Lets go of what a pick holds (nothing in the mini-program). */
export function releasePickedFile(_file: PickedFile | null): void {}
