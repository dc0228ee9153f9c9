import { createHmac } from 'node:crypto'

/** RFC 3986 percent-encoding as Aliyun's POP API expects it. */
export function popEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (ch) => '%' + ch.charCodeAt(0).toString(16).toUpperCase(),
  )
}

/** The canonical query string: parameters sorted by name, each side encoded. */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((key) => `${popEncode(key)}=${popEncode(params[key])}`)
    .join('&')
}

/** POP signature v1: base64(HMAC-SHA1(secret + '&', METHOD&%2F&encode(canonical))). */
export function popSignature(
  method: string,
  params: Record<string, string>,
  accessKeySecret: string,
): string {
  const stringToSign = `${method}&${popEncode('/')}&${popEncode(canonicalQuery(params))}`
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64')
}
