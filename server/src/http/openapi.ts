/**
 * The OpenAPI 3.1 document of the whole contract, generated from the declarations: each REST path
 * and each `s=Service.Method` its own operation, login marked, the envelope codes of app-spec
 * sections 4 and 8 listed, and examples taken from the answers the running app gives on its demo
 * data.
 */
import type { TSchema } from '@sinclair/typebox'
import type { Api, CallDecl } from '@api/contract'
import { envelopeSchema } from './serialize'

type Json = Record<string, unknown>
type Style = 'ret' | 'code'

const ERROR_CODES: Record<string, string> = {
  '400': '输入不符合约定：`msg` 说明哪里不对',
  '401': 'REST 风格：需要登录（查询风格以 ret 302 表示，HTTP 200）',
  '403': '无权操作',
  '404': '不存在',
  '429': '过于频繁',
  '500': '系统错误',
}

const DESCRIPTION = [
  '读书社区 API。两种调用风格回答同样的数据：',
  '',
  '- REST：`/api/...`、`/util/...`，回答 `{code, data, msg}`；',
  '- 查询风格：`/user.php?s=User.*`、`/index.php?s=App.*`，回答 `{ret, data, msg}`。',
  '',
  '`code`/`ret`：200 成功；301 令牌过期（刷新后重试，HTTP 200）；302 需要登录（查询风格，HTTP 200）/ 401（REST）；',
  '400、403、404、429、500 与 HTTP 状态相同。表单正文按文本传送（"12" 即 12），""、"null"、"undefined" 视为未传。',
  '需要登录的调用带 `Authorization: Bearer <access token>`。',
].join('\n')

/** Which example answer to show for an operation, by `domain.key`. */
export type Examples = ReadonlyMap<string, unknown>

function operation(
  domain: string,
  key: string,
  decl: CallDecl,
  style: Style,
  method: string,
  examples: Examples,
): Json {
  const input = decl.input as TSchema & { properties: Record<string, TSchema>; required?: string[] }
  const required = new Set(input.required ?? [])
  const op: Json = {
    operationId: style === 'code' ? `${domain}.${key}` : `${domain}.${key}.query`,
    summary: decl.summary,
    tags: [domain],
    security: decl.auth ? [{ bearer: [] }] : [],
  }
  if (decl.auth) op.description = '需要登录。'
  const params = Object.entries(input.properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
  }))
  if (method === 'get' || method === 'delete' || decl.body === 'multipart') {
    if (params.length) op.parameters = params
  }
  if (decl.body === 'multipart') {
    op.requestBody = {
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
        },
      },
    }
  } else if (method === 'post') {
    op.requestBody = {
      content: {
        'application/x-www-form-urlencoded': { schema: input },
        'application/json': { schema: input },
      },
    }
  }
  const example = examples.get(`${domain}.${key}`)
  const envelope: Json = { schema: envelopeSchema(decl.answer, style) }
  if (example !== undefined) {
    envelope.example = { [style]: 200, data: example, msg: 'ok' }
  }
  op.responses = {
    '200': {
      description: '成功（以及 301、302：见说明）',
      content: { 'application/json': envelope },
    },
    ...Object.fromEntries(
      Object.entries(ERROR_CODES)
        .filter(([code]) => code !== '401' || (decl.auth && style === 'code'))
        .map(([code, description]) => [code, { description }]),
    ),
  }
  return op
}

export function openApiDocument(
  domains: Record<string, Api>,
  version: string,
  examples: Examples = new Map(),
): Json {
  const paths: Record<string, Json> = {}
  const add = (path: string, method: string, op: Json) => {
    paths[path] = { ...paths[path], [method]: op }
  }
  for (const [domain, api] of Object.entries(domains)) {
    for (const [key, decl] of Object.entries(api)) {
      if (decl.rest) {
        const method = decl.rest.method.toLowerCase()
        add(decl.rest.path, method, operation(domain, key, decl, 'code', method, examples))
      }
      if (decl.query) {
        const script = decl.query.name.startsWith('User.') ? '/user.php' : '/index.php'
        const method = decl.query.method.toLowerCase()
        add(
          `${script}?s=${decl.query.name}`,
          method,
          operation(domain, key, decl, 'ret', method, examples),
        )
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: '读书社区 API', version, description: DESCRIPTION },
    servers: [{ url: '/' }],
    tags: Object.keys(domains).map((name) => ({ name })),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    paths,
  }
}
