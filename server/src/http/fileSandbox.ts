import type { FastifyReply } from 'fastify'

/**
 * For uploaded files a browser could open as a page (a PDF may carry /JavaScript or /OpenAction,
 * an HTML or SVG file scripts): opened directly, the file runs in a sandbox with no origin, no
 * scripts and nothing loaded. It does not touch fetch or XHR of the bytes, so the app's own reader
 * (pdf.js, reading ranges from the file route) works as before; a browser that will not show a
 * PDF in a sandbox offers it for download instead.
 */
export const SANDBOX_CSP = "sandbox; default-src 'none'; frame-ancestors 'self'"

export const sandboxFile = (reply: FastifyReply): FastifyReply =>
  reply.header('Content-Security-Policy', SANDBOX_CSP)
