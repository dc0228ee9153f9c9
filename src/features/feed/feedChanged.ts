/**
 * A flag between pages: set when a post is written, deleted or commented on, read (and cleared) by
 * the feed tab when it shows again, so it reloads only when something changed.
 */
let changed = false

export function markFeedChanged(): void {
  changed = true
}

export function consumeFeedChanged(): boolean {
  const was = changed
  changed = false
  return was
}
