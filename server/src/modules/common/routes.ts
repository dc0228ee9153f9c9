import type { FastifyRequest } from 'fastify'
import { checkPhone } from '@rules/validate'
import { commonApi, type SmsScene } from '@api/common'
import type { AppContext } from '../../context'
import { addressKey } from '../../http/addressKey'
import type { Caller } from '../../http/auth'
import { Answer } from '../../http/envelope'
import { badRequest, loginRequired } from '../../http/errors'
import { serve } from '../../http/serve'
import { findLiveUserById } from '../../db/users'
import { sendCaptcha } from './captcha'
import { createImageCaptcha } from './imageCaptcha'
import { moderateText } from './moderation'
import { specialDetail } from './special'
import { appSysConf, initData } from './sysConfig'
import { uploadImage } from './upload'
import { uploadPolicy } from './uploadQuota'
import { sharePage } from './wechatShare'

async function boundMobileOf(app: AppContext, caller: Caller | null): Promise<string> {
  const me = caller ? await findLiveUserById(app.db, caller.userId) : undefined
  if (!me?.mobile) throw loginRequired()
  return me.mobile
}

interface SendInput {
  scene: SmsScene
  captcha_id?: string
  captcha_code?: string
}

/**
 * The delete_account code goes to the account's own number, which the app only knows masked:
 * without a number, that scene sends to the caller's bound mobile.
 */
async function sendCode(
  { app, caller, req }: { app: AppContext; caller: Caller | null; req: FastifyRequest },
  input: SendInput,
  number: string | undefined,
) {
  let mobile: string
  if (number === undefined && input.scene === 'delete_account') {
    mobile = await boundMobileOf(app, caller)
  } else {
    const problem = checkPhone(number ?? '')
    if (problem) throw badRequest(problem)
    mobile = number ?? ''
  }
  const image =
    input.captcha_id !== undefined ? { id: input.captcha_id, code: input.captcha_code ?? '' } : null
  const sent = await sendCaptcha(app, mobile, input.scene, caller, addressKey(req.ip), image)
  return new Answer(sent, '验证码已发送')
}

export const commonRoutes = serve(commonApi, {
  sendCaptcha: (call) => sendCode(call, call.input, call.input.mobile),
  smsSend: (call) => sendCode(call, call.input, call.input.phone),
  createCaptcha: ({ app, req }) => createImageCaptcha(app, addressKey(req.ip)),
  textModeration: async ({ input }) => moderateText(input.content),
  upload: ({ app, caller, req }) => uploadImage(app, caller, req),
  uploadPolicy: ({ app, caller }) => uploadPolicy(app, caller),
  appSysConf: async ({ app }) => appSysConf(app),
  initData: ({ app }) => initData(app),
  specialDetail: ({ app, input }) => specialDetail(app.db, input.id),
  sharePage: ({ app, input }) => sharePage(app, input.url),
})
