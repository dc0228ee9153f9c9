import { randomBytes } from 'node:crypto'

export const UPLOAD_URL_PREFIX = '/uploads/'

const NAME = /^[a-f0-9]{32}\.(jpg|png|gif|webp)$/

export const isUploadName = (name: string): boolean => NAME.test(name)

export const newUploadName = (ext: string): string => `${randomBytes(16).toString('hex')}.${ext}`

/**
 * The file name in a URL of ours under `prefix`: the path itself or an absolute URL with that path
 * (the mini-program shows absolute URLs), when `isName` accepts it. Null for anything else.
 */
export function fileNameOfUrl(
  url: string,
  prefix: string,
  isName: (name: string) => boolean,
): string | null {
  let pathname = url
  if (/^https?:\/\//i.test(url)) {
    try {
      pathname = new URL(url).pathname
    } catch {
      return null
    }
  }
  if (!pathname.startsWith(prefix)) return null
  const name = pathname.slice(prefix.length)
  return isName(name) ? name : null
}

/** The file name in one of our upload URLs (`/uploads/<name>`), else null. */
export const parseUploadUrl = (url: string): string | null =>
  fileNameOfUrl(url, UPLOAD_URL_PREFIX, isUploadName)
