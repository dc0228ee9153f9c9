/**
 * How far through a book a place is. Every chapter weighs the same and so does every paragraph of
 * a chapter: the bookcase's percentage (server) and the reader's slider (app) measure alike. Pure.
 */

/** The chapters before the place plus the share of its chapter read up to and including the paragraph, in hundredths of a percent. */
export function permyriadOf(
  serial: number,
  paragraph: number,
  paragraphCount: number,
  chapterCount: number,
): number {
  if (chapterCount <= 0) return 0
  const within = paragraphCount > 0 ? (paragraph + 1) / paragraphCount : 1
  const value = Math.round(((serial - 1 + within) / chapterCount) * 10000)
  return Math.min(10000, Math.max(0, value))
}

/** 0..100 with one decimal. */
export const percentOf = (permyriad: number): number => Math.round(permyriad / 10) / 10

/** The chapter a point of the slider (0..10000) falls in, and how far into it (0..1). */
export function placeAtPermyriad(
  permyriad: number,
  chapterCount: number,
): { serial: number; within: number } {
  if (chapterCount <= 0) return { serial: 1, within: 0 }
  const point = (Math.min(10000, Math.max(0, permyriad)) / 10000) * chapterCount
  const serial = Math.min(chapterCount, Math.floor(point) + 1)
  return { serial, within: Math.min(1, point - (serial - 1)) }
}

/** The paragraph `within` (0..1) of the way into a chapter of `paragraphCount` paragraphs. */
export function paragraphAt(within: number, paragraphCount: number): number {
  if (paragraphCount <= 0) return 0
  return Math.min(paragraphCount - 1, Math.max(0, Math.round(within * paragraphCount) - 1))
}
