/**
 * A shareable page's card (pure): its title, description, picture and path, and the link a share
 * carries, with the sharer's id as referrer (spid) so a newcomer arriving by it is bound to them
 * (src/launch/spid.ts reads it back from the link's query).
 */
export interface ShareCardInput {
  title: string
  desc?: string
  /** A picture (absolute, or a server path such as /uploads/x.png). */
  image?: string
  /** The page's app path with its query, e.g. /pagesA/read/detail?id=3. */
  path: string
}

/** What WeChat's JS-SDK takes for a page's card on H5. */
export interface WebShareCard {
  title: string
  desc: string
  link: string
  imgUrl: string
}

export const DEFAULT_SHARE_DESC = '书友 · 一起读书'
/** A card shows about two lines of description. */
export const SHARE_DESC_MAX = 60

/** Text for a card: whitespace runs made one space, cut to `max` characters with an ellipsis. */
export function clip(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()]
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('')
}

/** The path with `spid=<userId>` in its query, replacing any spid it had; without one for a guest. */
export function withSpid(path: string, userId?: number | null): string {
  const [beforeHash, hash] = splitOnce(path, '#')
  const [base, search] = splitOnce(beforeHash, '?')
  const params = search.split('&').filter((pair) => pair !== '' && pair.split('=')[0] !== 'spid')
  if (typeof userId === 'number' && Number.isInteger(userId) && userId > 0) {
    params.push(`spid=${userId}`)
  }
  const query = params.length > 0 ? `?${params.join('&')}` : ''
  return `${base}${query}${hash ? `#${hash}` : ''}`
}

/** An absolute URL: absolute ones pass, protocol-relative get the origin's, paths join the origin. */
export function absoluteUrl(url: string, origin: string): string {
  const value = url.trim()
  if (!value || /^https?:\/\//i.test(value)) return value
  if (value.startsWith('//')) return `${/^http:/i.test(origin) ? 'http:' : 'https:'}${value}`
  return `${origin.replace(/\/+$/, '')}${value.startsWith('/') ? '' : '/'}${value}`
}

/** The URL WeChat's JS-SDK signature covers: the page's address without its #fragment. */
export const signingUrl = (href: string): string => href.split('#')[0]

/** The card WeChat shows for an H5 page: link and picture absolute, the link carrying spid. */
export function buildWebCard(
  input: ShareCardInput,
  context: { origin: string; userId?: number | null },
): WebShareCard {
  return {
    title: clip(input.title, SHARE_DESC_MAX) || '书友',
    desc: clip(input.desc ?? '', SHARE_DESC_MAX) || DEFAULT_SHARE_DESC,
    link: absoluteUrl(withSpid(input.path, context.userId), context.origin),
    imgUrl: input.image ? absoluteUrl(input.image, context.origin) : '',
  }
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator)
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)]
}
