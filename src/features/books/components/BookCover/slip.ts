/**
 * The title slip (题签) of a drawn cover: how big its characters are and how they are set, so that
 * every character shows at every cover width. Pure; sizes in design px (750 wide).
 *
 * A slip is one vertical column 30% of the cover wide and 56% of its height, its characters as big
 * as fit (at most a sixth of the cover's width). A title whose characters would come out smaller
 * than three quarters of that (or than the smallest size) gets the biggest characters a slip grown
 * to 70% of the height holds, in one column or, when that gives markedly bigger ones, two or more
 * read right to left, the slip widening (up to 72% of the cover) to hold them. A title longer than
 * even that holds at the smallest size is cut with an ellipsis; the pages show the full title
 * beside the cover.
 */

/** The smallest character: 12 design px is 6 CSS px on a 375 px wide phone. */
export const MIN_TITLE_SIZE = 12
/** A character's advance down the column, in em: 1 plus the slip's letter spacing (0.08em). */
export const CHAR_ADVANCE = 1.08
/** A column's width, in em: one character plus the gap to the next column. */
export const COLUMN_ADVANCE = 1.2
/** The slip's padding: 6 above and below, 4 either side. */
export const PAD_Y = 12
export const PAD_X = 8

export interface SlipLayout {
  /** Columns right to left, each read top to bottom. */
  columns: string[]
  fontSize: number
  /** The slip's size in design px. */
  width: number
  height: number
}

/** The cover's height for a width (the cover is 1 : 1.36). */
export const coverHeight = (width: number) => Math.round(width * 1.36)

function columnsOf(chars: string[], rows: number): string[] {
  const columns: string[] = []
  for (let i = 0; i < chars.length; i += rows) columns.push(chars.slice(i, i + rows).join(''))
  return columns
}

const columnHeight = (rows: number, size: number) => Math.ceil(rows * CHAR_ADVANCE * size) + PAD_Y
const slipWidth = (columns: number, size: number) =>
  Math.ceil(columns * COLUMN_ADVANCE * size) + PAD_X

export function slipLayout(title: string, width: number): SlipLayout {
  let chars = [...title.trim()]
  if (chars.length === 0) chars = [' ']
  const height = coverHeight(width)
  const preferred = Math.max(MIN_TITLE_SIZE, Math.round(width / 6))
  const baseHeight = Math.round(height * 0.56)
  const maxHeight = Math.round(height * 0.7)
  const baseWidth = Math.round(width * 0.3)
  const maxWidth = Math.round(width * 0.72)
  const rowsAt = (room: number, size: number) => Math.floor((room - PAD_Y) / (CHAR_ADVANCE * size))
  /** The biggest character for `rows` rows in the grown slip. */
  const rowsCap = (rows: number) => Math.floor((maxHeight - PAD_Y) / (rows * CHAR_ADVANCE))
  const columnsAt = (size: number) => Math.floor((maxWidth - PAD_X) / (COLUMN_ADVANCE * size))

  const layout = (rows: number, size: number): SlipLayout => {
    const columns = columnsOf(chars, rows)
    return {
      columns,
      fontSize: size,
      width: Math.max(baseWidth, slipWidth(columns.length, size)),
      height: Math.max(baseHeight, columnHeight(rows, size)),
    }
  }

  // A short title keeps the classic slip: one column in the slip's usual height.
  const single = Math.min(
    preferred,
    Math.floor((baseHeight - PAD_Y) / (chars.length * CHAR_ADVANCE)),
  )
  if (single >= Math.max(MIN_TITLE_SIZE, preferred * 0.75)) return layout(chars.length, single)

  // Otherwise the biggest characters the grown slip holds, in as few columns as give nearly that.
  const candidates: Array<{ rows: number; size: number }> = []
  for (let count = 1; count <= chars.length; count += 1) {
    const rows = Math.ceil(chars.length / count)
    // The same number of rows in fewer columns was counted already.
    if (count > 1 && Math.ceil(chars.length / (count - 1)) === rows) continue
    const widthCap = Math.floor((maxWidth - PAD_X) / (count * COLUMN_ADVANCE))
    if (widthCap < MIN_TITLE_SIZE) break
    const size = Math.min(preferred, widthCap, rowsCap(rows))
    if (size >= MIN_TITLE_SIZE) candidates.push({ rows, size })
  }
  if (candidates.length > 0) {
    const biggest = Math.max(...candidates.map((c) => c.size))
    const chosen = candidates.find((c) => c.size >= biggest * 0.8) ?? candidates[0]
    return layout(chosen.rows, chosen.size)
  }

  // Too long for the cover even at the smallest size: as many characters as fit, then an ellipsis.
  const rows = Math.max(1, rowsAt(maxHeight, MIN_TITLE_SIZE))
  const capacity = Math.max(1, rows * Math.max(1, columnsAt(MIN_TITLE_SIZE)))
  chars = [...chars.slice(0, capacity - 1), '…']
  return layout(rows, MIN_TITLE_SIZE)
}
