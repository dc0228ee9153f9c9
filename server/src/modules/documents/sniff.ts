/**
 * A document's format told by its content, never by its name:
 * - PDF starts with `%PDF-`;
 * - doc, xls and ppt are OLE2 compound files (D0 CF 11 E0 A1 B1 1A E1), told apart by the streams
 *   at the top of their directory: WordDocument, Workbook (or Book, Excel 5), PowerPoint Document;
 * - docx, xlsx and pptx are ZIP files whose central directory lists [Content_Types].xml and
 *   entries under word/, xl/ or ppt/ (exactly one of them).
 * Anything else (an executable, a ZIP of other things, an image) is null. The file is read in a
 * few small pieces (the ZIP's end and central directory, the OLE2 header, FAT and directory).
 */
import { Transform, type TransformCallback } from 'node:stream'
import type { DocumentFileType } from '@rules/documents'

/** Random access to a stored file. */
export interface ByteSource {
  size: number
  /** Up to `length` bytes from `start` (fewer at the end of the file). */
  read(start: number, length: number): Promise<Buffer>
}

const PDF_MAGIC = Buffer.from('%PDF-')
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04])

export async function sniffDocument(src: ByteSource): Promise<DocumentFileType | null> {
  if (src.size < 8) return null
  const head = await src.read(0, 8)
  if (head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return 'pdf'
  try {
    if (head.equals(OLE_MAGIC)) return await oleType(src)
    if (head.subarray(0, 4).equals(ZIP_MAGIC)) return await zipType(src)
  } catch {
    // A structure that points outside the file or loops: not a document we take.
  }
  return null
}

// ---- ZIP (Office Open XML) ---------------------------------------------------------------------

const EOCD_SIGNATURE = 0x06054b50
const CENTRAL_SIGNATURE = 0x02014b50
const EOCD_MIN = 22
/** The end record plus the longest comment it may carry. */
const EOCD_SEARCH = EOCD_MIN + 0xffff
/** A central directory larger than this is not an office file's. */
const CENTRAL_MAX = 16 * 1024 * 1024

/** The names in a ZIP's central directory (ZIP64 archives are not read: null). */
export async function zipEntryNames(src: ByteSource): Promise<string[] | null> {
  const tailStart = Math.max(0, src.size - EOCD_SEARCH)
  const tail = await src.read(tailStart, src.size - tailStart)
  let at = -1
  for (let i = tail.length - EOCD_MIN; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      at = i
      break
    }
  }
  if (at < 0) return null
  const entries = tail.readUInt16LE(at + 10)
  const cdSize = tail.readUInt32LE(at + 12)
  const cdOffset = tail.readUInt32LE(at + 16)
  if (entries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) return null
  if (cdSize > CENTRAL_MAX || cdOffset + cdSize > src.size) return null
  const cd = await src.read(cdOffset, cdSize)
  const names: string[] = []
  let p = 0
  while (names.length < entries && p + 46 <= cd.length) {
    if (cd.readUInt32LE(p) !== CENTRAL_SIGNATURE) return null
    const nameLength = cd.readUInt16LE(p + 28)
    const extraLength = cd.readUInt16LE(p + 30)
    const commentLength = cd.readUInt16LE(p + 32)
    if (p + 46 + nameLength > cd.length) return null
    names.push(cd.subarray(p + 46, p + 46 + nameLength).toString('utf8'))
    p += 46 + nameLength + extraLength + commentLength
  }
  return names
}

const OOXML_PARTS: Array<[prefix: string, type: DocumentFileType]> = [
  ['word/', 'docx'],
  ['xl/', 'xlsx'],
  ['ppt/', 'pptx'],
]

async function zipType(src: ByteSource): Promise<DocumentFileType | null> {
  const names = await zipEntryNames(src)
  if (!names?.includes('[Content_Types].xml')) return null
  const found = OOXML_PARTS.filter(([prefix]) => names.some((name) => name.startsWith(prefix)))
  return found.length === 1 ? found[0][1] : null
}

// ---- OLE2 compound files (Office 97-2003) ------------------------------------------------------

const END_OF_CHAIN = 0xfffffffe
/** Directory sectors read at most (thousands of entries; an office file has a few dozen). */
const DIRECTORY_SECTORS_MAX = 1024
const ENTRY_SIZE = 128
const NO_STREAM = 0xffffffff

interface DirEntry {
  name: string
  type: number
  left: number
  right: number
  child: number
}

/** The names of the streams and storages directly under the root of a compound file. */
export async function oleRootNames(src: ByteSource): Promise<string[]> {
  const header = await src.read(0, 512)
  if (header.length < 512) return []
  const shift = header.readUInt16LE(0x1e)
  if (shift !== 9 && shift !== 12) return []
  const sectorSize = 1 << shift
  const perSector = sectorSize / 4
  const firstDirSector = header.readUInt32LE(0x30)
  const firstDifatSector = header.readUInt32LE(0x44)
  const offsetOf = (sector: number) => (sector + 1) * sectorSize

  const u32At = async (offset: number): Promise<number> => {
    const b = await src.read(offset, 4)
    if (b.length < 4) throw new Error('outside the file')
    return b.readUInt32LE(0)
  }
  /** The sector holding part `index` of the FAT (the header's 109 entries, then the DIFAT chain). */
  const fatSector = async (index: number): Promise<number> => {
    if (index < 109) return header.readUInt32LE(0x4c + index * 4)
    let rest = index - 109
    let difat = firstDifatSector
    for (let hops = 0; rest >= perSector - 1; hops++) {
      if (hops > 100_000) throw new Error('DIFAT loop')
      difat = await u32At(offsetOf(difat) + (perSector - 1) * 4)
      rest -= perSector - 1
    }
    return u32At(offsetOf(difat) + rest * 4)
  }
  const nextSector = async (sector: number): Promise<number> => {
    const fat = await fatSector(Math.floor(sector / perSector))
    return u32At(offsetOf(fat) + (sector % perSector) * 4)
  }

  const entries: DirEntry[] = []
  const seen = new Set<number>()
  for (
    let sector = firstDirSector;
    sector !== END_OF_CHAIN && seen.size < DIRECTORY_SECTORS_MAX;
    sector = await nextSector(sector)
  ) {
    if (seen.has(sector) || offsetOf(sector) >= src.size) break
    seen.add(sector)
    const data = await src.read(offsetOf(sector), sectorSize)
    for (let p = 0; p + ENTRY_SIZE <= data.length; p += ENTRY_SIZE) {
      const nameBytes = Math.min(64, data.readUInt16LE(p + 0x40))
      entries.push({
        name: data
          .subarray(p, p + Math.max(0, nameBytes - 2))
          .toString('utf16le')
          .replace(/\0+$/, ''),
        type: data[p + 0x42],
        left: data.readUInt32LE(p + 0x44),
        right: data.readUInt32LE(p + 0x48),
        child: data.readUInt32LE(p + 0x4c),
      })
    }
  }
  const root = entries[0]
  if (!root || root.type !== 5) return []
  // The root's children are a tree of siblings (left, right) under its `child`.
  const names: string[] = []
  const stack = [root.child]
  const visited = new Set<number>()
  while (stack.length > 0) {
    const id = stack.pop() as number
    if (id === NO_STREAM || id >= entries.length || visited.has(id)) continue
    visited.add(id)
    const entry = entries[id]
    if (entry.type === 1 || entry.type === 2) names.push(entry.name)
    stack.push(entry.left, entry.right)
  }
  return names
}

async function oleType(src: ByteSource): Promise<DocumentFileType | null> {
  const names = await oleRootNames(src)
  if (names.includes('WordDocument')) return 'doc'
  if (names.includes('PowerPoint Document')) return 'ppt'
  if (names.includes('Workbook') || names.includes('Book')) return 'xls'
  return null
}

// ---- PDF pages ---------------------------------------------------------------------------------

/** `/Type /Page` not followed by 's' (nor another name character): one page object. */
const PAGE_OBJECT = /\/Type\s{0,8}\/Page(?![A-Za-z0-9_])/g
/** Text kept from one chunk to the next, so a marker split between chunks is found. */
const CARRY = 64

/**
 * Passes a stream through while counting PDF page objects (good enough for files whose page
 * objects are not packed in compressed object streams: 0 then). Counts only when the stream
 * starts with %PDF-.
 */
export class PdfPageCounter extends Transform {
  pages = 0
  private head = Buffer.alloc(0)
  private isPdf: boolean | null = null
  private carry = ''
  /** Absolute offset of `carry`'s first character, and where the next page may start. */
  private base = 0
  private nextStart = 0

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    if (this.isPdf === null) {
      this.head = Buffer.concat([this.head, chunk]).subarray(0, PDF_MAGIC.length)
      if (this.head.length >= PDF_MAGIC.length) this.isPdf = this.head.equals(PDF_MAGIC)
    }
    if (this.isPdf !== false) this.scan(chunk.toString('latin1'), false)
    done(null, chunk)
  }

  override _flush(done: TransformCallback): void {
    if (this.isPdf) this.scan('', true)
    done()
  }

  private scan(more: string, atEnd: boolean): void {
    const text = this.carry + more
    PAGE_OBJECT.lastIndex = 0
    for (let m = PAGE_OBJECT.exec(text); m; m = PAGE_OBJECT.exec(text)) {
      const end = m.index + m[0].length
      // Whether the next character is a name character is known only when it has arrived.
      if (!atEnd && end >= text.length) break
      const start = this.base + m.index
      if (start >= this.nextStart) {
        this.pages += 1
        this.nextStart = start + 1
      }
    }
    const keep = Math.min(CARRY, text.length)
    this.base += text.length - keep
    this.carry = text.slice(text.length - keep)
  }
}
