import { version } from 'pdfjs-dist/package.json'
import { loadPdfJs, startPdfWorker } from '../../reader/pdfjs'

/**
 * Starts pdf.js's worker and pdf.js itself as the reader page opens, in parallel with the
 * document's detail (most documents are PDFs; a failure here is tried again when the pages need
 * it).
 */
export function preloadViewer(): void {
  startPdfWorker(version)
  loadPdfJs().catch(() => undefined)
}
