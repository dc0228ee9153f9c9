/** Request payload encoding for the client: form bodies and query strings. Pure. */

export type Params = Record<string, unknown>

/** Strings as they are, numbers and booleans as text, objects and arrays as JSON; null/undefined dropped. */
export function fieldValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value)
  }
  return JSON.stringify(value)
}

export function formFields(params: Params = {}): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [key, value] of Object.entries(params)) {
    const text = fieldValue(value)
    if (text !== undefined) fields[key] = text
  }
  return fields
}

/** application/x-www-form-urlencoded, also used for query strings. */
export function encodeForm(params: Params = {}): string {
  return Object.entries(formFields(params))
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&')
}

export function appendQuery(url: string, params: Params = {}): string {
  const query = encodeForm(params)
  if (query === '') return url
  return `${url}${url.includes('?') ? '&' : '?'}${query}`
}

/** Query-route paths: `User.*` goes to /user.php, everything else to /index.php. */
export function queryPath(name: string): string {
  const script = name.startsWith('User.') ? '/user.php' : '/index.php'
  return `${script}?s=${encodeURIComponent(name)}`
}
