/**
 * Answers of declared calls are written by Fastify's serializer compiled from the call's answer
 * schema inside the style's envelope: only declared fields leave the server, and writing them is
 * faster than JSON.stringify.
 */
import { Type, type TSchema } from '@sinclair/typebox'
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler'
import type { FastifyReply } from 'fastify'
import type { Style } from './envelope'

const envelopes = new WeakMap<TSchema, Record<Style, TSchema>>()

/** The envelope schema of an answer schema in one style (made once, so Fastify compiles it once). */
export function envelopeSchema(answer: TSchema, style: Style): TSchema {
  let pair = envelopes.get(answer)
  if (!pair) {
    pair = {
      ret: Type.Object({ ret: Type.Integer(), data: answer, msg: Type.String() }),
      code: Type.Object({ code: Type.Integer(), data: answer, msg: Type.String() }),
    }
    envelopes.set(answer, pair)
  }
  return pair[style]
}

const checkers = new WeakMap<TSchema, TypeCheck<TSchema>>()

/**
 * Tests run with every answer checked strictly against its schema before it is written (the
 * serialiser would quietly write null as 0 or "", or drop a field the schema lacks).
 */
export function checkAnswer(answer: TSchema, data: unknown, where: string): void {
  let check = checkers.get(answer)
  if (!check) {
    check = TypeCompiler.Compile(answer)
    checkers.set(answer, check)
  }
  const value = data ?? null
  if (check.Check(value)) return
  const first = check.Errors(value).First()
  throw new Error(
    `answer of ${where} breaks its schema at ${first?.path || '/'}: ${first?.message} (value ${JSON.stringify(first?.value)?.slice(0, 200)})`,
  )
}

export function sendAnswer(
  reply: FastifyReply,
  answer: TSchema,
  style: Style,
  data: unknown,
  msg: string,
): FastifyReply {
  const serialize = reply.compileSerializationSchema(envelopeSchema(answer, style), '200')
  const body =
    style === 'ret' ? { ret: 200, data: data ?? null, msg } : { code: 200, data: data ?? null, msg }
  return reply.code(200).type('application/json; charset=utf-8').send(serialize(body))
}
