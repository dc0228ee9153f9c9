// Documents, in Chromium against a fresh server: a reader uploads a PDF (the progress shows),
// finds it 私有 in 我的文档, contributes it (审核中); the operator, over HTTP, rejects it with a
// reason; the reader sees the reason on 审核未通过, fixes the title and resubmits (审核中); the
// operator approves; the document is in 文档库 and opens in the reader with its first page drawn.
// The reader collects a house document, finds it in 收藏的文档 and uncollects it. A guest reads a
// house document: pages are drawn as they come into view.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { launchBrowser, baseUrl, screenshot } from './support.mjs'
import {
  byTestId,
  confirmModal,
  current,
  freshMobile,
  input,
  onPage,
  registerOverHttp,
  signIn,
  text,
  toastText as toast,
} from './taro.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const PDF = readFileSync(path.join(ROOT, 'server/seed/assets/documents/lunyu.pdf'))
const PASSWORD = 'reader2026'
const OPERATOR = { phone: '13800000009', password: 'demo1234' }
const TITLE = `学而篇读书笔记${Date.now() % 10000}`
const FIXED = `${TITLE}（修订）`
const REASON = '标题过于笼统，请写明篇目'

/** A session over HTTP (the login call the app's password login sends). */
async function loginOverHttp({ phone, password }) {
  const res = await fetch(`${baseUrl}/api/login/phone`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password }),
  }).then((r) => r.json())
  assert.equal(res.code, 200, `login ${phone}: ${res.msg}`)
  return res.data.access_token
}

/** The operator's decision on a contributed document. */
async function decide(token, id, pass, reason) {
  const res = await fetch(`${baseUrl}/api/review/decide`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ kind: 'document', id, pass, ...(reason ? { reason } : {}) }),
  }).then((r) => r.json())
  assert.equal(res.code, 200, `decide: ${res.msg}`)
  return res.data
}

/** The token the app stored after signing in. */
const appToken = (page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('access_token')).data)

async function myDocs(page) {
  const res = await fetch(`${baseUrl}/user.php?s=User.UserDocument.MyDocList`, {
    headers: { authorization: `Bearer ${await appToken(page)}` },
  }).then((r) => r.json())
  return res.data.list
}

/** Waits until the state chip of document `id` in 我的文档 reads `label`. */
const chip = (page, id, label) =>
  current(page).locator(`[data-testid="doc-state-${id}"]`, { hasText: label }).waitFor()

const drawn = (page, n) => current(page).locator(`[data-testid="doc-page-${n}"][data-rendered="1"]`)

test('upload, contribute, rejection with a reason, resubmission, approval; collect; a guest reads', async () => {
  const mobile = freshMobile('136')
  await registerOverHttp(mobile, PASSWORD)
  const operator = await loginOverHttp(OPERATOR)
  const reader = await launchBrowser()
  const guest = await launchBrowser()
  try {
    const page = reader.page
    await signIn(page, mobile, PASSWORD)

    // ---- upload a PDF: the form's check first, then the progress while it goes up
    await page.goto(`${baseUrl}/pagesA/mine/myDoc`)
    await onPage(page, '还没有上传过文档')
    await byTestId(page, 'my-doc-upload').click()
    await onPage(page, '选择文件')
    await byTestId(page, 'doc-upload-submit').click()
    await text(page, '请输入文档标题').waitFor()
    const chooser = page.waitForEvent('filechooser')
    await byTestId(page, 'doc-file-pick').click()
    await (await chooser).setFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: PDF })
    await text(page, 'notes.pdf').waitFor()
    await input(page, 'title').fill(TITLE)
    await byTestId(page, 'doc-category-1').click()
    // A slow uplink, so the progress is there to be seen.
    const cdp = await reader.context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 48 * 1024,
    })
    await byTestId(page, 'doc-upload-submit').click()
    const progress = byTestId(page, 'upload-progress')
    await progress.waitFor()
    await page.waitForFunction(() => {
      const bar = document.querySelector('[data-testid="upload-progress"]')
      return bar && Number(bar.getAttribute('data-percent')) > 0
    })
    await screenshot(page, 'documents-01-upload-progress')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    await toast(page, '上传成功').waitFor()
    await onPage(page, TITLE)
    const [uploaded] = await myDocs(page)
    assert.equal(uploaded.title, TITLE)
    assert.equal(uploaded.pageCount, 11)
    const id = uploaded.id
    await chip(page, id, '私有')
    await screenshot(page, 'documents-02-private')

    // ---- contribute it: 审核中
    await byTestId(page, `doc-contribute-${id}`).click()
    await onPage(page, '投稿到文库')
    await screenshot(page, 'documents-03-contribute')
    await byTestId(page, 'contribute-submit').click()
    await toast(page, '已提交审核').waitFor()
    await chip(page, id, '审核中')

    // ---- the operator rejects it with a reason; the reader sees it and fixes the title
    const rejected = await decide(operator, id, 0, REASON)
    assert.equal(rejected.reviewState, 'rejected')
    await page.reload()
    await chip(page, id, '未通过')
    await text(page, `原因：${REASON}`).waitFor()
    await screenshot(page, 'documents-04-rejected')
    await byTestId(page, `doc-fix-${id}`).click()
    await onPage(page, `未通过原因：${REASON}`)
    assert.equal(await input(page, 'title').inputValue(), TITLE)
    await screenshot(page, 'documents-05-verify')
    await input(page, 'title').fill(FIXED)
    await byTestId(page, 'verify-submit').click()
    await toast(page, '已重新提交').waitFor()
    await chip(page, id, '审核中')
    await text(page, FIXED).waitFor()

    // ---- approved: in the library, and it opens in the reader
    const approved = await decide(operator, id, 1)
    assert.equal(approved.reviewState, 'approved')
    await page.goto(`${baseUrl}/pagesA/file/list`)
    await onPage(page, FIXED)
    await screenshot(page, 'documents-06-library')
    await text(page, FIXED).click()
    await onPage(page, '阅读')
    await screenshot(page, 'documents-07-detail')
    await byTestId(page, 'doc-read').click()
    await drawn(page, 1).waitFor()
    await screenshot(page, 'documents-08-reader')

    // ---- collect a house document, find it among the collections, uncollect it
    await page.goto(`${baseUrl}/pagesA/file/detail?id=2`)
    await onPage(page, '《大学》全文')
    await byTestId(page, 'collect').click()
    await toast(page, '已加入收藏').waitFor()
    await current(page).locator('[data-testid="collect"]', { hasText: '已收藏' }).waitFor()
    await page.goto(`${baseUrl}/pagesA/collect/doc`)
    await byTestId(page, 'collect-item-2').waitFor()
    await screenshot(page, 'documents-09-collected')
    await byTestId(page, 'collect-remove-2').click()
    await confirmModal(page, '取消收藏')
    await byTestId(page, 'collect-item-2').waitFor({ state: 'detached' })
    await text(page, '还没有收藏的文档，在文档详情页点“收藏”吧').waitFor()

    // ---- a guest reads a house document: page 1 first, later pages as they come into view
    const g = guest.page
    await g.goto(`${baseUrl}/pagesA/public/webview?id=1`)
    await drawn(g, 1).waitFor()
    const firstMs = await g.evaluate(() => window.__docFirstPageMs)
    assert.ok(Number.isFinite(firstMs) && firstMs > 0, `first page at ${firstMs} ms`)
    const pages = await current(g).locator('[data-testid^="doc-page-"][data-page]').count()
    assert.equal(pages, 11)
    assert.equal(await drawn(g, 11).count(), 0, 'the last page waits until it comes near')
    await screenshot(g, 'documents-10-guest-reader')
    await current(g)
      .locator('[data-testid="doc-page-11"]')
      .evaluate((el) => el.scrollIntoView())
    await drawn(g, 11).waitFor()
    await byTestId(g, 'doc-page-indicator').filter({ hasText: '第 11 / 11 页' }).waitFor()
    await screenshot(g, 'documents-11-guest-last-page')
  } finally {
    await reader.browser.close()
    await guest.browser.close()
  }
})
