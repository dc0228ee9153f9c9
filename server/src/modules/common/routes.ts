import { addressKey } from '../../http/addressKey'
import { callerOf, type CallContext } from '../../http/call'
import type { QueryRoute } from '../../http/dispatcher'
import { Answer } from '../../http/envelope'
import type { RestRoute } from '../../http/rest'
import { readMobile, readScene } from '../account/input'
import { findLiveUserById } from '../account/users'
import { loginRequired } from '../../http/errors'
import { sendCaptcha } from './captcha'
import { createImageCaptcha } from './imageCaptcha'
import { moderateText } from './moderation'
import { specialDetail } from './special'
import { appSysConf, initData } from './sysConfig'
import { uploadImage } from './upload'
import { uploadPolicy } from './uploadQuota'
import { sharePage } from './wechatShare'

async function boundMobileOf(call: CallContext): Promise<string> {
  const me = call.caller ? await findLiveUserById(call.app.db, call.caller.userId) : undefined
  if (!me?.mobile) throw loginRequired()
  return me.mobile
}

/**
 * The delete_account code goes to the account's own number, which the app only knows masked:
 * without a number, that scene sends to the caller's bound mobile.
 */
const sendCode = (field: 'mobile' | 'phone') => async (call: CallContext) => {
  const scene = readScene(call.params)
  const ownNumber = scene === 'delete_account' && !call.params.has(field)
  const mobile = ownNumber ? await boundMobileOf(call) : readMobile(call.params, field)
  const image = call.params.has('captcha_id')
    ? { id: call.params.trimmed('captcha_id', 64), code: call.params.trimmed('captcha_code', 16) }
    : null
  const sent = await sendCaptcha(
    call.app,
    mobile,
    scene,
    call.caller,
    addressKey(call.req.ip),
    image,
  )
  return new Answer(sent, '验证码已发送')
}

export const commonQueryRoutes: QueryRoute[] = [
  { name: 'App.Common_Sms.SendCaptcha', method: 'POST', auth: false, handler: sendCode('mobile') },
  {
    name: 'App.Common_Tools.TextModeration',
    method: 'POST',
    auth: false,
    handler: async ({ params }) => moderateText(params.required('content', '请输入内容', 5000)),
  },
  {
    name: 'App.Common_File.Upload',
    method: 'POST',
    auth: true,
    handler: (call) => uploadImage(call.app, callerOf(call), call.req),
  },
  {
    name: 'App.Common_Config.GetUploadToken',
    method: 'GET',
    auth: true,
    handler: (call) => uploadPolicy(call.app, callerOf(call)),
  },
  {
    name: 'App.Common_Tools.CreateCaptcha',
    method: 'POST',
    auth: false,
    handler: ({ app, req }) => createImageCaptcha(app, addressKey(req.ip)),
  },
  {
    name: 'App.Common_Config.AppSysConf',
    method: 'GET',
    auth: false,
    handler: async ({ app }) => appSysConf(app),
  },
  {
    name: 'App.Special.Detail',
    method: 'GET',
    auth: false,
    handler: ({ app, params }) => specialDetail(app.db, params.required('id', '页面不存在', 64)),
  },
  {
    name: 'App.Common_Weixin.SharePage',
    method: 'GET',
    auth: false,
    handler: ({ app, params }) => sharePage(app, params.required('url', '缺少分享链接', 1000)),
  },
]

export const commonRestRoutes: RestRoute[] = [
  { method: 'POST', url: '/util/sms/alibaba/send', auth: false, handler: sendCode('phone') },
  {
    method: 'GET',
    url: '/api/utils/findInitData',
    auth: false,
    handler: ({ app }) => initData(app),
  },
]
