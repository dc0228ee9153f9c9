/**
 * A long list of equal rows drawn only near the view: rows far above or below it are blank spacers
 * of the same height, so a channel scrolled through hundreds of videos keeps few images and nodes
 * (the mini-program's page data stays small too). The window moves in steps of STEP rows, so
 * scrolling re-renders the list only now and then.
 */
import Taro, { usePageScroll } from '@tarojs/taro'
import { useCallback, useMemo, useState } from 'react'
import { windowHeight } from '@/core/platform'

/** Rows drawn beyond the view on each side (also covers what stands above the list). */
const SPARE = 20
const STEP = 10

/** Pure: whether row `index` is drawn when the view's first row is about `top`. */
export function inRowWindow(index: number, top: number, viewRows: number): boolean {
  const from = Math.floor(top / STEP) * STEP - SPARE
  return index >= from && index < from + SPARE * 2 + STEP + viewRows
}

function designToPx(design: number): number {
  try {
    const width = Number(Taro.getSystemInfoSync().windowWidth)
    return Number.isFinite(width) && width > 0 ? (design * width) / 750 : design / 2
  } catch {
    return design / 2
  }
}

/** `shown(i)`: draw row i (else its spacer). `rowHeight` in design px. */
export function useRowWindow(rowHeight: number): { shown: (index: number) => boolean } {
  const rowPx = useMemo(() => Math.max(1, designToPx(rowHeight)), [rowHeight])
  const viewRows = useMemo(() => Math.ceil(windowHeight() / rowPx), [rowPx])
  const [top, setTop] = useState(0)
  usePageScroll(({ scrollTop }) => {
    const next = Math.floor(scrollTop / rowPx / STEP) * STEP
    setTop((current) => (current === next ? current : next))
  })
  const shown = useCallback((index: number) => inRowWindow(index, top, viewRows), [top, viewRows])
  return { shown }
}
