import fastifyFormbody from '@fastify/formbody'
import fastifyMultipart from '@fastify/multipart'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { Limits } from '@rules/limits'
import { registerChatFiles } from './chat/files'
import { registerChatGateway } from './chat/gateway'
import { createChatRealtime } from './chat/realtime'
import { systemClock, type Clock } from './clock'
import { isProduction, type Config } from './config'
import { SECRET_NAMES, type AppContext, type SecretName } from './context'
import type { Db } from './db/client'
import { getOrCreateSecret } from './db/settings'
import { registerCors } from './http/cors'
import { registerDocs } from './http/docs'
import { domains } from '@api/domains'
import { CONTRACT_KEYWORDS } from './http/input'
import { dispatch, QueryRegistry, registerQueryEndpoints, serviceName } from './http/dispatcher'
import { answerClientError, answerFrameworkError, registerErrorHandler } from './http/errorHandler'
import { registerInputGuard } from './http/inputGuard'
import { registerRequestBodies } from './http/requestBody'
import { registerRest } from './http/rest'
import { registerSpa, serveApp } from './http/spa'
import { registerUploadBodies } from './http/uploadBody'
import { parseForm } from './http/utf8Input'
import { registerBookAudio } from './modules/books/audio'
import { registerDevRoutes } from './modules/common/devRoutes'
import { registerFileRoutes } from './modules/common/files'
import { registerDocumentFiles } from './modules/documents/files'
import { registerVideoFiles } from './modules/video/files'
import { installSeedDocumentFiles } from '../seed/documents'
import { registerSeedAssets } from './modules/common/seedAssets'
import { servedDomains } from './modules/routes'
import { registerShopRoutes } from './modules/shop/register'
import { registerAgentRoutes } from './modules/agent/register'
import { registerPosterImages } from './modules/stats/posters'
import { createModerator } from './services/moderation'
import { createSmsSender } from './services/sms'
import { LocalSmsSender } from './services/sms/local'
import type { SmsSender } from './services/sms/types'
import { DiskStorage } from './services/storage'
import { createGroupMirror, GroupMirrorQueue } from './services/tencentIm'
import { LocalUserSigner, TencentUserSigner, type UserSigner } from './services/usersig'
import { createWeChat } from './services/wechat'
import { createPayClient } from './services/wechatPay'
import { SlidingWindow } from './slidingWindow'

export interface BuildOptions {
  db: Db
  config: Config
  clock?: Clock
  /** Fastify logger setting; defaults to info-level JSON logs (tests pass false). */
  logger?: FastifyServerOptions['logger']
}

function createContext(
  db: Db,
  config: Config,
  clock: Clock,
  log: (msg: string, err?: unknown) => void,
): AppContext {
  const secrets = new Map<SecretName, Promise<string>>()
  const secret = (name: SecretName): Promise<string> => {
    let value = secrets.get(name)
    if (!value) {
      value = getOrCreateSecret(db, name)
      value.catch(() => secrets.delete(name))
      secrets.set(name, value)
    }
    return value
  }
  const userSigner: UserSigner = config.tencent.sdkAppId
    ? new TencentUserSigner(Number(config.tencent.sdkAppId), config.tencent.secretKey, clock)
    : new LocalUserSigner(() => secret('local_usersig_key'), clock)
  const sms: SmsSender = createSmsSender(config, clock)
  return {
    db,
    config,
    clock,
    sms,
    smsPerIp: new SlidingWindow(config.sms.ipHourlyMax, 60 * 60 * 1000, clock),
    wechat: createWeChat(config, clock),
    userSigner,
    storage: new DiskStorage(config.uploadDir),
    chat: createChatRealtime(config, log),
    groupMirror: new GroupMirrorQueue(createGroupMirror(config, clock), log),
    pay: createPayClient(config, clock, log),
    moderation: { moderator: createModerator(config, clock), log },
    secret,
  }
}

/** The whole HTTP app: main.ts listens on it, tests build one per suite. */
export function buildApp(opts: BuildOptions): FastifyInstance {
  const context = createContext(opts.db, opts.config, opts.clock ?? systemClock, (msg, err) =>
    fastify.log.warn({ err }, msg),
  )
  const fastify = Fastify({
    logger: opts.logger ?? { level: 'info' },
    bodyLimit: 1024 * 1024,
    trustProxy: opts.config.trustProxy,
    // The contract's own keywords (types/api/contract.ts), read by the input rules.
    ajv: { customOptions: { keywords: CONTRACT_KEYWORDS } },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  })
  registerCors(fastify)
  registerErrorHandler(fastify)
  registerInputGuard(fastify)
  // Bodies that are not uploads have config.requestBodyMs to arrive (uploads: registerUploadBodies).
  registerRequestBodies(fastify, opts.config.requestBodyMs)
  fastify.register(fastifyFormbody, { parser: parseForm })
  fastify.register(fastifyMultipart, {
    limits: { fileSize: Limits.avatarMaxBytes, files: 1, fields: 20, fieldSize: 10_000, parts: 30 },
  })
  // Timed-out uploads close their connection; partial files of a past run are removed at start.
  registerUploadBodies(fastify, context)

  const registry = new QueryRegistry()
  registry.add(...servedDomains.flatMap((d) => d.query))
  fastify.decorate('queryRegistry', registry)
  registerQueryEndpoints(fastify, context, registry)
  registerRest(
    fastify,
    context,
    servedDomains.flatMap((d) => d.rest),
  )
  registerFileRoutes(fastify, context)
  registerChatFiles(fastify, context)
  registerDocumentFiles(fastify, context)
  registerVideoFiles(fastify, context)
  // The WeChat Pay notification, the local double's /dev/pay/confirm, the unpaid-order sweep.
  registerShopRoutes(fastify, context)
  // The settlement of agents' commission lines past their refund window.
  registerAgentRoutes(fastify, context)
  registerChatGateway(fastify, context)
  registerPosterImages(fastify)
  registerSeedAssets(fastify)
  registerBookAudio(fastify)
  if (!isProduction(opts.config) && context.sms instanceof LocalSmsSender) {
    registerDevRoutes(fastify, context.sms)
  }

  // GET / is the app, except /?s=App.Common_Weixin.SharePage (a query route).
  fastify.get('/', (req, reply) =>
    serviceName(req)
      ? dispatch(context, registry, 'App.', req, reply)
      : serveApp(opts.config.h5Dist, req, reply),
  )
  if (opts.config.apiDocs) registerDocs(fastify, domains, Limits.appVersion)
  registerSpa(fastify, opts.config.h5Dist)
  // Load the stored secrets before serving: reading one lazily inside a transaction would wait
  // forever on PGlite's single connection.
  fastify.addHook('onReady', async () => {
    await Promise.all(SECRET_NAMES.map((name) => context.secret(name)))
    await context.chat.ready()
    // The house documents' PDFs (committed under server/seed/assets/documents) into storage,
    // where the documents' file route reads them: missing or changed ones only.
    await installSeedDocumentFiles(context.storage)
  })
  fastify.addHook('onClose', async () => {
    await context.chat.presence.close()
    await context.chat.fanout.close()
  })
  return fastify
}
