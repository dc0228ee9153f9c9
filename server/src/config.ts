import fs from 'node:fs'
import path from 'node:path'
import { REFUND_WINDOW_DAYS_DEFAULT } from '@rules/agent'
import { Limits } from '@rules/limits'

/** Every setting the server reads from the environment, with its default. */
export interface Config {
  port: number
  host: string
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (per-IP limits). */
  trustProxy: boolean
  /** The API page at /docs and /docs/openapi.json: on outside production unless API_DOCS=0; in production only with API_DOCS=1. */
  apiDocs: boolean
  /** Check every answer against its schema before writing it (on in tests: NODE_ENV=test, or CHECK_ANSWERS=1). */
  checkAnswers: boolean
  /** Failed password logins and SMS-code checks per client address in any 15 minutes. */
  loginIpFailuresMax: number
  /** A PostgreSQL URL; empty means the embedded PGlite under dataDir/pglite. */
  databaseUrl: string
  dataDir: string
  nodeEnv: string
  uploadDir: string
  /** Per reader and China calendar day: how many uploads and how many bytes in all. */
  uploads: { dailyMaxFiles: number; dailyMaxBytes: number }
  /**
   * Chat files per reader and China calendar day (CHAT_UPLOAD_DAILY_MAX_FILES, default 100, and
   * CHAT_UPLOAD_DAILY_MAX_BYTES, default 200 MB): a quota of their own, since one chat file may
   * be 100 MB, twice the whole daily budget of the other uploads.
   */
  chatUploads: { dailyMaxFiles: number; dailyMaxBytes: number }
  /**
   * How long an upload's body may take from the route's start, in ms: images
   * (UPLOAD_IMAGE_BODY_MS, default 2 minutes), documents, videos and chat files (UPLOAD_DOCUMENT_BODY_MS,
   * UPLOAD_VIDEO_BODY_MS, UPLOAD_CHAT_BODY_MS, default 10 minutes: 100 MB at 1.4 Mbit/s), and the
   * longest gap without a byte of it (UPLOAD_STALL_MS, default 30 s). At most UPLOAD_BODY_CEILING_MS.
   */
  uploadTime: {
    imageMs: number
    documentMs: number
    videoMs: number
    chatMs: number
    stallMs: number
  }
  /**
   * How long the body of a request that is not an upload (JSON, a form, anything unread) may take
   * from the request's start, in ms (REQUEST_BODY_MS, default 30 s): then 408, connection closed.
   */
  requestBodyMs: number
  /** Uploads one reader may have running at once (UPLOADS_AT_ONCE, default Limits.uploadsAtOnce). */
  uploadsAtOnce: number
  h5Dist: string
  serviceMobile: string
  /** The mini-program (login, phone number). */
  wechat: { appId: string; secret: string; apiBase: string }
  /** The official account (web authorisation on H5, JS-SDK signatures); same API origin. */
  wechatMp: { appId: string; secret: string }
  sms: {
    provider: 'local' | 'aliyun'
    /** Codes sent per client address in any hour, whatever the scene and number. */
    ipHourlyMax: number
    /** An image captcha is asked after this many codes within an hour to one number... */
    captchaAfterPerNumber: number
    /** ...or from one client address (default: two thirds of ipHourlyMax, so 20). */
    captchaAfterPerIp: number
    aliyun: {
      accessKeyId: string
      accessKeySecret: string
      signName: string
      templateCode: string
      endpoint: string
    }
  }
  /** Chat signatures and, with the Tencent chat engine, the reading groups mirrored to Tencent IM. */
  tencent: {
    sdkAppId: string
    secretKey: string
    /** Tencent IM's REST API (TENCENT_IM_API_BASE; a double in tests). */
    imApiBase: string
  }
  /** Redis for live chat delivery across processes; empty: delivery stays in this process. */
  redisUrl: string
  /**
   * Content moderation of chat text and images before sending, audio, video and files after
   * (MODERATION_PROVIDER: local, the default double, or tencent: TMS and IMS with
   * TENCENT_MODERATION_SECRET_ID / _SECRET_KEY / _REGION, default ap-guangzhou, and an optional
   * TENCENT_MODERATION_BIZ_TYPE). The local double's file hash list: MODERATION_HASH_FILE (default
   * services/moderation/risky-sha256.txt; "none" for no file) plus MODERATION_RISKY_SHA256 (a comma list).
   */
  moderation: {
    provider: 'local' | 'tencent'
    hashFile: string
    riskyHashes: string[]
    tencent: {
      secretId: string
      secretKey: string
      region: string
      bizType: string
      tmsEndpoint: string
      imsEndpoint: string
    }
  }
  /**
   * The per-reader chat send rates and byte budgets of ChatLimits: on unless CHAT_SEND_RATES=off,
   * which load tests (test:delivery, the E2E server) use; refused in production. The stranger rule
   * holds either way.
   */
  chatSendRates: boolean
  /**
   * The app setting enabledMessageReadReceipt (CHAT_READ_RECEIPTS, on unless off): off, chat login
   * tells the app so and a message's needReadReceipt is not kept.
   */
  chatReadReceipts: boolean
  /**
   * Online status of one-to-one peers (CHAT_ONLINE_STATUS, on unless off): off, chat login tells
   * the app so and getUserStatus is refused.
   */
  chatOnlineStatus: boolean
  /**
   * WeChat Pay API v3 (the merchant): with `mchId` set the real client pays; without it the local
   * double outside production, and no payment in production.
   */
  wechatPay: {
    mchId: string
    /** The merchant API certificate's serial number. */
    serial: string
    /** The merchant API private key (PEM), from WECHAT_PAY_PRIVATE_KEY or ..._FILE. */
    privateKey: string
    /** WeChat Pay's platform public key (PEM) that signs notifications and answers. */
    platformPublicKey: string
    /** Its id or certificate serial (Wechatpay-Serial); empty: not checked. */
    platformSerial: string
    /** The API v3 key (32 characters) that encrypts notifications. */
    apiV3Key: string
    baseUrl: string
    /** Where WeChat Pay posts notifications: https://<host>/api/pay/wechat/notify. */
    notifyUrl: string
  }
  /** The external mall of App.Mall.RemoteToken. */
  mall: {
    /** Signs the tokens (HS256); empty: a secret generated and kept in the database. */
    remoteSecret: string
    url: string
  }
  /** The agent programme (issue 18). */
  agent: {
    /**
     * How long a paid order can be refunded (REFUND_WINDOW_SECONDS, default 7 days): an agent's
     * commission on it stays pending this long, then settles.
     */
    refundWindowMs: number
    /**
     * Where share links and agent posters point (PUBLIC_ORIGIN, e.g. https://read.example.com);
     * default http://127.0.0.1:<PORT>, this server, which serves the H5 app.
     */
    publicOrigin: string
  }
}

type Env = Record<string, string | undefined>

const SERVER_ROOT = path.resolve(__dirname, '..')
const REPO_ROOT = path.resolve(SERVER_ROOT, '..')

function text(env: Env, name: string, fallback = ''): string {
  const value = env[name]
  return value === undefined || value.trim() === '' ? fallback : value.trim()
}

function port(env: Env): number {
  const value = Number(text(env, 'PORT', '8080'))
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got ${env.PORT}`)
  }
  return value
}

/** A PEM setting: NAME itself (\\n written as two characters allowed), or the file NAME_FILE names. */
function pem(env: Env, name: string): string {
  const file = text(env, `${name}_FILE`)
  if (file) return fs.readFileSync(path.resolve(file), 'utf8').trim()
  return text(env, name).replace(/\\n/g, '\n')
}

function positiveInt(env: Env, name: string, fallback: number): number {
  const value = Number(text(env, name, String(fallback)))
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new Error(`${name} must be a positive integer, got ${env[name]}`)
  }
  return value
}

function smsProvider(env: Env): 'local' | 'aliyun' {
  const value = text(env, 'SMS_PROVIDER', 'local')
  if (value !== 'local' && value !== 'aliyun') {
    throw new Error(`SMS_PROVIDER must be local or aliyun, got ${value}`)
  }
  return value
}

/** A path setting: relative values are taken from the working directory, defaults from the repo. */
function dir(env: Env, name: string, fallback: string): string {
  const value = text(env, name)
  return value ? path.resolve(value) : fallback
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = dir(env, 'DATA_DIR', path.join(SERVER_ROOT, '.data'))
  const ipHourlyMax = positiveInt(env, 'SMS_IP_HOURLY_MAX', 30)
  const config: Config = {
    port: port(env),
    host: text(env, 'HOST', '127.0.0.1'),
    trustProxy: text(env, 'TRUST_PROXY') === 'true',
    checkAnswers: text(env, 'NODE_ENV') === 'test' || text(env, 'CHECK_ANSWERS') === '1',
    apiDocs:
      text(env, 'API_DOCS') === '1' ||
      (text(env, 'API_DOCS') !== '0' && text(env, 'NODE_ENV', 'development') !== 'production'),
    loginIpFailuresMax: positiveInt(env, 'LOGIN_IP_FAILURES_MAX', 20),
    databaseUrl: text(env, 'DATABASE_URL'),
    dataDir,
    nodeEnv: text(env, 'NODE_ENV', 'development'),
    uploadDir: dir(env, 'UPLOAD_DIR', path.join(dataDir, 'uploads')),
    uploads: {
      dailyMaxFiles: positiveInt(env, 'UPLOAD_DAILY_MAX_FILES', 100),
      dailyMaxBytes: positiveInt(env, 'UPLOAD_DAILY_MAX_BYTES', 50 * 1024 * 1024),
    },
    chatUploads: {
      dailyMaxFiles: positiveInt(env, 'CHAT_UPLOAD_DAILY_MAX_FILES', 100),
      dailyMaxBytes: positiveInt(env, 'CHAT_UPLOAD_DAILY_MAX_BYTES', 200 * 1024 * 1024),
    },
    uploadTime: {
      imageMs: positiveInt(env, 'UPLOAD_IMAGE_BODY_MS', 2 * 60_000),
      documentMs: positiveInt(env, 'UPLOAD_DOCUMENT_BODY_MS', 10 * 60_000),
      videoMs: positiveInt(env, 'UPLOAD_VIDEO_BODY_MS', 10 * 60_000),
      chatMs: positiveInt(env, 'UPLOAD_CHAT_BODY_MS', 10 * 60_000),
      stallMs: positiveInt(env, 'UPLOAD_STALL_MS', 30_000),
    },
    requestBodyMs: positiveInt(env, 'REQUEST_BODY_MS', 30_000),
    uploadsAtOnce: positiveInt(env, 'UPLOADS_AT_ONCE', Limits.uploadsAtOnce),
    h5Dist: dir(env, 'H5_DIST', path.join(REPO_ROOT, 'dist', 'h5')),
    serviceMobile: text(env, 'SERVICE_MOBILE'),
    wechat: {
      appId: text(env, 'WECHAT_APPID'),
      secret: text(env, 'WECHAT_SECRET'),
      apiBase: text(env, 'WECHAT_API_BASE', 'https://api.weixin.qq.com').replace(/\/+$/, ''),
    },
    wechatMp: {
      appId: text(env, 'WECHAT_MP_APPID'),
      secret: text(env, 'WECHAT_MP_SECRET'),
    },
    sms: {
      provider: smsProvider(env),
      ipHourlyMax,
      captchaAfterPerNumber: positiveInt(env, 'SMS_CAPTCHA_AFTER_PER_NUMBER', 2),
      captchaAfterPerIp: positiveInt(
        env,
        'SMS_CAPTCHA_AFTER_PER_IP',
        Math.max(1, Math.floor((ipHourlyMax * 2) / 3)),
      ),
      aliyun: {
        accessKeyId: text(env, 'ALIYUN_SMS_ACCESS_KEY_ID'),
        accessKeySecret: text(env, 'ALIYUN_SMS_ACCESS_KEY_SECRET'),
        signName: text(env, 'ALIYUN_SMS_SIGN_NAME'),
        templateCode: text(env, 'ALIYUN_SMS_TEMPLATE_CODE'),
        endpoint: text(env, 'ALIYUN_SMS_ENDPOINT', 'https://dysmsapi.aliyuncs.com').replace(
          /\/+$/,
          '',
        ),
      },
    },
    tencent: {
      sdkAppId: text(env, 'TENCENT_SDKAPPID'),
      secretKey: text(env, 'TENCENT_SECRETKEY'),
      imApiBase: text(env, 'TENCENT_IM_API_BASE', 'https://console.tim.qq.com').replace(/\/+$/, ''),
    },
    redisUrl: text(env, 'REDIS_URL'),
    moderation: moderationConfig(env),
    chatSendRates: onOff(env, 'CHAT_SEND_RATES'),
    chatReadReceipts: onOff(env, 'CHAT_READ_RECEIPTS'),
    chatOnlineStatus: onOff(env, 'CHAT_ONLINE_STATUS'),
    wechatPay: {
      mchId: text(env, 'WECHAT_PAY_MCHID'),
      serial: text(env, 'WECHAT_PAY_SERIAL'),
      privateKey: pem(env, 'WECHAT_PAY_PRIVATE_KEY'),
      platformPublicKey: pem(env, 'WECHAT_PAY_PLATFORM_PUBLIC_KEY'),
      platformSerial: text(env, 'WECHAT_PAY_PLATFORM_SERIAL'),
      apiV3Key: text(env, 'WECHAT_PAY_API_V3_KEY'),
      baseUrl: text(env, 'WECHAT_PAY_BASE_URL', 'https://api.mch.weixin.qq.com').replace(
        /\/+$/,
        '',
      ),
      notifyUrl: text(env, 'WECHAT_PAY_NOTIFY_URL'),
    },
    mall: {
      remoteSecret: text(env, 'MALL_REMOTE_SECRET'),
      url: text(env, 'MALL_URL'),
    },
    agent: {
      refundWindowMs:
        positiveInt(env, 'REFUND_WINDOW_SECONDS', REFUND_WINDOW_DAYS_DEFAULT * 86_400) * 1000,
      publicOrigin: text(env, 'PUBLIC_ORIGIN', `http://127.0.0.1:${port(env)}`).replace(/\/+$/, ''),
    },
  }
  checkConfig(config)
  return config
}

function moderationConfig(env: Env): Config['moderation'] {
  const provider = text(env, 'MODERATION_PROVIDER', 'local')
  if (provider !== 'local' && provider !== 'tencent') {
    throw new Error(`MODERATION_PROVIDER must be local or tencent, got ${provider}`)
  }
  const hashFile = text(env, 'MODERATION_HASH_FILE')
  const endpoint = (name: string, fallback: string) => text(env, name, fallback).replace(/\/+$/, '')
  return {
    provider,
    hashFile:
      hashFile === 'none'
        ? ''
        : hashFile
          ? path.resolve(hashFile)
          : path.join(SERVER_ROOT, 'src', 'services', 'moderation', 'risky-sha256.txt'),
    riskyHashes: text(env, 'MODERATION_RISKY_SHA256')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    tencent: {
      secretId: text(env, 'TENCENT_MODERATION_SECRET_ID'),
      secretKey: text(env, 'TENCENT_MODERATION_SECRET_KEY'),
      region: text(env, 'TENCENT_MODERATION_REGION', 'ap-guangzhou'),
      bizType: text(env, 'TENCENT_MODERATION_BIZ_TYPE'),
      tmsEndpoint: endpoint('TENCENT_MODERATION_TMS_ENDPOINT', 'https://tms.tencentcloudapi.com'),
      imsEndpoint: endpoint('TENCENT_MODERATION_IMS_ENDPOINT', 'https://ims.tencentcloudapi.com'),
    },
  }
}

/** Refuses half-configured providers at start instead of failing on the first call. */
/** An on/off setting, on by default. */
function onOff(env: Env, name: string): boolean {
  const value = text(env, name, 'on')
  if (value !== 'on' && value !== 'off') throw new Error(`${name} must be on or off, got ${value}`)
  return value === 'on'
}

function checkConfig(config: Config): void {
  if (!config.chatSendRates && config.nodeEnv === 'production') {
    throw new Error('CHAT_SEND_RATES=off is for load tests, not production')
  }
  if (config.wechat.appId && !config.wechat.secret) {
    throw new Error('WECHAT_APPID is set but WECHAT_SECRET is not')
  }
  if (Boolean(config.wechatMp.appId) !== Boolean(config.wechatMp.secret)) {
    throw new Error('WECHAT_MP_APPID and WECHAT_MP_SECRET must be set together')
  }
  if (config.sms.provider === 'aliyun') {
    const missing = Object.entries(config.sms.aliyun)
      .filter(([, value]) => value === '')
      .map(([key]) => key)
    if (missing.length > 0) {
      throw new Error(`SMS_PROVIDER=aliyun needs the ALIYUN_SMS_* settings: missing ${missing}`)
    }
  }
  if (config.moderation.provider === 'tencent') {
    const { secretId, secretKey } = config.moderation.tencent
    if (!secretId || !secretKey) {
      throw new Error(
        'MODERATION_PROVIDER=tencent needs TENCENT_MODERATION_SECRET_ID and TENCENT_MODERATION_SECRET_KEY',
      )
    }
  }
  if (Boolean(config.tencent.sdkAppId) !== Boolean(config.tencent.secretKey)) {
    throw new Error('TENCENT_SDKAPPID and TENCENT_SECRETKEY must be set together')
  }
  if (config.wechatPay.mchId) {
    const pay = config.wechatPay
    const missing = Object.entries({
      WECHAT_PAY_SERIAL: pay.serial,
      WECHAT_PAY_PRIVATE_KEY: pay.privateKey,
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: pay.platformPublicKey,
      WECHAT_PAY_API_V3_KEY: pay.apiV3Key,
      WECHAT_PAY_NOTIFY_URL: pay.notifyUrl,
    })
      .filter(([, value]) => value === '')
      .map(([key]) => key)
    if (missing.length > 0) {
      throw new Error(`WECHAT_PAY_MCHID is set but not ${missing.join(', ')}`)
    }
    if (Buffer.byteLength(pay.apiV3Key) !== 32) {
      throw new Error('WECHAT_PAY_API_V3_KEY must be 32 bytes')
    }
    if (!config.wechat.appId && !config.wechatMp.appId) {
      throw new Error('WECHAT_PAY_MCHID needs WECHAT_APPID or WECHAT_MP_APPID (the app that pays)')
    }
  }
  if (!/^https?:\/\/[^\s/?#]+$/.test(config.agent.publicOrigin)) {
    throw new Error(
      `PUBLIC_ORIGIN must be an origin such as https://read.example.com, got ${config.agent.publicOrigin}`,
    )
  }
  if (maxUploadBodyMs(config) > UPLOAD_BODY_CEILING_MS) {
    throw new Error(
      `upload body limits (UPLOAD_*_BODY_MS) must be at most ${UPLOAD_BODY_CEILING_MS}`,
    )
  }
  if (config.tencent.sdkAppId && !/^\d+$/.test(config.tencent.sdkAppId)) {
    throw new Error(`TENCENT_SDKAPPID must be a number, got ${config.tencent.sdkAppId}`)
  }
}

/**
 * No upload's body takes longer than this: a partial file (`*.part`) older than it belongs to no
 * upload any more, and the upload sweep removes it.
 */
export const UPLOAD_BODY_CEILING_MS = 60 * 60_000

/** The longest body limit of any upload route. */
export const maxUploadBodyMs = (config: Config): number => {
  const { imageMs, documentMs, videoMs, chatMs } = config.uploadTime
  return Math.max(imageMs, documentMs, videoMs, chatMs)
}

export const isProduction = (config: Config): boolean => config.nodeEnv === 'production'
