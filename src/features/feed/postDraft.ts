/**
 * The post editor's draft on the device: text and the URLs of pictures already uploaded. The
 * server removes uploads that nothing refers to a day after they were made, so a draft's pictures
 * older than IMAGES_MAX_AGE_MS are dropped when the draft is opened (their files may be gone).
 * Pure: the page reads and writes storage.
 */
export const POST_DRAFT_KEY = 'report_draft'

/** Below the server's day, with room for a slow upload and clocks that disagree. */
export const IMAGES_MAX_AGE_MS = 20 * 60 * 60 * 1000

export interface PostDraft {
  content: string
  images: string[]
  /** When the draft first had pictures (the oldest upload in it is at most this old). */
  imagesSince: number | null
}

export interface OpenedDraft extends PostDraft {
  /** Pictures were dropped because they were too old. */
  imagesExpired: boolean
}

/** The stored draft as the editor opens it. */
export function openPostDraft(stored: unknown, now: number): OpenedDraft {
  const empty: OpenedDraft = { content: '', images: [], imagesSince: null, imagesExpired: false }
  if (!stored || typeof stored !== 'object') return empty
  const draft = stored as Partial<PostDraft>
  const content = typeof draft.content === 'string' ? draft.content : ''
  const images = Array.isArray(draft.images)
    ? draft.images.filter((i): i is string => typeof i === 'string')
    : []
  const since = typeof draft.imagesSince === 'number' ? draft.imagesSince : null
  if (images.length > 0 && (since === null || now - since > IMAGES_MAX_AGE_MS)) {
    return { content, images: [], imagesSince: null, imagesExpired: true }
  }
  return { content, images, imagesSince: images.length > 0 ? since : null, imagesExpired: false }
}

/** The draft to store after an edit. */
export function nextPostDraft(
  previousSince: number | null,
  content: string,
  images: string[],
  now: number,
): PostDraft {
  return { content, images, imagesSince: images.length > 0 ? (previousSince ?? now) : null }
}
