import type { Multipart, MultipartFields, MultipartFile } from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CONTROL_CHARS_TEXT, hasControlChars } from '@rules/validate'
import { badRequest } from './errors'
import { hasBadEscapes, registerStrictJson } from './utf8Input'

/** Requests found carrying a control character: whatever error follows, the answer is the 400. */
const refused = new WeakSet<FastifyRequest>()

/** True when this request's input carried a control character (see registerInputGuard). */
export const refusedForControlChars = (req: FastifyRequest): boolean => refused.has(req)

/**
 * True when any string in `value` (keys included, at any depth) carries a control character.
 * Walks with a stack, so a deeply nested JSON body cannot overflow the call stack.
 */
export function containsControlChars(value: unknown): boolean {
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const item = stack.pop()
    if (typeof item === 'string') {
      if (hasControlChars(item)) return true
    } else if (Array.isArray(item)) {
      for (const entry of item) stack.push(entry)
    } else if (typeof item === 'object' && item !== null && !Buffer.isBuffer(item)) {
      for (const [key, entry] of Object.entries(item)) stack.push(key, entry)
    }
  }
  return false
}

function refuse(req: FastifyRequest): never {
  refused.add(req)
  throw badRequest(CONTROL_CHARS_TEXT)
}

/** The text fields @fastify/multipart has read so far (file parts only by their field name). */
function checkFields(req: FastifyRequest, fields: MultipartFields | undefined): void {
  for (const [name, entry] of Object.entries(fields ?? {})) {
    if (hasControlChars(name)) refuse(req)
    for (const part of Array.isArray(entry) ? entry : [entry]) {
      if (part?.type === 'field' && containsControlChars(part.value)) refuse(req)
    }
  }
}

function checkPart<T extends Multipart | MultipartFile>(req: FastifyRequest, part: T): T {
  if (part.type === 'field' && containsControlChars(part.value)) refuse(req)
  if (hasControlChars(part.fieldname)) refuse(req)
  // A file's name is kept (chat files) and shown: the same rule as any text.
  if (part.type === 'file' && hasControlChars(part.filename)) refuse(req)
  checkFields(req, part.fields)
  return part
}

async function* checkedParts<T extends Multipart | MultipartFile>(
  req: FastifyRequest,
  parts: AsyncIterableIterator<T>,
): AsyncIterableIterator<T> {
  for await (const part of parts) yield checkPart(req, part)
}

/**
 * Multipart bodies are streamed: their fields exist only once a handler reads them, so the reading
 * functions are wrapped to check every text field they hand out (file bytes are not looked at).
 */
function guardMultipart(req: FastifyRequest): void {
  const file = req.file.bind(req)
  const files = req.files.bind(req)
  const parts = req.parts.bind(req)
  req.file = async (options) => {
    const part = await file(options)
    return part ? checkPart(req, part) : part
  }
  req.files = (options) => checkedParts(req, files(options))
  req.parts = (options) => checkedParts(req, parts(options))
}

/**
 * One check for every call of both styles: a string with a control character (other than tab,
 * newline and CRLF; see hasControlChars) anywhere in the query string, the path parameters, a JSON
 * or form body, or a multipart text field is refused with 400 输入包含不允许的控制字符 in the call's
 * envelope, before any handler or database sees it (PostgreSQL refuses NUL in text). So is input
 * that is not UTF-8 (see utf8Input.ts): a JSON body's bytes, the URL's or a form's escapes.
 */
export function registerInputGuard(fastify: FastifyInstance): void {
  registerStrictJson(fastify)
  fastify.addHook('preValidation', async (req) => {
    if (hasBadEscapes(req.url)) refuse(req)
    if (containsControlChars(req.query) || containsControlChars(req.params)) refuse(req)
    if (req.isMultipart()) guardMultipart(req)
    else if (containsControlChars(req.body)) refuse(req)
  })
}
