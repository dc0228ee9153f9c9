/**
 * The state of the images a form is uploading, and what it stops while they are not all done.
 * No Taro import: unit-tested.
 */

/** One chosen image on its way to the server. */
export interface UploadItem {
  key: string
  /** The local file (shown while uploading), or the resolved URL of one uploaded earlier. */
  path: string
  /** 0..1. */
  progress: number
  /** The uploaded URL path, '' until done. */
  url: string
  /** Why the upload failed, '' otherwise. */
  error: string
}

export const UploadText = {
  uploading: '图片正在上传，请稍候',
  uploadFailed: '有图片上传失败，请删除后重试',
} as const

/** The images that are done, and how many are still uploading or failed. */
export function uploadsState(items: readonly UploadItem[]): {
  urls: string[]
  uploading: number
  failed: number
} {
  return {
    urls: items.filter((i) => i.url).map((i) => i.url),
    uploading: items.filter((i) => !i.url && !i.error).length,
    failed: items.filter((i) => !i.url && i.error).length,
  }
}

/** What stops a form with these images from being sent, or null. */
export function checkUploads(items: readonly UploadItem[]): string | null {
  const { uploading, failed } = uploadsState(items)
  if (uploading) return UploadText.uploading
  if (failed) return UploadText.uploadFailed
  return null
}

/** How many more images may be chosen when `max` are allowed. */
export const imagesLeft = (items: readonly UploadItem[], max: number): number =>
  Math.max(0, max - items.length)

/** What the uploader knows of the server's upload policy (App.Common_Config.GetUploadToken). */
export interface UploadAllowance {
  maxFileBytes: number
  filesLeft: number
  bytesLeft: number
  tooBigMsg: string
  quotaMsg: string
}

/** A chosen file; `size` in bytes when the platform tells it. */
export interface ChosenFile {
  path: string
  size?: number
}

/**
 * Which chosen files go up, judged up front by the server's policy: a file over the size limit is
 * left out with the server's text, and so is every file beyond today's quota. Answers the files to
 * upload, the text to show for the first refusal (or null) and the allowance left after them.
 */
export function admitFiles(
  files: readonly ChosenFile[],
  allowance: UploadAllowance,
): { admitted: ChosenFile[]; refusal: string | null; left: UploadAllowance } {
  const admitted: ChosenFile[] = []
  let refusal: string | null = null
  let { filesLeft, bytesLeft } = allowance
  for (const file of files) {
    const size = file.size ?? 0
    if (size > allowance.maxFileBytes) {
      refusal ??= allowance.tooBigMsg
    } else if (filesLeft < 1 || size > bytesLeft) {
      refusal ??= allowance.quotaMsg
    } else {
      admitted.push(file)
      filesLeft -= 1
      bytesLeft -= size
    }
  }
  return { admitted, refusal, left: { ...allowance, filesLeft, bytesLeft } }
}
