/**
 * The documents area's pure rules: sizes and meta lines, the state chips of my uploads and what I
 * may do with each, the upload form's checks (the server's limits and texts), and the PDF reader's
 * page window (layout, the page being read, what to draw and what to let go).
 */
import { DocumentText } from '@rules/documents'
import {
  docActions,
  docMeta,
  docStateChip,
  formatFileSize,
  readCountText,
  uploadStateChip,
} from '@/features/documents/format'
import {
  docFormError,
  FILE_MISSING,
  formFields,
  pickedFileError,
  uploadFormError,
} from '@/features/documents/form'
import {
  currentPage,
  drawScale,
  layoutPages,
  pageIndexAt,
  planRender,
} from '@/features/documents/reader/pageWindow'
import { titleOfFileName } from '@/features/documents/useDocUpload'

const MB = 1024 * 1024

describe('sizes and meta lines', () => {
  it('formats bytes as B, KB and MB', () => {
    expect(formatFileSize(0)).toBe('0 B')
    expect(formatFileSize(512)).toBe('512 B')
    expect(formatFileSize(1500)).toBe('1 KB')
    expect(formatFileSize(36 * 1024)).toBe('36 KB')
    expect(formatFileSize(1.25 * MB)).toBe('1.3 MB')
    expect(formatFileSize(2 * MB)).toBe('2 MB')
    expect(formatFileSize(56.4 * MB)).toBe('56 MB')
  })

  it('names the format, the size and the pages when known', () => {
    expect(docMeta({ fileType: 'pdf', fileSize: 94_313, pageCount: 11 })).toBe('PDF · 92 KB · 11页')
    expect(docMeta({ fileType: 'docx', fileSize: 2 * MB, pageCount: 0 })).toBe('Word · 2 MB')
    expect(docMeta({ fileType: 'xls', fileSize: 10, pageCount: 0 })).toBe('Excel · 10 B')
    expect(docMeta({ fileType: 'pptx', fileSize: 10, pageCount: 0 })).toBe('PPT · 10 B')
    expect(readCountText(36)).toBe('36次阅读')
    expect(readCountText(12_345)).toBe('1.2万次阅读')
  })
})

describe('state chips and actions', () => {
  it('maps my documents to 私有 / 审核中 / 已公开 / 未通过', () => {
    expect(docStateChip({ contributed: false, reviewState: 'none' })).toEqual({
      label: '私有',
      tone: 'muted',
    })
    expect(docStateChip({ contributed: true, reviewState: 'pending' }).label).toBe('审核中')
    expect(docStateChip({ contributed: true, reviewState: 'approved' }).label).toBe('已公开')
    expect(docStateChip({ contributed: true, reviewState: 'rejected' })).toEqual({
      label: '未通过',
      tone: 'bad',
    })
    // Not contributed is private whatever the review field says.
    expect(docStateChip({ contributed: false, reviewState: 'rejected' }).label).toBe('私有')
  })

  it('offers 投稿 for a private document, 修改 for a rejected one, 撤回 otherwise; 删除 always', () => {
    expect(docActions({ contributed: false, reviewState: 'none' })).toEqual([
      'contribute',
      'delete',
    ])
    expect(docActions({ contributed: true, reviewState: 'rejected' })).toEqual(['fix', 'delete'])
    expect(docActions({ contributed: true, reviewState: 'pending' })).toEqual([
      'withdraw',
      'delete',
    ])
    expect(docActions({ contributed: true, reviewState: 'approved' })).toEqual([
      'withdraw',
      'delete',
    ])
  })

  it('maps uploaded issues and editions to 审核中 / 已发布 / 未通过', () => {
    expect(uploadStateChip('pending')).toEqual({ label: '审核中', tone: 'pending' })
    expect(uploadStateChip('approved')).toEqual({ label: '已发布', tone: 'ok' })
    expect(uploadStateChip('rejected')).toEqual({ label: '未通过', tone: 'bad' })
  })
})

describe('the upload form', () => {
  const ok = { title: '  论语笔记 ', categoryId: 2, intro: '' }
  const pdf = { path: 'blob:x', name: '笔记.PDF', size: 3 * MB }

  it('checks the title, the category and the introduction with the server texts', () => {
    expect(docFormError(ok)).toBeNull()
    expect(docFormError({ ...ok, title: '   ' })).toBe(DocumentText.titleMissing)
    expect(docFormError({ ...ok, title: '字'.repeat(61) })).toBe(DocumentText.titleTooLong)
    expect(docFormError({ ...ok, title: '字'.repeat(60) })).toBeNull()
    expect(docFormError({ ...ok, categoryId: null })).toBe(DocumentText.categoryMissing)
    expect(docFormError({ ...ok, intro: '介'.repeat(501) })).toBe(DocumentText.introTooLong)
  })

  it('checks the file by its extension and size before anything is sent', () => {
    expect(pickedFileError(null)).toBe(FILE_MISSING)
    expect(pickedFileError(pdf)).toBeNull()
    for (const name of ['a.doc', 'a.docx', 'a.xls', 'a.xlsx', 'a.ppt', 'a.pptx']) {
      expect(pickedFileError({ name, size: 10 })).toBeNull()
    }
    expect(pickedFileError({ name: 'a.exe', size: 10 })).toBe(DocumentText.fileTypeInvalid)
    expect(pickedFileError({ name: 'pdf', size: 10 })).toBe(DocumentText.fileTypeInvalid)
    expect(pickedFileError({ name: 'big.pdf', size: 100 * MB + 1 })).toBe(DocumentText.fileTooBig)
    expect(pickedFileError({ name: 'full.pdf', size: 100 * MB })).toBeNull()
    expect(pickedFileError({ name: 'empty.pdf', size: 0 })).toBe(DocumentText.fileInvalid)
  })

  it('reports the fields before the file, and sends the fields trimmed', () => {
    expect(uploadFormError({ ...ok, title: '' }, null)).toBe(DocumentText.titleMissing)
    expect(uploadFormError(ok, null)).toBe(FILE_MISSING)
    expect(uploadFormError(ok, pdf)).toBeNull()
    expect(formFields({ title: ' 标题 ', categoryId: 3, intro: ' 简介 ' })).toEqual({
      title: '标题',
      categoryId: 3,
      intro: '简介',
    })
  })

  it('takes a first title from the file name', () => {
    expect(titleOfFileName('论语笔记.pdf')).toBe('论语笔记')
    expect(titleOfFileName('a.b.docx')).toBe('a.b')
    expect([...titleOfFileName(`${'长'.repeat(80)}.pdf`)]).toHaveLength(60)
  })
})

describe('the PDF reader page window', () => {
  const A4 = { width: 595, height: 842 }
  const LANDSCAPE = { width: 842, height: 595 }

  it('lays pages out at the column width, unknown pages taking page 1 size', () => {
    const layout = layoutPages(3, [A4, LANDSCAPE], A4, 390, 8)
    const a4 = Math.round((390 * 842) / 595)
    const wide = Math.round((390 * 595) / 842)
    expect(layout.heights).toEqual([a4, wide, a4])
    expect(layout.tops).toEqual([0, a4 + 8, a4 + 8 + wide + 8])
    expect(layout.total).toBe(a4 * 2 + wide + 16)
    expect(layoutPages(0, [], A4, 390).total).toBe(0)
  })

  it('finds the page at a height, the gap counting with the page above', () => {
    const layout = layoutPages(200, [], A4, 390, 8)
    const h = layout.heights[0]
    expect(pageIndexAt(layout, 0)).toBe(0)
    expect(pageIndexAt(layout, h + 4)).toBe(0)
    expect(pageIndexAt(layout, h + 8)).toBe(1)
    expect(pageIndexAt(layout, 150 * (h + 8) + 1)).toBe(150)
    expect(pageIndexAt(layout, -50)).toBe(0)
    expect(pageIndexAt(layout, 1e9)).toBe(199)
  })

  it('names the page being read: a third down the screen, the last one at the end', () => {
    const layout = layoutPages(10, [], A4, 390, 8)
    const step = layout.heights[0] + 8
    expect(currentPage(layout, 0, 844)).toBe(1)
    expect(currentPage(layout, step * 4, 844)).toBe(5)
    expect(currentPage(layout, step * 4 - 250, 844)).toBe(5)
    expect(currentPage(layout, step * 4 - 300, 844)).toBe(4)
    expect(currentPage(layout, layout.total - 844, 844)).toBe(10)
    expect(currentPage(layoutPages(0, [], A4, 390), 0, 844)).toBe(0)
  })

  it('draws the near pages nearest first and lets go of far ones', () => {
    expect(planRender([4, 5, 6], [], 5, 4)).toEqual({ render: [5, 4, 6], free: [] })
    // Already drawn pages are not drawn again; those within `keep` stay.
    expect(planRender([5, 6, 7], [3, 4, 5], 6, 4)).toEqual({ render: [6, 7], free: [] })
    // Far from the page being read and not near: let go, farthest first.
    expect(planRender([40, 41], [1, 2, 3, 38, 39], 40, 4)).toEqual({
      render: [40, 41],
      free: [1, 2, 3],
    })
    // A near page is never let go, however far from the current one.
    expect(planRender([1, 30], [1], 30, 2).free).toEqual([])
  })

  it('draws at the pixel ratio, within the canvas limit', () => {
    expect(drawScale(A4, 390, 2)).toBeCloseTo((390 * 2) / 595)
    expect(drawScale(A4, 390, 5)).toBeCloseTo((390 * 3) / 595)
    expect(drawScale(A4, 390, 0)).toBeCloseTo(390 / 595)
    const huge = { width: 5000, height: 5000 }
    const scale = drawScale(huge, 3000, 3, 1000 * 1000)
    expect(huge.width * scale * huge.height * scale).toBeCloseTo(1000 * 1000, -2)
  })
})
