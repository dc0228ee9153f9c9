/**
 * Documents (issue 14): uploads told by content (nothing left on disk when refused), private
 * documents, the library, contributions and their review, readings counted once an hour per
 * viewer, collections, and the file served with ranges to whoever may read it.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { crc32 } from 'node:zlib'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { documentsApi } from '@api/documents'
import { reviewApi } from '@api/review'
import { DocumentLimits, DocumentText } from '@rules/documents'
import {
  documentCategories,
  documents,
  documentViews,
  itemCollections,
  notifications,
} from '../src/db/schema'
import { setOperator } from '../src/db/operators'
import {
  HOUR,
  MINUTE,
  newMobile,
  queryPath,
  restPath,
  startServer,
  type Reply,
  type TestServer,
} from './helpers'
import { pdfOf } from './fixtures/pdf'

const CATEGORIES = queryPath(documentsApi.categoryList)
const LIST = queryPath(documentsApi.docList)
const CONTRIBUTIONS = queryPath(documentsApi.contributionList)
const DETAIL = queryPath(documentsApi.docDetail)
const READ = queryPath(documentsApi.refreshReadCount)
const CONTRIBUTE = queryPath(documentsApi.contribute)
const RESUBMIT = queryPath(documentsApi.updateContribution)
const WITHDRAW = queryPath(documentsApi.withdraw)
const MY_LIST = queryPath(documentsApi.myDocList)
const MY_DETAIL = queryPath(documentsApi.myDocDetail)
const UPLOAD = queryPath(documentsApi.upload)
const UPDATE = queryPath(documentsApi.update)
const REMOVE = queryPath(documentsApi.remove)
const COLLECT = queryPath(documentsApi.collect)
const COLLECTIONS = queryPath(documentsApi.collectionList)
const DECIDE = restPath(reviewApi.decide)
const FILE = '/api/documents/file'

// ---- files made here ------------------------------------------------------------------------

/** A small PDF with `pages` pages of text (objects, xref and trailer as a reader expects). */
function makePdf(pages: number, padding = 0): Buffer {
  const objects: string[] = []
  const kids = Array.from({ length: pages }, (_, i) => `${4 + i * 2} 0 R`).join(' ')
  objects.push('<< /Type /Catalog /Pages 2 0 R >>')
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`)
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>')
  for (let i = 0; i < pages; i++) {
    const text = `BT /F1 24 Tf 72 720 Td (Page ${i + 1}) Tj ET`
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`,
    )
    objects.push(
      `<< /Length ${text.length} >>\nstream\n${text}\nendstream${padding ? `\n%${'x'.repeat(padding)}` : ''}`,
    )
  }
  return pdfOf(objects)
}

/** A ZIP of stored (uncompressed) entries, written by hand. */
function makeZip(entries: Array<{ name: string; data: string | Buffer }>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, 'utf8')
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, data)
    centrals.push(central, name)
    offset += local.length + name.length + data.length
  }
  const cd = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(cd.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, cd, end])
}

const CONTENT_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'

const ooxml = (folder: 'word' | 'xl' | 'ppt', main: string): Buffer =>
  makeZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: '<Relationships/>' },
    { name: `${folder}/${main}`, data: `<${main}/>` },
  ])

/**
 * A minimal OLE2 compound file (512-byte sectors: header, one FAT sector, one directory sector)
 * whose root holds streams of these names (empty).
 */
function makeOle2(streams: string[]): Buffer {
  const ENDOFCHAIN = 0xfffffffe
  const FREESECT = 0xffffffff
  const NOSTREAM = 0xffffffff
  const header = Buffer.alloc(512)
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0)
  header.writeUInt16LE(0x3e, 0x18)
  header.writeUInt16LE(3, 0x1a)
  header.writeUInt16LE(0xfffe, 0x1c)
  header.writeUInt16LE(9, 0x1e)
  header.writeUInt16LE(6, 0x20)
  header.writeUInt32LE(1, 0x2c) // FAT sectors
  header.writeUInt32LE(1, 0x30) // first directory sector
  header.writeUInt32LE(4096, 0x38)
  header.writeUInt32LE(ENDOFCHAIN, 0x3c)
  header.writeUInt32LE(ENDOFCHAIN, 0x44)
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : FREESECT, 0x4c + i * 4)
  const fat = Buffer.alloc(512, 0xff)
  fat.writeUInt32LE(0xfffffffd, 0) // sector 0: the FAT itself
  fat.writeUInt32LE(ENDOFCHAIN, 4) // sector 1: the directory, one sector
  const dir = Buffer.alloc(512)
  const entry = (
    i: number,
    name: string,
    type: number,
    left: number,
    right: number,
    child: number,
  ) => {
    const at = i * 128
    const bytes = Buffer.from(`${name}\0`, 'utf16le')
    bytes.copy(dir, at)
    dir.writeUInt16LE(bytes.length, at + 0x40)
    dir[at + 0x42] = type
    dir[at + 0x43] = 1
    dir.writeUInt32LE(left, at + 0x44)
    dir.writeUInt32LE(right, at + 0x48)
    dir.writeUInt32LE(child, at + 0x4c)
    dir.writeUInt32LE(ENDOFCHAIN, at + 0x74)
  }
  // The root's children: the first stream, with the others chained to its right.
  entry(0, 'Root Entry', 5, NOSTREAM, NOSTREAM, streams.length ? 1 : NOSTREAM)
  streams.slice(0, 3).forEach((name, i) => {
    const right = i + 1 < Math.min(3, streams.length) ? i + 2 : NOSTREAM
    entry(i + 1, name, 2, NOSTREAM, right, NOSTREAM)
  })
  for (let i = streams.length + 1; i < 4; i++) {
    dir.writeUInt32LE(NOSTREAM, i * 128 + 0x44)
    dir.writeUInt32LE(NOSTREAM, i * 128 + 0x48)
    dir.writeUInt32LE(NOSTREAM, i * 128 + 0x4c)
  }
  return Buffer.concat([header, fat, dir])
}

// ---- calls ----------------------------------------------------------------------------------

interface Person {
  id: number
  token: string
  mobile: string
}

const qs = (params: Record<string, string | number>): string =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString()

function ok(res: Reply, label = ''): void {
  assert.equal(res.body.ret, 200, `${label} ${JSON.stringify(res.body)}`)
}

function fails(res: Reply, code: number, msg: string, label = ''): void {
  assert.deepEqual([res.body.ret, res.body.msg], [code, msg], label)
  assert.equal(res.status, code, label)
}

describe('documents', () => {
  let s: TestServer
  let me: Person
  let other: Person
  let operator: Person
  let catA: number
  let catB: number

  const uploadDir = () => path.join(s.dir, 'uploads')
  /** The stored document files (and any partial one). */
  const storedDocs = (): string[] =>
    fs.existsSync(uploadDir())
      ? fs
          .readdirSync(uploadDir())
          .filter((name) => name.startsWith('doc-'))
          .sort()
      : []

  async function person(): Promise<Person> {
    const mobile = newMobile()
    const res = await s.register(mobile)
    return { id: res.user.user_id, token: res.access_token, mobile }
  }

  function form(
    file: Buffer | null,
    fields: Record<string, string | number> = {},
    fileName = 'a.pdf',
  ): FormData {
    const fd = new FormData()
    for (const [name, value] of Object.entries(fields)) fd.append(name, String(value))
    if (file) fd.append('file', new Blob([file]), fileName)
    return fd
  }

  async function upload(
    who: Person,
    file: Buffer,
    fields: Record<string, string | number> = {},
    fileName = 'a.pdf',
  ): Promise<Reply> {
    return s.post(UPLOAD, undefined, {
      token: who.token,
      raw: form(file, { title: '测试文档', categoryId: catA, ...fields }, fileName),
    })
  }

  async function uploaded(who: Person, file: Buffer, fields = {}, fileName = 'a.pdf') {
    const res = await upload(who, file, fields, fileName)
    ok(res, 'upload')
    return res.body.data
  }

  const detail = (id: number, token?: string) => s.get(`${DETAIL}&id=${id}`, { token })
  const listIds = async (params: Record<string, string | number> = {}, token?: string) => {
    const res = await s.get(`${LIST}&${qs({ categoryId: catA, pageSize: 50, ...params })}`, {
      token,
    })
    ok(res, 'DocList')
    return (res.body.data.list as Array<{ id: number }>).map((d) => d.id)
  }

  before(async () => {
    s = await startServer()
    const cats = await s.db
      .insert(documentCategories)
      .values([
        { name: '测试甲', sort: 900 },
        { name: '测试乙', sort: 901 },
      ])
      .returning({ id: documentCategories.id })
    catA = cats[0].id
    catB = cats[1].id
    me = await person()
    other = await person()
    operator = await person()
    assert.ok(await setOperator(s.db, operator.id))
  })
  after(() => s.close())

  test('uploads of every format are told by content, named or not', async () => {
    const cases: Array<[string, Buffer, string, string]> = [
      ['pdf', makePdf(3), 'report.pdf', 'pdf'],
      ['docx', ooxml('word', 'document.xml'), 'x.bin', 'docx'],
      ['xlsx', ooxml('xl', 'workbook.xml'), 'sheet.xlsx', 'xlsx'],
      ['pptx', ooxml('ppt', 'presentation.xml'), 'slides.docx', 'pptx'],
      ['doc', makeOle2(['\u0001CompObj', 'WordDocument', '1Table']), 'old.doc', 'doc'],
      ['xls', makeOle2(['Workbook']), 'old.ppt', 'xls'],
      ['xls (Excel 5)', makeOle2(['Book']), 'old.xls', 'xls'],
      ['ppt', makeOle2(['Current User', 'PowerPoint Document']), 'old.ppt', 'ppt'],
    ]
    for (const [label, file, name, type] of cases) {
      const doc = await uploaded(me, file, { title: `格式 ${label}` }, name)
      assert.equal(doc.fileType, type, label)
      assert.equal(doc.fileSize, file.length, label)
      assert.equal(doc.pageCount, type === 'pdf' ? 3 : 0, label)
      assert.equal(doc.title, `格式 ${label}`)
      assert.equal(doc.categoryId, catA)
      assert.equal(doc.categoryName, '测试甲')
      assert.deepEqual(
        [doc.mine, doc.contributed, doc.reviewState, doc.reviewReason, doc.submittedAt],
        [true, false, 'none', '', null],
      )
      assert.equal(doc.thumb, '')
      assert.equal(doc.fileUrl, `${FILE}?id=${doc.id}`)
      // The stored file is the bytes sent.
      const served = await fetch(s.base + doc.fileUrl, {
        headers: { authorization: `Bearer ${me.token}` },
      })
      assert.equal(served.status, 200, label)
      assert.deepEqual(Buffer.from(await served.arrayBuffer()), file, label)
    }
  })

  test('a PDF spread over many chunks has its pages counted once each', async () => {
    const pdf = makePdf(120, 2000)
    assert.ok(pdf.length > 200_000)
    const doc = await uploaded(me, pdf, { title: '长文档' })
    assert.equal(doc.pageCount, 120)
  })

  test('anything else is refused and nothing is left on disk', async () => {
    const before = storedDocs()
    const exe = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
      Buffer.alloc(4000, 7),
    ])
    const refused: Array<[string, Buffer, string]> = [
      ['renamed exe', exe, 'setup.pdf'],
      ['exe as docx', exe, 'setup.docx'],
      ['png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'pic.pdf'],
      ['text', Buffer.from('just some text, not a document'), 'notes.doc'],
      ['zip of other things', makeZip([{ name: 'a.txt', data: 'hello' }]), 'a.docx'],
      [
        'zip with content types but no office part',
        makeZip([
          { name: '[Content_Types].xml', data: CONTENT_TYPES },
          { name: 'evil/run.exe', data: exe },
        ]),
        'a.docx',
      ],
      [
        'zip with two office parts',
        makeZip([
          { name: '[Content_Types].xml', data: CONTENT_TYPES },
          { name: 'word/document.xml', data: '<w/>' },
          { name: 'xl/workbook.xml', data: '<x/>' },
        ]),
        'a.docx',
      ],
      [
        'OLE2 that is no office file (an installer)',
        makeOle2(['SummaryInformation', 'Binary.x']),
        'a.doc',
      ],
      ['OLE2 header only', makeOle2([]).subarray(0, 600), 'a.xls'],
      ['truncated zip', ooxml('word', 'document.xml').subarray(0, 60), 'a.docx'],
    ]
    for (const [label, file, name] of refused) {
      fails(await upload(me, file, {}, name), 400, DocumentText.fileTypeInvalid, label)
    }
    fails(await upload(me, Buffer.alloc(0)), 400, DocumentText.fileInvalid, 'empty')
    assert.deepEqual(storedDocs(), before)
  })

  test('the form fields are checked before the file is kept', async () => {
    const before = storedDocs()
    const pdf = makePdf(1)
    const send = (fields: Record<string, string | number>) =>
      s.post(UPLOAD, undefined, { token: me.token, raw: form(pdf, fields) })
    fails(await send({ categoryId: catA }), 400, DocumentText.titleMissing, 'no title')
    fails(await send({ title: '   ', categoryId: catA }), 400, DocumentText.titleMissing, 'blank')
    fails(await send({ title: '好'.repeat(61), categoryId: catA }), 400, DocumentText.titleTooLong)
    fails(await send({ title: '标题' }), 400, DocumentText.categoryMissing, 'no category')
    fails(await send({ title: '标题', categoryId: 999_999 }), 400, DocumentText.categoryMissing)
    fails(
      await send({ title: '标题', categoryId: catA, intro: '长'.repeat(501) }),
      400,
      DocumentText.introTooLong,
    )
    // A form without a file, a file in another field, and a plain JSON body.
    fails(
      await s.post(UPLOAD, undefined, {
        token: me.token,
        raw: form(null, { title: 't', categoryId: catA }),
      }),
      400,
      DocumentText.fileInvalid,
    )
    const wrongField = new FormData()
    wrongField.append('title', 't')
    wrongField.append('categoryId', String(catA))
    wrongField.append('doc', new Blob([pdf]), 'a.pdf')
    fails(
      await s.post(UPLOAD, undefined, { token: me.token, raw: wrongField }),
      400,
      DocumentText.fileInvalid,
    )
    fails(await s.post(UPLOAD, { title: 't' }, { token: me.token }), 400, DocumentText.fileInvalid)
    // Guests cannot upload.
    assert.equal(
      (await s.post(UPLOAD, undefined, { raw: form(pdf, { title: 't', categoryId: catA }) })).body
        .ret,
      302,
    )
    // The fields may also come in the query string; the intro is trimmed.
    const viaQuery = await s.post(
      `${UPLOAD}&${qs({ title: ' 查询里的标题 ', categoryId: catB })}`,
      undefined,
      {
        token: me.token,
        raw: form(pdf, { intro: '  简介  ' }),
      },
    )
    ok(viaQuery)
    assert.deepEqual(
      [viaQuery.body.data.title, viaQuery.body.data.categoryId, viaQuery.body.data.intro],
      ['查询里的标题', catB, '简介'],
    )
    assert.equal(storedDocs().length, before.length + 1)
    await s.post(REMOVE, { id: viaQuery.body.data.id }, { token: me.token })
    assert.deepEqual(storedDocs(), before)
  })

  /**
   * POSTs a multipart body whose file is `size` zero bytes, streamed (chunked, or with its length
   * declared), never held in memory whole.
   */
  function streamUpload(token: string, size: number, declareLength = false): Promise<Reply> {
    const boundary = 'docuploadboundary'
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n大文件\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="categoryId"\r\n\r\n${catA}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
    )
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
    const fileBytes = size
    const url = new URL(UPLOAD, s.base)
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      }
      if (declareLength) headers['content-length'] = head.length + (fileBytes - 9) + tail.length
      let answered = false
      const req = http.request(url, { method: 'POST', headers }, (res) => {
        answered = true
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          req.destroy()
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString()),
            headers: new Headers(),
          })
        })
      })
      req.on('error', (err) => {
        if (!answered) reject(err)
      })
      const chunk = Buffer.alloc(1024 * 1024)
      // '%PDF-1.4\n' (9 bytes) is already in the head.
      let left = fileBytes - 9
      req.write(head)
      const pump = () => {
        while (left > 0 && !answered) {
          const piece = left >= chunk.length ? chunk : chunk.subarray(0, left)
          left -= piece.length
          if (!req.write(piece)) return void req.once('drain', pump)
        }
        if (!answered) req.end(tail)
      }
      pump()
    })
  }

  test('a file over 100 MB is refused, streamed or declared, and nothing is kept', async () => {
    const before = storedDocs()
    const rows = (await s.db.select().from(documents)).length
    const streamed = await streamUpload(me.token, DocumentLimits.fileMaxBytes + 1)
    assert.deepEqual([streamed.body.ret, streamed.body.msg], [400, DocumentText.fileTooBig])
    const declared = await streamUpload(me.token, DocumentLimits.fileMaxBytes + 1, true)
    assert.deepEqual([declared.body.ret, declared.body.msg], [400, DocumentText.fileTooBig])
    await new Promise((resolve) => setTimeout(resolve, 200))
    assert.deepEqual(storedDocs(), before)
    assert.equal((await s.db.select().from(documents)).length, rows)
    // The server still answers uploads.
    const small = await uploaded(me, makePdf(1), { title: '之后' })
    await s.post(REMOVE, { id: small.id }, { token: me.token })
  })

  test('my documents are private: only I list, read, change and delete them', async () => {
    const doc = await uploaded(me, makePdf(2), { title: '私人文档', intro: '只给自己看' })
    // Mine.
    const mine = await s.get(`${MY_LIST}&pageSize=50`, { token: me.token })
    ok(mine)
    const row = mine.body.data.list.find((d: { id: number }) => d.id === doc.id)
    assert.ok(row)
    assert.deepEqual(
      [row.reviewState, row.contributed, row.ownerNickname !== ''],
      ['none', false, true],
    )
    ok(await s.get(`${MY_DETAIL}&id=${doc.id}`, { token: me.token }))
    ok(await detail(doc.id, me.token))
    // Others: not in the library, no detail, no file, no reading, no collecting.
    assert.ok(!(await listIds()).includes(doc.id))
    fails(await detail(doc.id), 404, DocumentText.notFound, 'guest detail')
    fails(await detail(doc.id, other.token), 404, DocumentText.notFound, 'other detail')
    fails(
      await s.get(`${MY_DETAIL}&id=${doc.id}`, { token: other.token }),
      404,
      DocumentText.notFound,
    )
    assert.ok(
      !(await s.get(`${MY_LIST}&pageSize=50`, { token: other.token })).body.data.list.some(
        (d: { id: number }) => d.id === doc.id,
      ),
    )
    assert.equal((await fetch(`${s.base}${FILE}?id=${doc.id}`)).status, 404)
    const otherFile = await fetch(`${s.base}${FILE}?id=${doc.id}`, {
      headers: { authorization: `Bearer ${other.token}` },
    })
    assert.equal(otherFile.status, 404)
    fails(await s.post(READ, { id: doc.id }), 404, DocumentText.notFound)
    fails(
      await s.post(COLLECT, { id: doc.id, collect: 1 }, { token: other.token }),
      404,
      DocumentText.notFound,
    )
    // The owner's own reading of a private document is not counted.
    const read = await s.post(READ, { id: doc.id }, { token: me.token })
    ok(read)
    assert.equal(read.body.data.readCount, 0)
    // Only the owner changes or deletes it.
    fails(
      await s.post(UPDATE, { id: doc.id, title: '偷改' }, { token: other.token }),
      403,
      DocumentText.onlyOwnerEdits,
    )
    fails(
      await s.post(REMOVE, { id: doc.id }, { token: other.token }),
      403,
      DocumentText.onlyOwnerDeletes,
    )
    fails(
      await s.post(CONTRIBUTE, { id: doc.id }, { token: other.token }),
      403,
      DocumentText.onlyOwnerContributes,
    )
    fails(
      await s.post(WITHDRAW, { id: doc.id }, { token: other.token }),
      403,
      DocumentText.onlyOwnerWithdraws,
    )
    fails(
      await s.post(RESUBMIT, { id: doc.id, title: 'x' }, { token: other.token }),
      403,
      DocumentText.onlyOwnerEdits,
    )
    fails(await s.post(REMOVE, { id: 999_999 }, { token: me.token }), 404, DocumentText.notFound)
    // The owner edits it: title, category, intro cleared.
    const edited = await s.post(
      UPDATE,
      { id: doc.id, title: ' 改过的标题 ', categoryId: catB, intro: '' },
      { token: me.token },
    )
    ok(edited)
    assert.deepEqual(
      [
        edited.body.data.title,
        edited.body.data.categoryId,
        edited.body.data.intro,
        edited.body.data.reviewState,
      ],
      ['改过的标题', catB, '', 'none'],
    )
    fails(
      await s.post(UPDATE, { id: doc.id, categoryId: 999_999 }, { token: me.token }),
      400,
      DocumentText.categoryMissing,
    )
    // A blank title is no title sent: the title stays.
    const blank = await s.post(UPDATE, { id: doc.id, title: ' ' }, { token: me.token })
    assert.equal(blank.body.data.title, '改过的标题')
    // A private document cannot be withdrawn or resubmitted.
    fails(
      await s.post(WITHDRAW, { id: doc.id }, { token: me.token }),
      400,
      DocumentText.notContributed,
    )
    fails(
      await s.post(RESUBMIT, { id: doc.id }, { token: me.token }),
      400,
      DocumentText.notContributed,
    )
    // The owner may collect their own, and then deletes it: row, collections, readings and file go.
    ok(await s.post(COLLECT, { id: doc.id, collect: 1 }, { token: me.token }))
    const [{ fileName }] = await s.db
      .select({ fileName: documents.fileName })
      .from(documents)
      .where(eq(documents.id, doc.id))
    assert.ok(fs.existsSync(path.join(uploadDir(), fileName)))
    ok(await s.post(REMOVE, { id: doc.id }, { token: me.token }))
    assert.ok(!fs.existsSync(path.join(uploadDir(), fileName)))
    assert.equal((await s.db.select().from(documents).where(eq(documents.id, doc.id))).length, 0)
    assert.equal(
      (await s.db.select().from(itemCollections).where(eq(itemCollections.itemId, doc.id))).length,
      0,
    )
    fails(await s.get(`${MY_DETAIL}&id=${doc.id}`, { token: me.token }), 404, DocumentText.notFound)
  })

  test('a contribution: pending, never approved by a reader, rejected with a reason, fixed, resubmitted, approved', async () => {
    const doc = await uploaded(me, makePdf(2), { title: '投稿文档' })
    const contributed = await s.post(
      CONTRIBUTE,
      { id: doc.id, intro: '请审核' },
      { token: me.token },
    )
    ok(contributed)
    assert.deepEqual(
      [
        contributed.body.data.contributed,
        contributed.body.data.reviewState,
        contributed.body.data.intro,
      ],
      [true, 'pending', '请审核'],
    )
    assert.equal(contributed.body.data.submittedAt, Math.floor(s.clock.now() / 1000))
    fails(
      await s.post(CONTRIBUTE, { id: doc.id }, { token: me.token }),
      400,
      DocumentText.alreadyPending,
    )
    // Pending: still not public.
    assert.ok(!(await listIds()).includes(doc.id))
    fails(await detail(doc.id, other.token), 404, DocumentText.notFound)
    const mine = await s.get(CONTRIBUTIONS, { token: me.token })
    ok(mine)
    assert.equal(mine.body.data.list[0].id, doc.id)
    assert.equal(mine.body.data.list[0].reviewState, 'pending')

    // A reader approves nothing, not even their own.
    for (const who of [me, other]) {
      const res = await s.post(
        DECIDE,
        { kind: 'document', id: doc.id, pass: 1 },
        { token: who.token },
      )
      assert.deepEqual([res.status, res.body.code, res.body.msg], [403, 403, '仅运营人员可以审核'])
    }

    // The operator rejects it with a reason; the owner sees it, nobody else does.
    s.clock.advance(MINUTE)
    const rejected = await s.post(
      DECIDE,
      { kind: 'document', id: doc.id, pass: 0, reason: '  内容不完整  ' },
      { token: operator.token },
    )
    assert.equal(rejected.body.code, 200, JSON.stringify(rejected.body))
    assert.deepEqual(rejected.body.data, {
      kind: 'document',
      id: doc.id,
      reviewState: 'rejected',
      reviewReason: '内容不完整',
    })
    const seen = await detail(doc.id, me.token)
    assert.deepEqual(
      [seen.body.data.reviewState, seen.body.data.reviewReason],
      ['rejected', '内容不完整'],
    )
    const listed = (await s.get(CONTRIBUTIONS, { token: me.token })).body.data.list[0]
    assert.deepEqual([listed.reviewState, listed.reviewReason], ['rejected', '内容不完整'])
    fails(await detail(doc.id, other.token), 404, DocumentText.notFound)
    const notices = await s.db.select().from(notifications).where(eq(notifications.userId, me.id))
    assert.ok(
      notices.some(
        (n) => n.kind === 'notice' && n.content === '你上传的《投稿文档》未通过审核：内容不完整',
      ),
    )

    // Fixed with a new file (uploaded first), resubmitted: pending, the reason cleared.
    const replacement = await uploaded(
      me,
      ooxml('word', 'document.xml'),
      { title: '新文件' },
      'fixed.docx',
    )
    const [{ fileName: oldFile }] = await s.db
      .select({ fileName: documents.fileName })
      .from(documents)
      .where(eq(documents.id, doc.id))
    fails(
      await s.post(RESUBMIT, { id: doc.id, fileDocId: 999_999 }, { token: me.token }),
      400,
      DocumentText.fileDocInvalid,
    )
    s.clock.advance(MINUTE)
    const resubmitted = await s.post(
      RESUBMIT,
      { id: doc.id, title: '投稿文档（修订）', categoryId: catB, fileDocId: replacement.id },
      { token: me.token },
    )
    ok(resubmitted)
    assert.deepEqual(
      [
        resubmitted.body.data.reviewState,
        resubmitted.body.data.reviewReason,
        resubmitted.body.data.title,
        resubmitted.body.data.categoryId,
        resubmitted.body.data.fileType,
        resubmitted.body.data.submittedAt,
      ],
      ['pending', '', '投稿文档（修订）', catB, 'docx', Math.floor(s.clock.now() / 1000)],
    )
    // The replacement's row is gone (its file now belongs to the contribution), the old file too.
    fails(
      await s.get(`${MY_DETAIL}&id=${replacement.id}`, { token: me.token }),
      404,
      DocumentText.notFound,
    )
    assert.ok(!fs.existsSync(path.join(uploadDir(), oldFile)))
    const served = await fetch(`${s.base}${FILE}?id=${doc.id}`, {
      headers: { authorization: `Bearer ${me.token}` },
    })
    assert.equal(
      served.headers.get('content-type'),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    )
    await served.arrayBuffer()

    // Approved: in the library for everyone, without the reason; the owner is told.
    const approved = await s.post(
      DECIDE,
      { kind: 'document', id: doc.id, pass: 1 },
      { token: operator.token },
    )
    assert.equal(approved.body.code, 200, JSON.stringify(approved.body))
    assert.equal(approved.body.data.reviewState, 'approved')
    assert.ok((await listIds({ categoryId: catB })).includes(doc.id))
    const publicDetail = await detail(doc.id)
    ok(publicDetail)
    assert.deepEqual(
      [
        publicDetail.body.data.mine,
        publicDetail.body.data.collected,
        publicDetail.body.data.reviewReason,
      ],
      [false, false, ''],
    )
    assert.equal(publicDetail.body.data.ownerNickname !== '', true)
    const guestFile = await fetch(`${s.base}${FILE}?id=${doc.id}`)
    assert.equal(guestFile.status, 200)
    await guestFile.arrayBuffer()
    fails(
      await s.post(CONTRIBUTE, { id: doc.id }, { token: me.token }),
      400,
      DocumentText.alreadyPublic,
    )
    const told = await s.db.select().from(notifications).where(eq(notifications.userId, me.id))
    assert.ok(told.some((n) => n.content === '你上传的《投稿文档（修订）》已通过审核'))

    // Deciding again is refused.
    const again = await s.post(
      DECIDE,
      { kind: 'document', id: doc.id, pass: 0, reason: '再审' },
      { token: operator.token },
    )
    assert.deepEqual([again.status, again.body.msg], [400, '该内容不在待审核状态'])

    // An intro edit keeps it public; a new title sends it back to review.
    const intro = await s.post(UPDATE, { id: doc.id, intro: '补充简介' }, { token: me.token })
    assert.equal(intro.body.data.reviewState, 'approved')
    const retitled = await s.post(UPDATE, { id: doc.id, title: '又改了标题' }, { token: me.token })
    assert.equal(retitled.body.data.reviewState, 'pending')
    assert.ok(!(await listIds({ categoryId: catB })).includes(doc.id))
    const reapproved = await s.post(
      DECIDE,
      { kind: 'document', id: doc.id, pass: 1 },
      { token: operator.token },
    )
    assert.equal(reapproved.body.code, 200)

    // Withdrawn: out of the library, still mine, the review cleared.
    const withdrawn = await s.post(WITHDRAW, { id: doc.id }, { token: me.token })
    ok(withdrawn)
    assert.deepEqual(
      [
        withdrawn.body.data.contributed,
        withdrawn.body.data.reviewState,
        withdrawn.body.data.submittedAt,
      ],
      [false, 'none', null],
    )
    assert.ok(!(await listIds({ categoryId: catB })).includes(doc.id))
    ok(await s.get(`${MY_DETAIL}&id=${doc.id}`, { token: me.token }))
    const withdrawnDecide = await s.post(
      DECIDE,
      { kind: 'document', id: doc.id, pass: 1 },
      { token: operator.token },
    )
    assert.deepEqual([withdrawnDecide.status, withdrawnDecide.body.msg], [404, '内容不存在'])
  })

  /** A public document of `who`'s, in category `categoryId` (contributed and approved). */
  async function publicDoc(who: Person, title: string, categoryId = catA, file = makePdf(1)) {
    const doc = await uploaded(who, file, { title, categoryId })
    ok(await s.post(CONTRIBUTE, { id: doc.id }, { token: who.token }))
    const res = await s.post(
      DECIDE,
      { kind: 'document', id: doc.id, pass: 1 },
      { token: operator.token },
    )
    assert.equal(res.body.code, 200, JSON.stringify(res.body))
    return doc as { id: number }
  }

  test('the library: categories with counts, newest first, by category and title, in pages', async () => {
    const cat = (
      await s.db
        .insert(documentCategories)
        .values({ name: '测试丙', sort: 902 })
        .returning({ id: documentCategories.id })
    )[0].id
    const ids: number[] = []
    for (const title of ['春秋笔法_1', '史记百分%之二', '汉书三']) {
      ids.push((await publicDoc(me, title, cat)).id)
      s.clock.advance(MINUTE)
    }
    // A private one of the same category counts nowhere.
    await uploaded(me, makePdf(1), { title: '史记私藏', categoryId: cat })
    const cats = await s.get(CATEGORIES)
    ok(cats)
    const entry = cats.body.data.find((c: { id: number }) => c.id === cat)
    assert.deepEqual(entry, { id: cat, name: '测试丙', count: 3 })
    // Display order: by sort.
    const order = cats.body.data.map((c: { id: number }) => c.id)
    assert.ok(order.indexOf(catA) < order.indexOf(catB) && order.indexOf(catB) < order.indexOf(cat))

    const all = await s.get(`${LIST}&${qs({ categoryId: cat })}`)
    ok(all)
    assert.deepEqual(
      all.body.data.list.map((d: { id: number }) => d.id),
      [...ids].reverse(),
    )
    assert.equal(all.body.data.total, 3)
    const first = all.body.data.list[0]
    assert.deepEqual(Object.keys(first).sort(), [
      'categoryId',
      'categoryName',
      'createdAt',
      'fileSize',
      'fileType',
      'id',
      'intro',
      'ownerNickname',
      'pageCount',
      'readCount',
      'thumb',
      'title',
    ])
    const page2 = await s.get(`${LIST}&${qs({ categoryId: cat, page: 2, pageSize: 2 })}`)
    assert.deepEqual(
      [
        page2.body.data.list.map((d: { id: number }) => d.id),
        page2.body.data.total,
        page2.body.data.pageSize,
      ],
      [[ids[0]], 3, 2],
    )
    // Keyword in titles; % and _ match themselves.
    const hit = async (keyword: string) =>
      (await s.get(`${LIST}&${qs({ categoryId: cat, keyword })}`)).body.data.list.map(
        (d: { id: number }) => d.id,
      )
    assert.deepEqual(await hit('史记'), [ids[1]])
    assert.deepEqual(await hit('%'), [ids[1]])
    assert.deepEqual(await hit('_'), [ids[0]])
    assert.deepEqual(await hit('不存在'), [])
    const tooLong = await s.get(`${LIST}&${qs({ keyword: '字'.repeat(51) })}`)
    fails(tooLong, 400, DocumentText.keywordTooLong)
    // Page sizes beyond the limit are brought into range.
    const big = await s.get(`${LIST}&pageSize=500`)
    assert.equal(big.body.data.pageSize, DocumentLimits.pageSizeMax)
  })

  test('a reading counts once per viewer per hour; a reload loop adds nothing', async () => {
    const doc = await publicDoc(other, '阅读计数')
    const read = async (opts: { token?: string; ua?: string; ip?: string } = {}) => {
      const headers: Record<string, string> = { 'user-agent': opts.ua ?? 'browser-a' }
      const res = await s.post(READ, { id: doc.id }, { token: opts.token, headers })
      ok(res)
      return res.body.data.readCount as number
    }
    assert.equal(await read(), 1)
    for (let i = 0; i < 5; i++) assert.equal(await read(), 1)
    // Another browser at the same address is the same guest (a client sets its User-Agent at will).
    assert.equal(await read({ ua: 'browser-b' }), 1)
    // A signed-in reader counts as themself, whatever their browser.
    assert.equal(await read({ token: me.token }), 2)
    assert.equal(await read({ token: me.token, ua: 'browser-c' }), 2)
    // Twenty requests at once count once for a new viewer.
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => s.post(READ, { id: doc.id }, { token: operator.token })),
    )
    assert.ok(burst.every((r) => r.body.ret === 200))
    assert.equal(await read({ token: operator.token }), 3)
    // An hour later each counts again.
    s.clock.advance(59 * MINUTE)
    assert.equal(await read(), 3)
    s.clock.advance(MINUTE)
    assert.equal(await read(), 4)
    assert.equal(await read({ token: me.token }), 5)
    assert.equal((await detail(doc.id)).body.data.readCount, 5)
    const views = await s.db
      .select()
      .from(documentViews)
      .where(eq(documentViews.documentId, doc.id))
    assert.equal(views.length, 3)
    assert.ok(views.every((v) => /^(u:\d+|d:[a-f0-9]{32})$/.test(v.viewer)))
  })

  test('collecting: public documents and my own; the list follows what I may read', async () => {
    const a = await publicDoc(other, '收藏甲')
    s.clock.advance(MINUTE)
    const b = await publicDoc(other, '收藏乙')
    const own = await uploaded(me, makePdf(1), { title: '我的私藏' })
    const collect = (id: number, value: 0 | 1) =>
      s.post(COLLECT, { id, collect: value }, { token: me.token })
    for (const id of [a.id, own.id, b.id]) {
      s.clock.advance(MINUTE)
      const res = await collect(id, 1)
      ok(res)
      assert.deepEqual(res.body.data, { collected: true })
    }
    ok(await collect(a.id, 1)) // idempotent
    assert.equal((await detail(a.id, me.token)).body.data.collected, true)
    assert.equal((await detail(a.id, other.token)).body.data.collected, false)
    const list = await s.get(COLLECTIONS, { token: me.token })
    ok(list)
    assert.deepEqual(
      list.body.data.list.map((d: { id: number }) => d.id),
      [b.id, own.id, a.id],
    )
    assert.equal(list.body.data.list[0].collectedAt, Math.floor(s.clock.now() / 1000))
    // Withdrawn by its owner: gone from my list (the row stays until it is public again).
    ok(await s.post(WITHDRAW, { id: b.id }, { token: other.token }))
    const after = await s.get(COLLECTIONS, { token: me.token })
    assert.deepEqual(
      after.body.data.list.map((d: { id: number }) => d.id),
      [own.id, a.id],
    )
    assert.equal(after.body.data.total, 2)
    // Uncollect.
    const off = await collect(a.id, 0)
    assert.deepEqual(off.body.data, { collected: false })
    assert.equal((await detail(a.id, me.token)).body.data.collected, false)
    fails(await collect(999_999, 1), 404, DocumentText.notFound)
    assert.equal((await s.get(COLLECTIONS)).body.ret, 302)
    // Deleting a document takes it out of every collection.
    ok(await s.post(REMOVE, { id: own.id }, { token: me.token }))
    assert.deepEqual(
      (await s.get(COLLECTIONS, { token: me.token })).body.data.list.map(
        (d: { id: number }) => d.id,
      ),
      [],
    )
  })

  test('the file: type, inline, ETag, ranges; public to all, private to the owner', async () => {
    const pdf = makePdf(4)
    const doc = await publicDoc(other, '范围请求', catA, pdf)
    const url = `${s.base}${FILE}?id=${doc.id}`
    const whole = await fetch(url)
    assert.equal(whole.status, 200)
    assert.equal(whole.headers.get('content-type'), 'application/pdf')
    assert.match(
      whole.headers.get('content-disposition') ?? '',
      /^inline; filename="document-\d+\.pdf"; filename\*=UTF-8''/,
    )
    assert.ok(
      (whole.headers.get('content-disposition') ?? '').includes(encodeURIComponent('范围请求')),
    )
    assert.equal(whole.headers.get('accept-ranges'), 'bytes')
    assert.equal(whole.headers.get('content-length'), String(pdf.length))
    assert.ok(whole.headers.get('last-modified'))
    const etag = whole.headers.get('etag') ?? ''
    assert.match(etag, /^"[a-f0-9]+"$/)
    assert.deepEqual(Buffer.from(await whole.arrayBuffer()), pdf)

    const part = await fetch(url, { headers: { range: 'bytes=10-99' } })
    assert.equal(part.status, 206)
    assert.equal(part.headers.get('content-range'), `bytes 10-99/${pdf.length}`)
    assert.equal(part.headers.get('content-length'), '90')
    assert.deepEqual(Buffer.from(await part.arrayBuffer()), pdf.subarray(10, 100))
    const suffix = await fetch(url, { headers: { range: 'bytes=-5' } })
    assert.equal(suffix.status, 206)
    assert.deepEqual(Buffer.from(await suffix.arrayBuffer()), pdf.subarray(pdf.length - 5))
    const open = await fetch(url, { headers: { range: `bytes=${pdf.length - 3}-` } })
    assert.deepEqual(Buffer.from(await open.arrayBuffer()), pdf.subarray(pdf.length - 3))
    const past = await fetch(url, { headers: { range: `bytes=${pdf.length}-` } })
    assert.equal(past.status, 416)
    assert.equal(past.headers.get('content-range'), `bytes */${pdf.length}`)
    await past.arrayBuffer()
    // Revalidation.
    const cached = await fetch(url, { headers: { 'if-none-match': etag } })
    assert.equal(cached.status, 304)
    // A range for another version (If-Range) gets the whole file.
    const stale = await fetch(url, { headers: { range: 'bytes=0-9', 'if-range': '"other"' } })
    assert.equal(stale.status, 200)
    await stale.arrayBuffer()

    // Bad ids and missing documents.
    for (const bad of ['', 'abc', '0', '-1', '1.5', '99999999999', String(999_999)]) {
      const res = await fetch(`${s.base}${FILE}?id=${bad}`)
      assert.equal(res.status, 404, bad)
      assert.deepEqual(await res.json(), { code: 404, data: null, msg: DocumentText.notFound })
    }

    // Withdrawn: only the owner reads it, with their token.
    ok(await s.post(WITHDRAW, { id: doc.id }, { token: other.token }))
    assert.equal((await fetch(url)).status, 404)
    const stranger = await fetch(url, { headers: { authorization: `Bearer ${me.token}` } })
    assert.equal(stranger.status, 404)
    await stranger.arrayBuffer()
    const owner = await fetch(url, {
      headers: { authorization: `Bearer ${other.token}`, range: 'bytes=0-4' },
    })
    assert.equal(owner.status, 206)
    assert.equal(owner.headers.get('cache-control'), 'private, no-cache')
    assert.equal(Buffer.from(await owner.arrayBuffer()).toString(), '%PDF-')
    // A token in the query is not read.
    assert.equal((await fetch(`${url}&token=${other.token}`)).status, 404)
  })

  test('at most 20 uploads in any 24 hours', async () => {
    const uploader = await person()
    const pdf = makePdf(1)
    for (let i = 0; i < DocumentLimits.uploadsPerDay; i++)
      await uploaded(uploader, pdf, { title: `第${i}个` })
    const before = storedDocs()
    const refused = await upload(uploader, pdf, { title: '超出' })
    fails(refused, 429, `每天最多上传${DocumentLimits.uploadsPerDay}个文档，请明天再试`)
    assert.deepEqual(storedDocs(), before)
    s.clock.advance(24 * HOUR + MINUTE)
    const again = await s.login(uploader.mobile)
    await uploaded({ ...uploader, token: again.access_token }, pdf, { title: '第二天' })
  })

  test('guests are asked to log in where it is needed', async () => {
    for (const url of [CONTRIBUTIONS, MY_LIST, `${MY_DETAIL}&id=1`, COLLECTIONS]) {
      assert.equal((await s.get(url)).body.ret, 302, url)
    }
    for (const url of [CONTRIBUTE, RESUBMIT, WITHDRAW, UPDATE, REMOVE, COLLECT]) {
      assert.equal((await s.post(url, { id: 1, collect: 1 })).body.ret, 302, url)
    }
    ok(await s.get(CATEGORIES))
    ok(await s.get(LIST))
  })
})
