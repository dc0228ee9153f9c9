/**
 * A video's duration as shown on its cover. Its own module, importing nothing: the home page's
 * video row uses it in the mini-program's main package, where rules/video.ts would bring the
 * blocked-word list and the validators along.
 */

/** m:ss of a duration in milliseconds (0:05, 1:00), as rules/video.ts formatVideoDuration. */
export function formatVideoDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
