/**
 * What the reader's turns say and whether they can be taken (pure). Within an issue an article
 * turns to the next one; at the issue's end the turn crosses into the adjacent issue the reader may
 * see (findMagazineTurning), so the button then reads 下一期 / 上一期.
 */
import type { IssueItem } from '@/types/api/magazines'

/** Whether the issue has a neighbour on either side; null while not known (the server decides). */
export interface IssueNeighbours {
  hasPrev: boolean
  hasNext: boolean
}

export interface TurnLabel {
  label: string
  enabled: boolean
}

/** The neighbours of issue `issueId` among a magazine's issues (newest first, by serial). */
export function issueNeighbours(
  issues: readonly Pick<IssueItem, 'id' | 'serial'>[],
  issueId: number,
): IssueNeighbours | null {
  const current = issues.find((issue) => issue.id === issueId)
  if (!current) return null
  return {
    hasPrev: issues.some((issue) => issue.serial < current.serial),
    hasNext: issues.some((issue) => issue.serial > current.serial),
  }
}

/** The two turns of an article (its neighbours within the issue, else the issues beside it). */
export function articleTurns(
  article: { prevId: number | null; nextId: number | null },
  neighbours: IssueNeighbours | null,
): { prev: TurnLabel; next: TurnLabel } {
  const side = (within: number | null, beyond: boolean | undefined, one: string, issue: string) =>
    within !== null
      ? { label: one, enabled: true }
      : { label: beyond === false ? one : issue, enabled: beyond !== false }
  return {
    prev: side(article.prevId, neighbours?.hasPrev, '上一篇', '上一期'),
    next: side(article.nextId, neighbours?.hasNext, '下一篇', '下一期'),
  }
}

/** 已读 2/6 (nothing for a guest or an issue without articles). */
export const readLabel = (read: number, total: number): string =>
  total > 0 ? `已读 ${read}/${total}` : ''
