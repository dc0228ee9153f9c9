/**
 * The reading place last sent by the reader: a page that shows the place again (the book's detail,
 * the home page's current book) waits for it, as the reader's save on leaving races that page's
 * reload. Kept apart from the reader so the home page does not load the reader's code.
 */
let saving: Promise<unknown> = Promise.resolve()

export function trackProgressSave(save: Promise<unknown>): void {
  saving = save
}

export const progressSaved = (): Promise<unknown> => saving
