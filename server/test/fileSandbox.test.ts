/**
 * Uploaded files a browser could open as a page are served with a sandboxing
 * Content-Security-Policy: a document (a PDF with /OpenAction and /JavaScript is accepted as a
 * PDF) and every chat file, whole or by range. Fetching the bytes, as the app's pdf.js does, is
 * untouched.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { chatApi } from '@api/chat'
import { documentsApi } from '@api/documents'
import { DOCUMENT_FILE_PATH } from '@rules/documents'
import { documentCategories } from '../src/db/schema'
import { SANDBOX_CSP } from '../src/http/fileSandbox'
import { newMobile, queryPath, restPath, startServer, type TestServer } from './helpers'
import { pdfOf } from './fixtures/pdf'
import { asPost, multipart } from './multipart'

/** A one-page PDF that asks to run a script when opened. */
function scriptedPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    '<< /Type /Action /S /JavaScript /JS (app.alert\\(1\\)) >>',
  ]
  return pdfOf(objects)
}

const pdfForm = (pdf: Buffer, fields: Record<string, string> = {}) =>
  asPost(multipart(fields, pdf, 'scripted.pdf', 'application/pdf'))

describe('uploaded files opened as a page are sandboxed', () => {
  let s: TestServer
  let token: string
  before(async () => {
    s = await startServer()
    token = (await s.register(newMobile())).access_token
  })
  after(() => s.close())

  async function assertSandboxed(url: string, label: string): Promise<Buffer> {
    const whole = await s.get(url, { token })
    assert.equal(whole.status, 200, `${label}: ${JSON.stringify(whole.body).slice(0, 200)}`)
    assert.equal(whole.headers.get('content-security-policy'), SANDBOX_CSP, label)
    assert.match(SANDBOX_CSP, /^sandbox; default-src 'none'/)
    const part = await s.get(url, { token, headers: { range: 'bytes=0-4' } })
    assert.equal(part.status, 206, `${label} range`)
    assert.equal(part.headers.get('content-security-policy'), SANDBOX_CSP, `${label} range`)
    assert.equal(part.body, '%PDF-', `${label} range bytes`)
    const res = await fetch(s.base + url, { headers: { authorization: `Bearer ${token}` } })
    return Buffer.from(await res.arrayBuffer())
  }

  test('a document with /OpenAction and /JavaScript', async () => {
    const pdf = scriptedPdf()
    const [category] = await s.db
      .insert(documentCategories)
      .values({ name: '沙箱测试', sort: 990 })
      .returning({ id: documentCategories.id })
    const up = await s.post(queryPath(documentsApi.upload), undefined, {
      token,
      ...pdfForm(pdf, { title: '带脚本的文档', categoryId: String(category.id) }),
    })
    assert.equal(up.body.ret, 200, JSON.stringify(up.body))
    const bytes = await assertSandboxed(`${DOCUMENT_FILE_PATH}?id=${up.body.data.id}`, 'document')
    assert.deepEqual(bytes, pdf, 'the bytes as uploaded')
  })

  test('a chat file (a PDF)', async () => {
    const pdf = scriptedPdf()
    const up = await s.post(restPath(chatApi.upload), undefined, { token, ...pdfForm(pdf) })
    assert.equal(up.body.code, 200, JSON.stringify(up.body))
    assert.deepEqual(await assertSandboxed(up.body.data.url, 'chat PDF'), pdf)
  })
})
