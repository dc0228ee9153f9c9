/**
 * How a call is declared: once, in its domain's file (types/api/<domain>.ts), with both of its
 * styles, its login requirement and the TypeBox schemas of its input and answer. The server serves
 * and validates from the declaration, the OpenAPI page is generated from it, and the app imports
 * only the derived types (`import type`) plus the refs generated into calls/<domain>.gen.ts, so no schema
 * code reaches the mini-program.
 *
 * Input schemas keep the forgiving rules of the API: form bodies carry text ('12' is 12), and
 * '', 'null' and 'undefined' mean absent. `x-error` gives the Chinese message a wrong value gets.
 * `x-blank` keeps '' as a value (a field sent empty to clear it).
 */
import {
  Type,
  type Static,
  type TLiteral,
  type TObject,
  type TSchema,
  type TUnion,
} from '@sinclair/typebox'

export { Type, type Static }

export type HttpVerb = 'GET' | 'POST' | 'DELETE'

export interface CallDecl<I extends TObject = TObject, O extends TSchema = TSchema> {
  /** One line for the API page. */
  summary: string
  /** true: login required (302 or 401 without a valid token, 301 when it expired). */
  auth: boolean
  /** The REST style: `{code, data, msg}` at /api/... or /util/... (DELETE reads the query). */
  rest?: { method: HttpVerb; path: string }
  /** The query style: `{ret, data, msg}` at /user.php?s=User.* or /index.php?s=App.*. */
  query?: { method: 'GET' | 'POST'; name: string }
  /** 'json': the app sends a JSON body (lists); 'multipart': a file upload, input from the query. */
  body?: 'json' | 'multipart'
  /** A GET that changes something (VoteItemShare counts a share): never called for an example. */
  counts?: true
  input: I
  answer: O
}

/** Declares one call (the identity, typed: the declaration keeps its literal types). */
export const call = <const D extends CallDecl>(decl: D): D => decl

export type CallInput<D extends CallDecl> = Static<D['input']>
export type CallOutput<D extends CallDecl> = Static<D['answer']>

/** A domain's calls by key; the key names the operation (`feed.postList`). */
export type Api = Record<string, CallDecl>

/** What the app needs to send one style of a call (generated into calls/<domain>.gen.ts). */
export interface CallRef<D extends CallDecl = CallDecl> {
  style: 'code' | 'ret'
  method: HttpVerb
  /** REST path, or the query name (User.User.GetMyProfile). */
  path: string
  json?: true
  /** Phantom: the declaration this ref sends. */
  readonly decl?: D
}

// ---- schema pieces -----------------------------------------------------------------------------

/** Any single text field longer than this is refused before any rule looks at it. */
export const DEFAULT_MAX_CHARS = 2000
const INT_MAX = 2_147_483_647

/** A positive integer id; `error` when absent or malformed. */
export const Id = (error: string) =>
  Type.Integer({ minimum: 1, maximum: INT_MAX, 'x-error': error })

/** An optional id where 0, '', 'null' and 'undefined' mean none. */
export const OptionalId = (error: string) =>
  Type.Optional(
    Type.Integer({ minimum: 1, maximum: INT_MAX, 'x-error': error, 'x-zero-none': true }),
  )

/** Text as sent (not trimmed), at most `max` characters. */
export const Text = (max = DEFAULT_MAX_CHARS, error?: string) =>
  Type.String({ maxLength: max, ...(error ? { 'x-error': error } : {}) })

/** Text with surrounding spaces removed. */
export const Trimmed = (max = DEFAULT_MAX_CHARS) => Type.String({ maxLength: max, 'x-trim': true })

/** Text (trimmed) where '' is a value, not absent: sending the field empty clears it. */
export const Clearable = (max = DEFAULT_MAX_CHARS) =>
  Type.String({ maxLength: max, 'x-trim': true, 'x-blank': true })

/** Required text (trimmed): `missing` when absent or blank. */
export const Required = (missing: string, max = DEFAULT_MAX_CHARS) =>
  Type.String({ maxLength: max, pattern: '\\S', 'x-trim': true, 'x-error': missing })

/** 1 or 0 (also sent as true/false). */
export const Flag = () => Type.Union([Type.Literal(0), Type.Literal(1)], { 'x-flag': true })

/** One of the given words. */
export const OneOf = <const T extends readonly string[]>(
  values: T,
  error?: string,
): TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }> =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    error ? { 'x-error': error } : {},
  ) as never

/** A list of strings: a JSON array, repeated fields (`name` or `name[]`), JSON in a string, or comma-joined. */
export const List = (maxItems: number, itemMax: number, error: string) =>
  Type.Array(Type.String({ maxLength: itemMax }), { maxItems, 'x-list': true, 'x-error': error })

/** Any integer written with at most 12 digits (paging numbers; the server brings them into range). */
export const AnyInt = () => Type.Integer({ minimum: -999_999_999_999, maximum: 999_999_999_999 })

/** `page` and `pageSize` of a list call (out-of-range integers are brought into range). */
export const Paging = {
  page: Type.Optional(AnyInt()),
  pageSize: Type.Optional(AnyInt()),
}

/** A page of a list. */
export const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  })

/** An answer without data (`data: null`). */
export const NoData = Type.Null()

/** No input. */
export const NoInput = Type.Object({})
