/**
 * Editions by date (pure): the neighbours of an edition for the reader's 上一期 / 下一期
 * (findOpenBookSpaTurning), the labels of the detail's date strip, and the article turns within an
 * edition.
 */
import type { EditionItem } from '@/types/api/newspapers'

export interface EditionNeighbours {
  hasPrev: boolean
  hasNext: boolean
}

/** Whether there are editions before and after `editionId` by date; null while not known. */
export function editionNeighbours(
  editions: readonly Pick<EditionItem, 'id' | 'date'>[],
  editionId: number,
): EditionNeighbours | null {
  const current = editions.find((e) => e.id === editionId)
  if (!current) return null
  return {
    hasPrev: editions.some((e) => e.date < current.date),
    hasNext: editions.some((e) => e.date > current.date),
  }
}

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六']

/** 05-12 and 周日 for a YYYY-MM-DD date (its own calendar day, whatever the device's zone). */
export function dateChip(date: string): { day: string; weekday: string } {
  const [y, m, d] = date.split('-').map(Number)
  const weekday = new Date(Date.UTC(y, (m || 1) - 1, d || 1)).getUTCDay()
  return { day: date.slice(5), weekday: `周${WEEKDAYS[weekday] ?? ''}` }
}

/** 2024年5月12日 */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number)
  return y && m && d ? `${y}年${m}月${d}日` : date
}

/** The edition's title as shown: its own, or its date. */
export const editionTitle = (edition: { title: string; date: string }): string =>
  edition.title && edition.title !== edition.date ? edition.title : longDate(edition.date)
