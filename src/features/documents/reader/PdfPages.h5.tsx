/**
 * The H5 PDF reader: the pages of a PDF drawn by pdf.js into canvases, in a column as wide as the
 * screen, drawn only as they come near the screen.
 *
 * - pdf.js (a chunk of its own) and the file load when the page opens; the file is read with the
 *   caller's token (a document of mine that is not public needs it) in HTTP ranges, without
 *   fetching the rest in the background, so a long PDF shows its first page after a few requests.
 * - Page 1's size is read first and every page's box takes it until that page is drawn (its own
 *   size replaces it then), so the column has its full height at once.
 * - An IntersectionObserver (on the page's scroll box, one screen of margin above and below) tells
 *   which boxes are near; planRender (pageWindow.ts) picks what to draw, nearest to the page being
 *   read first, one page at a time, and which far canvases to let go.
 * - Canvases are drawn at the device's pixel ratio (at most 3, and at most 16 megapixels).
 * - data-testid: `doc-pages` on the column, `doc-page-<n>` on each page with data-rendered="1" once
 *   drawn; window.__docFirstPageMs: ms from navigation start to page 1 drawn (the benchmark's).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type {
  PDFDocumentLoadingTask,
  PDFDocumentProxy,
  RenderTask,
} from 'pdfjs-dist/legacy/build/pdf.mjs'
import { fileAccess } from '../api'
import {
  currentPage,
  drawScale,
  layoutPages,
  PAGE_GAP,
  planRender,
  type PageSize,
} from './pageWindow'
import { loadPdfJs } from './pdfjs'
import './PdfPages.scss'

declare global {
  interface Window {
    /** When page 1 of the document was drawn, in ms from navigation start. */
    __docFirstPageMs?: number
  }
}

/** Drawn pages kept around the one being read, beyond those near the screen. */
const KEEP_AROUND = 4
/** How long the first page may take before the reader offers a retry. */
const LOAD_TIMEOUT_MS = 60_000
/** How long 第 n / N 页 stays after scrolling stops. */
const INDICATOR_MS = 1500

type Status = 'loading' | 'ready' | 'error'

interface Loaded {
  count: number
  first: PageSize
}

const sizeOf = (viewport: { width: number; height: number }): PageSize => ({
  width: viewport.width,
  height: viewport.height,
})

/** The element that scrolls the page: Taro's page box on H5, else the window (null). */
function scrollRoot(el: HTMLElement | null): HTMLElement | null {
  return (el?.closest('.taro_page') as HTMLElement | null) ?? null
}

export default function PdfPages({ fileUrl }: { fileUrl: string }) {
  const [attempt, setAttempt] = useState(0)
  const [status, setStatus] = useState<Status>('loading')
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [sizes, setSizes] = useState<ReadonlyArray<PageSize | undefined>>([])
  const [drawn, setDrawn] = useState<ReadonlySet<number>>(() => new Set())
  const [current, setCurrent] = useState(1)
  const [indicator, setIndicator] = useState(false)
  const [width, setWidth] = useState(0)

  const column = useRef<HTMLDivElement>(null)
  const doc = useRef<PDFDocumentProxy | null>(null)
  const slots = useRef(new Map<number, HTMLDivElement>())
  const canvases = useRef(new Map<number, HTMLCanvasElement>())
  const tasks = useRef(new Map<number, RenderTask>())
  /** Pages drawn or being drawn. */
  const held = useRef(new Set<number>())
  const near = useRef(new Set<number>())
  const queue = useRef<number[]>([])
  const busy = useRef(false)
  const currentRef = useRef(1)
  const widthRef = useRef(0)
  widthRef.current = width

  // ---- drawing ----------------------------------------------------------------------------

  const markDrawn = (page: number, on: boolean) =>
    setDrawn((prev) => {
      if (prev.has(page) === on) return prev
      const next = new Set(prev)
      if (on) next.add(page)
      else next.delete(page)
      return next
    })

  const free = useCallback((page: number) => {
    tasks.current.get(page)?.cancel()
    tasks.current.delete(page)
    const canvas = canvases.current.get(page)
    if (canvas) {
      // Zero-sized, the canvas gives its pixels back at once (Safari keeps them otherwise).
      canvas.width = 0
      canvas.height = 0
      canvas.remove()
      canvases.current.delete(page)
    }
    held.current.delete(page)
    markDrawn(page, false)
  }, [])

  const draw = useCallback(async (pageNumber: number): Promise<void> => {
    const pdf = doc.current
    const slot = slots.current.get(pageNumber)
    const cssWidth = widthRef.current
    if (!pdf || !slot || cssWidth <= 0) return void held.current.delete(pageNumber)
    const page = await pdf.getPage(pageNumber)
    if (doc.current !== pdf || !held.current.has(pageNumber)) return
    const size = sizeOf(page.getViewport({ scale: 1 }))
    setSizes((prev) => {
      const known = prev[pageNumber - 1]
      if (known && known.width === size.width && known.height === size.height) return prev
      const next = [...prev]
      next[pageNumber - 1] = size
      return next
    })
    const viewport = page.getViewport({ scale: drawScale(size, cssWidth, window.devicePixelRatio) })
    const canvas = document.createElement('canvas')
    canvas.className = 'pdf-pages__canvas'
    canvas.width = Math.floor(viewport.width)
    canvas.height = Math.floor(viewport.height)
    const context = canvas.getContext('2d')
    if (!context) throw new Error('canvas')
    const task = page.render({ canvas, canvasContext: context, viewport })
    tasks.current.set(pageNumber, task)
    try {
      await task.promise
    } finally {
      if (tasks.current.get(pageNumber) === task) tasks.current.delete(pageNumber)
    }
    if (doc.current !== pdf || !held.current.has(pageNumber)) {
      canvas.width = 0
      canvas.height = 0
      return
    }
    slot.appendChild(canvas)
    canvases.current.set(pageNumber, canvas)
    markDrawn(pageNumber, true)
    if (pageNumber === 1 && window.__docFirstPageMs === undefined) {
      window.__docFirstPageMs = Math.round(performance.now())
    }
  }, [])

  const pump = useCallback(() => {
    if (busy.current) return
    const next = queue.current.shift()
    if (next === undefined) return
    busy.current = true
    draw(next)
      .catch(() => {
        // Cancelled (scrolled away) or a page pdf.js could not draw: it may be tried again.
        held.current.delete(next)
      })
      .finally(() => {
        busy.current = false
        pump()
      })
  }, [draw])

  const schedule = useCallback(() => {
    if (!doc.current) return
    // Queued pages that went out of reach are not drawn after all.
    queue.current = queue.current.filter((page) => {
      if (near.current.has(page)) return true
      held.current.delete(page)
      return false
    })
    const reading = currentRef.current
    const plan = planRender(near.current, held.current, reading, KEEP_AROUND)
    plan.free.forEach(free)
    plan.render.forEach((page) => held.current.add(page))
    const distance = (page: number) => Math.abs(page - reading)
    queue.current = [...queue.current, ...plan.render].sort((a, b) => distance(a) - distance(b))
    pump()
  }, [free, pump])

  // ---- loading ----------------------------------------------------------------------------

  useEffect(() => {
    let cancelled = false
    let task: PDFDocumentLoadingTask | null = null
    setStatus('loading')
    ;(async () => {
      const [{ pdfjs, assets, worker }, access] = await Promise.all([
        loadPdfJs(),
        fileAccess(fileUrl),
      ])
      if (cancelled) return
      task = pdfjs.getDocument({
        worker,
        url: access.url,
        httpHeaders: access.header,
        cMapUrl: `${assets}cmaps/`,
        cMapPacked: true,
        standardFontDataUrl: `${assets}standard_fonts/`,
        // The app's Content-Security-Policy has no 'unsafe-eval' (nor wasm).
        isEvalSupported: false,
        useWasm: false,
        // Ranges only as pages need them: a long PDF is not downloaded whole to show page 1. A
        // file of up to two ranges comes in one request.
        disableAutoFetch: true,
        disableStream: true,
        rangeChunkSize: 128 * 1024,
      })
      // A worker or connection that never answers ends in the retry too.
      let timer: ReturnType<typeof setTimeout> | undefined
      const stalled = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), LOAD_TIMEOUT_MS)
      })
      const opened = task.promise.then(async (pdf) => ({ pdf, first: await pdf.getPage(1) }))
      const { pdf, first } = await Promise.race([opened, stalled]).finally(() =>
        clearTimeout(timer),
      )
      if (cancelled) return
      doc.current = pdf
      const size = sizeOf(first.getViewport({ scale: 1 }))
      setSizes([size])
      setLoaded({ count: pdf.numPages, first: size })
      setStatus('ready')
    })().catch(() => {
      if (!cancelled) setStatus('error')
    })
    const drawnPages = canvases.current
    const running = tasks.current
    const heldPages = held.current
    const nearPages = near.current
    return () => {
      cancelled = true
      running.forEach((t) => t.cancel())
      running.clear()
      drawnPages.forEach((canvas) => {
        canvas.width = 0
        canvas.height = 0
        canvas.remove()
      })
      drawnPages.clear()
      heldPages.clear()
      nearPages.clear()
      queue.current = []
      doc.current = null
      setDrawn(new Set())
      setLoaded(null)
      void task?.destroy()
    }
  }, [fileUrl, attempt])

  // ---- the column's width (the screen's) ------------------------------------------------------

  useEffect(() => {
    const measure = () => setWidth(column.current?.clientWidth || window.innerWidth)
    measure()
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [status])

  // A new width: every canvas was drawn for the old one.
  useEffect(() => {
    ;[...held.current].forEach(free)
    schedule()
  }, [width, free, schedule])

  const layout = useMemo(
    () =>
      loaded && width > 0
        ? layoutPages(loaded.count, sizes, loaded.first, width)
        : { tops: [], heights: [], total: 0 },
    [loaded, sizes, width],
  )
  const layoutRef = useRef(layout)
  layoutRef.current = layout

  // ---- which pages are near, which one is read ------------------------------------------------

  const count = loaded?.count ?? 0
  useEffect(() => {
    const el = column.current
    if (status !== 'ready' || !el || count === 0 || width <= 0) return undefined
    const root = scrollRoot(el)
    const screen = root?.clientHeight || window.innerHeight
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const page = Number((entry.target as HTMLElement).dataset.page)
          if (entry.isIntersecting) near.current.add(page)
          else near.current.delete(page)
        }
        schedule()
      },
      { root, rootMargin: `${screen}px 0px` },
    )
    slots.current.forEach((slot) => observer.observe(slot))

    let frame = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const onScroll = () => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        const top = root ? root.getBoundingClientRect().top : 0
        const scrolled = Math.max(0, top - el.getBoundingClientRect().top)
        const page = currentPage(
          layoutRef.current,
          scrolled,
          root?.clientHeight || window.innerHeight,
        )
        if (page !== currentRef.current) {
          currentRef.current = page
          setCurrent(page)
        }
        setIndicator(true)
        clearTimeout(timer)
        timer = setTimeout(() => setIndicator(false), INDICATOR_MS)
      })
    }
    const target: HTMLElement | Window = root ?? window
    target.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      observer.disconnect()
      target.removeEventListener('scroll', onScroll)
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [status, count, width, schedule])

  const slotRef = useCallback(
    (page: number) => (el: HTMLDivElement | null) => {
      if (el) slots.current.set(page, el)
      else slots.current.delete(page)
    },
    [],
  )

  if (status === 'error') {
    return (
      <div
        className="pdf-pages__state pdf-pages__state--error"
        data-testid="doc-error"
        onClick={() => setAttempt((n) => n + 1)}
      >
        文档加载失败，点击重试
      </div>
    )
  }

  return (
    <div className="pdf-pages" data-testid="doc-pages" ref={column}>
      {status === 'loading' && <div className="pdf-pages__state">文档加载中…</div>}
      {layout.heights.map((height, i) => (
        <div
          key={i + 1}
          ref={slotRef(i + 1)}
          className="pdf-pages__page"
          data-testid={`doc-page-${i + 1}`}
          data-page={i + 1}
          data-rendered={drawn.has(i + 1) ? '1' : '0'}
          style={{ height: `${height}px`, marginBottom: i + 1 < count ? `${PAGE_GAP}px` : 0 }}
        >
          <span className="pdf-pages__number">{i + 1}</span>
        </div>
      ))}
      {count > 0 && (
        <div
          className={
            indicator ? 'pdf-pages__indicator pdf-pages__indicator--on' : 'pdf-pages__indicator'
          }
          data-testid="doc-page-indicator"
        >
          第 {current} / {count} 页
        </div>
      )}
    </div>
  )
}
