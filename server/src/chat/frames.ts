import { TypeCompiler } from '@sinclair/typebox/compiler'
import { ClientFrame, FrameErrors } from '@api/chatFrames'

/** Frames over this many bytes are refused (an error frame; the connection stays). */
export const FRAME_MAX_BYTES = 64 * 1024

const checker = TypeCompiler.Compile(ClientFrame)

export type Parsed =
  { ok: true; frame: ClientFrame } | { ok: false; rid: number; code: number; message: string }

const bad = (rid: number): Parsed => ({ ok: false, rid, ...badFrameText })
const badFrameText = { code: FrameErrors.badFrame.code, message: FrameErrors.badFrame.text }

/** A client frame from its raw bytes; the rid is kept for the error when it can be read. */
export function parseFrame(data: Buffer, isBinary: boolean): Parsed {
  if (isBinary || data.length > FRAME_MAX_BYTES) return bad(0)
  let value: unknown
  try {
    value = JSON.parse(data.toString('utf8'))
  } catch {
    return bad(0)
  }
  const rid = (value as { rid?: unknown } | null)?.rid
  const knownRid =
    typeof rid === 'number' && Number.isInteger(rid) && rid > 0 && rid <= 2_147_483_647 ? rid : 0
  if (!checker.Check(value)) return bad(knownRid)
  return { ok: true, frame: value }
}
