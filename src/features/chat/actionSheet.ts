/**
 * A menu on WeChat's action sheet, which shows at most 6 items: a longer menu shows its first 5
 * and 更多, which opens the rest (on H5 alike, so both behave the same).
 */
import Taro from '@tarojs/taro'

export const SHEET_MAX_ITEMS = 6
export const MORE_ITEM = '更多'

/** The sheets a menu takes: each at most 6 items, all but the last ending in 更多. */
export function sheetPages(items: readonly string[]): string[][] {
  const pages: string[][] = []
  let rest = [...items]
  while (rest.length > SHEET_MAX_ITEMS) {
    pages.push([...rest.slice(0, SHEET_MAX_ITEMS - 1), MORE_ITEM])
    rest = rest.slice(SHEET_MAX_ITEMS - 1)
  }
  pages.push(rest)
  return pages
}

type ShowSheet = (itemList: string[]) => Promise<{ tapIndex: number }>

const showSheet: ShowSheet = (itemList) => Taro.showActionSheet({ itemList })

/** The item the reader chose, or null when they cancelled. */
export async function chooseFromSheet(
  items: readonly string[],
  show: ShowSheet = showSheet,
): Promise<string | null> {
  for (const page of sheetPages(items)) {
    let chosen: string | undefined
    try {
      chosen = page[(await show(page)).tapIndex]
    } catch {
      return null
    }
    if (chosen === undefined) return null
    if (chosen !== MORE_ITEM) return chosen
  }
  return null
}
