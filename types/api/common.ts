/**
 * The common contract (app-spec section 7, "Session and common"): SMS codes and the image captcha
 * asked before more sends, text moderation, uploads and the upload policy, the app's settings and
 * start-up data, the operators' pages and the WeChat JS-SDK signature. Uploads are multipart (the
 * file in field `file`); /dev routes and file serving are not API calls and are not declared.
 */
import type { TLiteral, TUnion } from '@sinclair/typebox'
import { call, NoInput, Required, Trimmed, Type, type CallInput, type Static } from './contract'

/** The device id and WeChat binding calls are the account domain's (declared in account.ts). */

export const SCENE_INVALID = '验证码用途不正确'
export const CONTENT_MISSING = '请输入内容'
export const PAGE_NOT_FOUND = '页面不存在'
export const SHARE_URL_MISSING = '缺少分享链接'

/**
 * What an SMS code is for. `bind` completes a WeChat login on H5 with a number that may or may not
 * have an account yet.
 */
export const SMS_SCENES = [
  'register',
  'login',
  'reset',
  'change_phone',
  'delete_account',
  'bind',
] as const
export type SmsScene = (typeof SMS_SCENES)[number]

const Scene = Type.Union(
  SMS_SCENES.map((scene) => Type.Literal(scene)),
  { 'x-error': SCENE_INVALID, 'x-trim': true },
) as TUnion<TLiteral<SmsScene>[]>

export const SendCaptchaRes = Type.Object({
  /** Seconds until another code may be sent to this number. */
  retry_after: Type.Integer(),
})
export type SendCaptchaRes = Static<typeof SendCaptchaRes>

/**
 * The `data` of SendCaptcha's 400 when it wants an image captcha first (after repeated sends to
 * one number or from one address): send again with `captcha_id` and `captcha_code`.
 */
export interface NeedCaptchaData {
  needCaptcha: true
}

/** An image captcha, valid 5 minutes, once. */
export const CreateCaptchaRes = Type.Object({
  captchaId: Type.String(),
  /** An SVG data URL (data:image/svg+xml;base64,...). */
  image: Type.String(),
})
export type CreateCaptchaRes = Static<typeof CreateCaptchaRes>

export const TextModerationRes = Type.Object({
  pass: Type.Boolean(),
  /** The words that failed, when any. */
  hits: Type.Array(Type.String()),
})
export type TextModerationRes = Static<typeof TextModerationRes>

export const UploadRes = Type.Object({
  url: Type.String(),
  size: Type.Integer(),
  mime: Type.String(),
})
export type UploadRes = Static<typeof UploadRes>

/**
 * This reader's upload policy. Uploads stay authenticated by the session (App.Common_File.Upload);
 * this tells the client what the server will accept, so it can refuse a file up front with the
 * server's own texts.
 */
export const UploadPolicy = Type.Object({
  /** Largest file accepted, in bytes. */
  max_file_bytes: Type.Integer(),
  /** MIME types accepted (checked by the file's content). */
  allowed_types: Type.Array(Type.String()),
  /** Uploads and bytes still allowed today (China calendar day). */
  files_left: Type.Integer(),
  bytes_left: Type.Integer(),
  /** The texts the server answers for a file too big and for an exhausted quota. */
  too_big_msg: Type.String(),
  quota_msg: Type.String(),
})
export type UploadPolicy = Static<typeof UploadPolicy>

export const AppSysConf = Type.Object({
  app_name: Type.String(),
  version: Type.String(),
  version_code: Type.Integer(),
  /** Whether the WeChat login entry is offered (an appid is configured). */
  wechat_login: Type.Boolean(),
  /**
   * The official account's appid for WeChat's web authorisation on H5 (WeChat's browser); empty when
   * not configured.
   */
  wechat_mp_appid: Type.String(),
  service_mobile: Type.String(),
})
export type AppSysConf = Static<typeof AppSysConf>

export const InitData = Type.Object({
  sys: AppSysConf,
  agreement_updated_at: Type.Integer(),
  privacy_updated_at: Type.Integer(),
})
export type InitData = Static<typeof InitData>

/** A page written by the operators (agreement, privacy, agent_agreement). */
export const SpecialDetail = Type.Object({
  id: Type.String(),
  title: Type.String(),
  /** Sanitised HTML written by the operators (never user text). */
  content: Type.String(),
  updated_at: Type.Integer(),
})
export type SpecialDetail = Static<typeof SpecialDetail>

/** wx.config parameters for a page of the H5 app opened inside WeChat. */
export const SharePageRes = Type.Object({
  debug: Type.Boolean(),
  appId: Type.String(),
  timestamp: Type.Integer(),
  nonceStr: Type.String(),
  signature: Type.String(),
})
export type SharePageRes = Static<typeof SharePageRes>

/** GET /dev/sms?mobile= (never in production; not an API call). */
export interface DevSmsItem {
  code: string
  scene: SmsScene
  at: number
}

/** The image captcha a repeated send carries, once SendCaptcha has asked for it. */
const imageAnswer = {
  captcha_id: Type.Optional(Trimmed(64)),
  captcha_code: Type.Optional(Trimmed(16)),
}

const SEND_SUMMARY =
  "Sends a 6-digit code for `scene` (one a minute and Limits.smsDailyMax a day per number); after repeated sends it answers 400 with NeedCaptchaData until an image captcha comes along. For delete_account without a number, the code goes to the caller's bound number."

export const commonApi = {
  sendCaptcha: call({
    summary: SEND_SUMMARY,
    auth: false,
    query: { method: 'POST', name: 'App.Common_Sms.SendCaptcha' },
    input: Type.Object({
      mobile: Type.Optional(Trimmed(32)),
      scene: Scene,
      ...imageAnswer,
    }),
    answer: SendCaptchaRes,
  }),
  smsSend: call({
    summary: `${SEND_SUMMARY} The REST style of App.Common_Sms.SendCaptcha (the number is \`phone\`).`,
    auth: false,
    rest: { method: 'POST', path: '/util/sms/alibaba/send' },
    input: Type.Object({
      phone: Type.Optional(Trimmed(32)),
      scene: Scene,
      ...imageAnswer,
    }),
    answer: SendCaptchaRes,
  }),
  createCaptcha: call({
    summary: 'A new image captcha (SVG), valid 5 minutes and for one try.',
    auth: false,
    query: { method: 'POST', name: 'App.Common_Tools.CreateCaptcha' },
    input: NoInput,
    answer: CreateCaptchaRes,
  }),
  textModeration: call({
    summary: 'Checks a text against the blocked words.',
    auth: false,
    query: { method: 'POST', name: 'App.Common_Tools.TextModeration' },
    input: Type.Object({ content: Required(CONTENT_MISSING, 5000) }),
    answer: TextModerationRes,
  }),
  upload: call({
    summary:
      'Uploads an image (multipart, field `file`; JPEG, PNG, GIF or WebP by content, at most Limits.avatarMaxBytes) within the daily quota.',
    auth: true,
    query: { method: 'POST', name: 'App.Common_File.Upload' },
    body: 'multipart',
    input: NoInput,
    answer: UploadRes,
  }),
  uploadPolicy: call({
    summary: 'What App.Common_File.Upload accepts from the caller today.',
    auth: true,
    query: { method: 'GET', name: 'App.Common_Config.GetUploadToken' },
    input: NoInput,
    answer: UploadPolicy,
  }),
  appSysConf: call({
    summary: "The app's name, version and login options.",
    auth: false,
    query: { method: 'GET', name: 'App.Common_Config.AppSysConf' },
    input: NoInput,
    answer: AppSysConf,
  }),
  initData: call({
    summary: 'AppSysConf and when the agreement and the privacy policy last changed.',
    auth: false,
    rest: { method: 'GET', path: '/api/utils/findInitData' },
    input: NoInput,
    answer: InitData,
  }),
  specialDetail: call({
    summary: 'A page written by the operators: `id` agreement, privacy or agent_agreement.',
    auth: false,
    query: { method: 'GET', name: 'App.Special.Detail' },
    input: Type.Object({ id: Required(PAGE_NOT_FOUND, 64) }),
    answer: SpecialDetail,
  }),
  sharePage: call({
    summary:
      'wx.config parameters signed for `url` (the page address without #) by the official account; also served at /?s=.',
    auth: false,
    query: { method: 'GET', name: 'App.Common_Weixin.SharePage' },
    input: Type.Object({ url: Required(SHARE_URL_MISSING, 1000) }),
    answer: SharePageRes,
  }),
}

export type SendCaptchaReq = CallInput<typeof commonApi.sendCaptcha>
export type AlibabaSendReq = CallInput<typeof commonApi.smsSend>
export type TextModerationReq = CallInput<typeof commonApi.textModeration>
export type SpecialDetailReq = CallInput<typeof commonApi.specialDetail>
export type SharePageReq = CallInput<typeof commonApi.sharePage>
