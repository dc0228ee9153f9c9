import fs from 'node:fs'
import { chromium } from 'playwright-core'
import { ClassicTexts } from '../seed/classicTexts'

/**
 * A long PDF for the document reader's benchmark: `pages` A5 pages of 论语 and 孟子 (public domain,
 * server/seed/classics), each page full of text with its number, printed by headless Chromium
 * (Debian's, launched as the E2E launches it) in the CJK font. Made at bench time, never committed.
 */

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** About a full A5 page of 11pt text with these margins. */
const CHARS_PER_PAGE = 640

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The pages' text: the two books' paragraphs in order, over and over, cut into page-sized runs. */
function pageTexts(pages: number): Array<{ heading: string; paragraphs: string[] }> {
  const texts = new ClassicTexts()
  const chapters = [...texts.chapters('lunyu.json'), ...texts.chapters('mengzi.json')]
  const out: Array<{ heading: string; paragraphs: string[] }> = []
  let c = 0
  let p = 0
  while (out.length < pages) {
    const heading = chapters[c].title
    const paragraphs: string[] = []
    let chars = 0
    while (chars < CHARS_PER_PAGE) {
      const text = chapters[c].paragraphs[p]
      paragraphs.push(text)
      chars += text.length + 20 // a paragraph's last line is rarely full
      p += 1
      if (p >= chapters[c].paragraphs.length) {
        p = 0
        c = (c + 1) % chapters.length
      }
    }
    out.push({ heading, paragraphs })
  }
  return out
}

/** Writes a PDF of exactly `pages` pages to `outFile`; answers its size in bytes. */
export async function makeBenchPdf(pages: number, outFile: string): Promise<number> {
  const body = pageTexts(pages)
    .map(
      (page, i) =>
        `<div class="page"><div class="text"><h2>${escapeHtml(page.heading)}</h2>${page.paragraphs
          .map((p) => `<p>${escapeHtml(p)}</p>`)
          .join('')}</div><div class="no">— ${i + 1} —</div></div>`,
    )
    .join('')
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><style>
    @page{size:A5;margin:14mm 14mm 12mm}
    *{margin:0;padding:0}
    body{font-family:'WenQuanYi Micro Hei',sans-serif;font-size:11pt;line-height:1.8;color:#222}
    /* One div a page: a fixed height inside the page box, the overflow cut. */
    .page{height:182mm;position:relative;break-after:page;overflow:hidden}
    .page:last-child{break-after:auto}
    .text{height:172mm;overflow:hidden}
    h2{font-size:13pt;font-weight:normal;color:#a93226;margin-bottom:2mm}
    p{text-indent:2em}
    .no{position:absolute;bottom:0;width:100%;text-align:center;font-size:8pt;color:#888}
  </style></head><body>${body}</body></html>`

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  })
  try {
    const page = await browser.newPage()
    await page.setContent(html, { waitUntil: 'load' })
    await page.evaluate('document.fonts.ready.then(() => true)')
    const pdf = await page.pdf({ format: 'A5', preferCSSPageSize: true })
    const made = (pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length
    if (made !== pages) throw new Error(`bench PDF: ${made} pages, not ${pages}`)
    await fs.promises.writeFile(outFile, pdf)
    return pdf.length
  } finally {
    await browser.close()
  }
}
