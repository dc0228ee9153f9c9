// Draws the demo magazines', newspaper's and documents' files in headless Chromium, from the
// selections in server/seed/{periodical,newspaper,document}Content.ts (classic texts, public
// domain): issue covers (360x480 JPEG), article illustrations (480x300 JPEG), the newspaper's four
// page images (600x860 JPEG), the documents' PDFs (A5, WenQuanYi Micro Hei) with a PNG thumbnail of
// their first page and manifest.json (page counts). Run once, then commit the files:
//   node --import tsx scripts/make-periodicals.mjs
// The seed (server/seed/periodicals.ts, documents.ts) only reads them, so it never needs Chromium.
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { ClassicTexts } from '../server/seed/classicTexts.ts'
import { NEWSPAPER_PAGES } from '../server/seed/newspaperContent.ts'
import { loadSeedMagazines } from '../server/seed/periodicalContent.ts'
import {
  SEED_DOCUMENTS,
  seedDocumentPdf,
  seedDocumentThumb,
} from '../server/seed/documentContent.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../test/e2e/support.mjs'
import { escapeHtml, mountains, sceneSvg } from './lib/periodicalArt.mjs'

const ASSETS = 'server/seed/assets'
const FONT = `'WenQuanYi Micro Hei', sans-serif`
const JPEG_QUALITY = 70

/** Each magazine's colours: background, deeper band, accent, light text. */
const PALETTES = {
  guwen: { bg: '#c0392b', deep: '#a93226', accent: '#f3d9a4', light: '#fdf6e3' },
  shici: { bg: '#1f5f6b', deep: '#174a54', accent: '#e6a817', light: '#f4f1e6' },
  mengxue: { bg: '#d9822b', deep: '#b8691d', accent: '#fff1c9', light: '#fffaf0' },
}

const page = (css, body) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><style>
  *{box-sizing:border-box;margin:0;padding:0}
  body{font-family:${FONT}}
  svg{display:block}
  ${css}</style></head><body>${body}</body></html>`

function coverHtml(magazine, issue) {
  const c = PALETTES[magazine.key]
  const titles = issue.articles
    .slice(1)
    .map((a) => escapeHtml(a.title))
    .join(' · ')
  const art = mountains(360, 210, issue.serial, c)
  return page(
    `body{width:360px;height:480px;background:${c.bg};color:${c.light};position:relative;overflow:hidden}
    .name{position:absolute;left:28px;top:30px;font-size:52px;letter-spacing:6px;font-weight:bold}
    .no{position:absolute;right:24px;top:36px;width:64px;height:64px;border-radius:50%;
      background:${c.accent};color:${c.deep};font-size:15px;text-align:center;line-height:64px;font-weight:bold}
    .line{position:absolute;left:28px;right:28px;top:104px;height:2px;background:${c.accent}}
    .sub{position:absolute;left:28px;top:114px;font-size:13px;opacity:.85;letter-spacing:2px}
    .art{position:absolute;left:0;top:150px}
    .band{position:absolute;left:0;right:0;bottom:0;height:120px;background:${c.deep};padding:18px 28px}
    .theme{font-size:26px;font-weight:bold;color:${c.accent};letter-spacing:4px}
    .list{margin-top:10px;font-size:12px;line-height:1.7;opacity:.9;word-break:keep-all}`,
    `<div class="name">${escapeHtml(magazine.name)}</div>
    <div class="no">${escapeHtml(issue.title)}</div>
    <div class="line"></div>
    <div class="sub">经典阅读 · ${escapeHtml(magazine.category)}</div>
    <div class="art">${art}</div>
    <div class="band"><div class="theme">${escapeHtml(issue.theme)}</div>
    <div class="list">本期：${titles}</div></div>`,
  )
}

/** Grey lines standing for a column of text. */
const column = (lines, width = '100%') =>
  `<div class="col" style="width:${width}">${'<i></i>'.repeat(lines)}</div>`

const PAPER_HEADLINES = [
  { head: '学而时习之\u3000不亦说乎', scene: 'sunrise' },
  { head: '文苑 · 唐人绝句', scene: 'moon' },
  { head: '弟子规 · 幼学琼林', scene: 'book' },
  { head: '增广贤文 · 纳兰词', scene: 'plum' },
]

function newspaperHtml(index, name) {
  const { head, scene } = PAPER_HEADLINES[index]
  const masthead =
    index === 0
      ? `<div class="mast">经典晨报</div><div class="meta"><span>综合 · 日报</span><span>${escapeHtml(name)}</span><span>经典阅读出版</span></div>`
      : `<div class="mast small">经典晨报</div><div class="meta"><span>${escapeHtml(name)}</span></div>`
  return page(
    `body{width:600px;height:860px;background:#f7f3ea;color:#222;padding:24px 28px;overflow:hidden}
    .mast{font-size:64px;font-weight:bold;color:#c0392b;text-align:center;letter-spacing:16px}
    .mast.small{font-size:30px;text-align:left;letter-spacing:6px}
    .meta{display:flex;justify-content:space-between;border-top:3px solid #222;border-bottom:1px solid #222;
      margin-top:8px;padding:4px 2px;font-size:13px;color:#444}
    h1{font-size:34px;margin:18px 0 12px;letter-spacing:3px}
    .row{display:flex;gap:16px;margin-top:10px;align-items:flex-start}
    .col i{display:block;height:7px;margin:0 0 9px;background:#c9c3b6;border-radius:2px}
    .col i:nth-child(7n){width:62%}
    .pic{flex:none;border:1px solid #bbb}
    h2{font-size:20px;margin:14px 0 8px;color:#333}
    .rule{height:1px;background:#999;margin:12px 0}`,
    `${masthead}
    <h1>${escapeHtml(head)}</h1>
    <div class="row"><div class="pic">${sceneSvg(scene, 300, 190)}</div>${column(13, '220px')}</div>
    <div class="rule"></div>
    <h2>${index === 0 ? '本报讯' : '本版导读'}</h2>
    <div class="row">${column(22)}${column(22)}${column(22)}</div>`,
  )
}

/** A document's PDF, or with `thumb` just its first page as a screen page (for the thumbnail). */
function pdfHtml(doc, sections, thumb = false) {
  const body = (thumb ? [] : sections)
    .map(
      (s, i) =>
        `<section${i === 0 ? '' : ' class="next"'}>${s.title ? `<h2>${escapeHtml(s.title)}</h2>` : ''}` +
        s.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
        `</section>`,
    )
    .join('')
  // Poems run on; chapters of prose start a page.
  const newPageEach = sections.length <= 10
  return page(
    `@page{size:A5;margin:18mm 16mm 20mm}
    body{font-size:11.5pt;line-height:1.9;color:#222}
    /* The CJK font has no bold: a synthesized bold is embedded glyph by glyph (Type 3), 5x the size. */
    h1,h2{font-weight:normal}
    .title{height:${thumb ? '172mm' : '168mm'};border:0.8mm solid #c0392b;padding:0 10mm;display:flex;flex-direction:column;justify-content:center;align-items:center;
      text-align:center;page-break-after:always}
    .title h1{font-size:30pt;letter-spacing:4pt;color:#a93226}
    .title .sub{margin-top:8mm;font-size:11pt;color:#555}
    .title .bar{width:30mm;height:1.2mm;background:#c0392b;margin-top:8mm}
    .title .intro{margin-top:14mm;font-size:10pt;color:#444;text-align:left;line-height:1.8}
    .title .foot{margin-top:20mm;font-size:9pt;color:#888}
    h2{font-size:15pt;color:#a93226;margin:0 0 4mm;page-break-after:avoid}
    ${newPageEach ? 'section.next{page-break-before:always}' : 'section{margin-bottom:6mm;page-break-inside:avoid}'}
    p{text-indent:2em;margin:0 0 1.5mm}`,
    `<div class="title"><h1>${escapeHtml(doc.title)}</h1><div class="sub">${escapeHtml(doc.subtitle)}</div>
    <div class="bar"></div><div class="intro">${escapeHtml(doc.intro)}</div>
    <div class="foot">经典阅读 · 公版文本</div></div>${body}`,
  )
}

const PDF_FOOTER = `<div style="width:100%;text-align:center;font-size:8px;color:#888">— <span class="pageNumber"></span> —</div>`

/**
 * A Chromium PDF's pages: its page objects (`/Type /Page`, not `/Pages`), checked against the
 * page tree's root count (the largest `/Count`).
 */
function pdfPageCount(buf) {
  const text = buf.toString('latin1')
  const pages = (text.match(/\/Type\s*\/Page\b/g) ?? []).length
  const root = Math.max(0, ...[...text.matchAll(/\/Count\s+(\d+)/g)].map((m) => Number(m[1])))
  if (pages === 0 || pages !== root) throw new Error(`page count: ${pages} objects, /Count ${root}`)
  return pages
}

async function main() {
  const started = Date.now()
  const texts = new ClassicTexts()
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: CHROMIUM_ARGS,
  })
  const written = []
  const write = (folder, name, data) => {
    const file = path.join(ASSETS, folder, name)
    writeFileSync(file, data)
    written.push(file)
  }
  try {
    for (const folder of ['magazines', 'newspapers', 'documents']) {
      rmSync(path.join(ASSETS, folder), { recursive: true, force: true })
      mkdirSync(path.join(ASSETS, folder), { recursive: true })
    }
    const tab = await browser.newPage()
    const shoot = async (html, width, height, type = 'jpeg') => {
      await tab.setViewportSize({ width, height })
      await tab.setContent(html, { waitUntil: 'load' })
      await tab.evaluate(() => document.fonts.ready)
      return tab.screenshot(type === 'jpeg' ? { type, quality: JPEG_QUALITY } : { type })
    }

    for (const magazine of loadSeedMagazines(texts)) {
      for (const issue of magazine.issues) {
        write('magazines', issue.cover, await shoot(coverHtml(magazine, issue), 360, 480))
        for (const article of issue.articles) {
          if (!article.image) continue
          const scene = article.image.replace(/^art-|\.jpg$/g, '')
          const html = page('body{width:480px;height:300px}', sceneSvg(scene, 480, 300))
          write('magazines', article.image, await shoot(html, 480, 300))
        }
      }
    }

    for (const [i, p] of NEWSPAPER_PAGES.entries()) {
      write('newspapers', p.image, await shoot(newspaperHtml(i, p.name), 600, 860))
    }

    const manifest = {}
    for (const doc of SEED_DOCUMENTS) {
      const html = pdfHtml(doc, doc.sections(texts))
      await tab.setContent(html, { waitUntil: 'load' })
      await tab.evaluate(() => document.fonts.ready)
      const pdf = await tab.pdf({
        format: 'A5',
        displayHeaderFooter: true,
        headerTemplate: '<div></div>',
        footerTemplate: PDF_FOOTER,
        margin: { top: '18mm', bottom: '20mm', left: '16mm', right: '16mm' },
      })
      write('documents', seedDocumentPdf(doc.key), pdf)
      manifest[seedDocumentPdf(doc.key)] = { pages: pdfPageCount(pdf) }
      // The thumbnail: the first page (A5 is 559x794 CSS pixels) at 30 %.
      const thumbHtml = pdfHtml(doc, [], true).replace(
        '<body>',
        '<body style="zoom:0.3;padding:18mm 16mm;background:#fff">',
      )
      write('documents', seedDocumentThumb(doc.key), await shoot(thumbHtml, 168, 238, 'png'))
    }
    write('documents', 'manifest.json', `${JSON.stringify(manifest, null, 2)}\n`)
  } finally {
    await browser.close()
  }

  let total = 0
  for (const folder of ['magazines', 'newspapers', 'documents']) {
    let sum = 0
    for (const name of readdirSync(path.join(ASSETS, folder))) {
      sum += statSync(path.join(ASSETS, folder, name)).size
    }
    console.log(`${ASSETS}/${folder}: ${(sum / 1024).toFixed(1)} KB`)
    total += sum
  }
  console.log(
    `${written.length} files, ${(total / 1024).toFixed(1)} KB in all, ${Date.now() - started} ms`,
  )
}

await main()
