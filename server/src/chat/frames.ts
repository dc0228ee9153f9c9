import { TypeCompiler } from '@sinclair/typebox/compiler'
import { ClientFrame, FrameErrors } from '@api/chatFrames'
import { Limits } from '@rules/limits'
import { CONTROL_CHARS_TEXT } from '@rules/validate'
import { containsControlChars } from '../http/inputGuard'

/** Frames over this many bytes are refused (an error frame; the connection stays). */
export const FRAME_MAX_BYTES = 64 * 1024

const checker = TypeCompiler.Compile(ClientFrame)

export type Parsed =
  { ok: true; frame: ClientFrame } | { ok: false; rid: number; code: number; message: string }

const bad = (rid: number, message: string = FrameErrors.badFrame.text): Parsed => ({
  ok: false,
  rid,
  code: FrameErrors.badFrame.code,
  message,
})

const OPEN_BRACE = 0x7b
const OPEN_BRACKET = 0x5b
const CLOSE_BRACE = 0x7d
const CLOSE_BRACKET = 0x5d
const QUOTE = 0x22
const BACKSLASH = 0x5c

/**
 * Whether the JSON text nests objects and arrays deeper than `max`, counting brackets outside
 * strings. Runs before JSON.parse, so a frame of 9,000 brackets costs one pass over its bytes and
 * never reaches a recursive walk (schema check, payload checks, the database's JSON encoder).
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === BACKSLASH) i++
      else if (c === QUOTE) inString = false
    } else if (c === QUOTE) {
      inString = true
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--
    }
  }
  return false
}

/** The rid of an unparsed frame, when it is written near its start (as clients write it); else 0. */
export function ridInText(data: Buffer): number {
  const match = /"rid"\s*:\s*([1-9][0-9]{0,9})\s*[,}]/.exec(
    data.subarray(0, 200).toString('latin1'),
  )
  const rid = match ? Number(match[1]) : 0
  return rid <= 2_147_483_647 ? rid : 0
}

function ridOf(value: unknown): number {
  const rid = (value as { rid?: unknown } | null)?.rid
  return typeof rid === 'number' && Number.isInteger(rid) && rid > 0 && rid <= 2_147_483_647
    ? rid
    : 0
}

/**
 * A client frame from its raw bytes; the rid is kept for the error when it can be read. Refused
 * with 400 before the schema check: nesting deeper than Limits.chatFrameMaxDepth, and any string
 * (keys too) with a control character or a lone surrogate, with the HTTP input guard's rule and text.
 */
export function parseFrame(data: Buffer, isBinary: boolean): Parsed {
  if (isBinary || data.length > FRAME_MAX_BYTES) return bad(0)
  const text = data.toString('utf8')
  if (nestsDeeperThan(text, Limits.chatFrameMaxDepth)) return bad(0)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return bad(0)
  }
  const rid = ridOf(value)
  if (containsControlChars(value)) return bad(rid, CONTROL_CHARS_TEXT)
  if (!checker.Check(value)) return bad(rid)
  return { ok: true, frame: value }
}
