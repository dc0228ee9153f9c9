/**
 * pdf.js for the H5 document reader: its legacy build (for the app's older browsers), minified as
 * pdf.js ships it, loaded on first use as a chunk of its own. Only PdfPages.h5.tsx imports this
 * file and the import sits behind the H5 check, so the mini-program never bundles it. Its worker,
 * character maps and standard fonts are not bundled: the H5 build copies them from pdfjs-dist to
 * /pdfjs/<version>/ (config/pdfjsAssets.ts), served with the app.
 */
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs'

export type PdfJsModule = typeof PdfJs

export interface LoadedPdfJs {
  pdfjs: PdfJsModule
  /** Where the worker, cmaps/ and standard_fonts/ are (absolute, ends with '/'). */
  assets: string
  /** One worker for every document the page opens, started as soon as pdf.js is here. */
  worker: InstanceType<PdfJsModule['PDFWorker']>
}

/** The folder the H5 build copies pdf.js's files to (config/pdfjsAssets.ts names the same). */
export const assetsFolder = (version: string): string => `/pdfjs/${version}/`

/** Where the worker script is, for a pdf.js version. */
const workerUrl = (version: string): string =>
  `${location.origin}${assetsFolder(version)}pdf.worker.min.js`

/** True where `new Worker(url, { type: 'module' })` makes a module worker (pdf.js's is one). */
function moduleWorkers(): boolean {
  let supported = false
  try {
    const probe = {
      get type() {
        supported = true
        return 'module' as const
      },
    }
    // An empty URL throws after the options are read; nothing starts.
    new Worker('', probe).terminate()
  } catch {
    // expected
  }
  return supported
}

/** The worker started before pdf.js itself has loaded (startPdfWorker), until pdf.js takes it. */
let earlyWorker: { worker: Worker; failed: boolean } | null = null

/**
 * Starts pdf.js's worker (its script is larger than pdf.js) while pdf.js loads; loadPdfJs hands it
 * to pdf.js. `version` must be pdf.js's (the worker's folder is named by it). A worker that fails
 * to load is dropped: pdf.js then starts its own.
 */
export function startPdfWorker(version: string): void {
  if (earlyWorker || loading || typeof Worker === 'undefined' || !moduleWorkers()) return
  try {
    const started = { worker: new Worker(workerUrl(version), { type: 'module' }), failed: false }
    started.worker.addEventListener('error', () => {
      started.failed = true
      started.worker.terminate()
      // Already handed to pdf.js: the next load makes a new one.
      if (earlyWorker !== started) loading = null
    })
    earlyWorker = started
  } catch {
    earlyWorker = null
  }
}

let loading: Promise<LoadedPdfJs> | null = null

/**
 * pdf.js and its worker, loaded once (again after a failure). The reader page starts this as it
 * opens, while it asks for the document, so the first page waits for neither.
 */
export function loadPdfJs(): Promise<LoadedPdfJs> {
  if (process.env.TARO_ENV === 'h5') {
    loading ??= import(/* webpackChunkName: "pdfjs" */ 'pdfjs-dist/legacy/build/pdf.min.mjs').then(
      (pdfjs) => {
        pdfjs.GlobalWorkerOptions.workerSrc = workerUrl(pdfjs.version)
        const early = earlyWorker
        earlyWorker = null
        const worker =
          early && !early.failed
            ? pdfjs.PDFWorker.create({ port: early.worker })
            : new pdfjs.PDFWorker()
        return { pdfjs, assets: `${location.origin}${assetsFolder(pdfjs.version)}`, worker }
      },
    )
    // A failed chunk (the network) may load on the next try.
    loading.catch(() => {
      loading = null
    })
    return loading
  }
  return Promise.reject(new Error('仅网页版在应用内显示PDF'))
}
