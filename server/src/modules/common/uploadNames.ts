import { randomBytes } from 'node:crypto'

export const UPLOAD_URL_PREFIX = '/uploads/'

const NAME = /^[a-f0-9]{32}\.(jpg|png|gif|webp)$/

export const isUploadName = (name: string): boolean => NAME.test(name)

export const newUploadName = (ext: string): string => `${randomBytes(16).toString('hex')}.${ext}`

/**
 * The file name in one of our upload URLs: `/uploads/<name>` or an absolute URL with that path
 * (the mini-program shows absolute URLs). Null for anything else.
 */
export function parseUploadUrl(url: string): string | null {
  let pathname = url
  if (/^https?:\/\//i.test(url)) {
    try {
      pathname = new URL(url).pathname
    } catch {
      return null
    }
  }
  if (!pathname.startsWith(UPLOAD_URL_PREFIX)) return null
  const name = pathname.slice(UPLOAD_URL_PREFIX.length)
  return isUploadName(name) ? name : null
}
