import { accountApi, PASSWORD_RESET_TEXT } from '@api/account'
import { addressKey } from '../../http/addressKey'
import { Answer } from '../../http/envelope'
import { badRequest } from '../../http/errors'
import { serve } from '../../http/serve'
import { deviceWechatHandlers } from './deviceWechatRoutes'
import { checkedMobile, checkedNewPassword, checkedSmsCode } from './input'
import * as profile from './profileService'
import * as security from './securityService'
import * as account from './service'
import { bindPhone, gainUserPhone, oauthLogin } from './wechatLogin'

export const accountRoutes = serve(accountApi, {
  register: ({ app, input, req }) =>
    account.register(
      app,
      addressKey(req.ip),
      checkedMobile(input.mobile),
      checkedSmsCode(input.code),
      checkedNewPassword(input.password),
    ),
  registerByPhone: ({ app, input, req }) =>
    account.register(
      app,
      addressKey(req.ip),
      checkedMobile(input.phone),
      checkedSmsCode(input.code),
      checkedNewPassword(input.password),
    ),
  loginByMobile: async ({ app, input, req }) => {
    const mobile = checkedMobile(input.mobile)
    if (input.code) {
      return account.loginByCode(app, addressKey(req.ip), mobile, checkedSmsCode(input.code))
    }
    if (input.password) {
      return account.loginByPassword(app, addressKey(req.ip), mobile, input.password)
    }
    throw badRequest('请输入密码或验证码')
  },
  loginByPhone: ({ app, input, req }) =>
    account.loginByPassword(app, addressKey(req.ip), checkedMobile(input.phone), input.password),
  resetPassword: async ({ app, input, req }) => {
    const mobile = checkedMobile(input.mobile)
    const code = checkedSmsCode(input.code)
    await account.resetPassword(
      app,
      addressKey(req.ip),
      mobile,
      code,
      checkedNewPassword(input.password),
    )
    return new Answer(null, PASSWORD_RESET_TEXT)
  },
  resetPasswordByPhone: async ({ app, input, req }) => {
    const phone = checkedMobile(input.phone)
    const code = checkedSmsCode(input.code)
    await account.resetPassword(
      app,
      addressKey(req.ip),
      phone,
      code,
      checkedNewPassword(input.password),
    )
    return new Answer(null, PASSWORD_RESET_TEXT)
  },
  wxOauth: ({ app, input }) => oauthLogin(app, input.code, input.source ?? 'weapp'),
  wxGainUserPhone: ({ app, input }) => gainUserPhone(app, input.code, input.ticket),
  wxBindPhone: ({ app, input, req }) =>
    bindPhone(
      app,
      addressKey(req.ip),
      input.ticket,
      checkedMobile(input.phone),
      checkedSmsCode(input.code),
    ),
  refreshToken: ({ app, input }) => account.refresh(app, input.refresh_token),
  loginByToken: ({ app, caller }) => account.loginByToken(app, caller),
  logout: async ({ app, caller }) => {
    await account.logout(app, caller)
    return new Answer(null, '已退出登录')
  },
  createLog: async ({ app, input, caller, req }) => {
    await profile.createLog(app, caller, input.platform_type, input.device_info ?? '', req.ip)
    return null
  },
  bindSpid: async ({ app, input, caller }) =>
    new Answer(await profile.bindSpid(app, caller, input.spid), '绑定成功'),
  myProfile: ({ app, caller }) => profile.getProfile(app, caller),
  userInfo: ({ app, input }) => profile.getPublicUser(app, input.user_id),
  updateProfile: ({ app, input, caller }) =>
    profile.updateProfile(app, caller, profile.checkProfileChanges(input)),
  idcardAuth: ({ app, input, caller }) =>
    profile.idcardAuth(app, caller, input.real_name, input.id_card),
  changePhone: ({ app, input, caller }) =>
    security.changePhone(
      app,
      caller,
      checkedMobile(input.phone),
      checkedSmsCode(input.code),
      input.password ?? '',
    ),
  changePassword: async ({ app, input, caller }) => {
    await account.changePassword(
      app,
      caller,
      input.old_password,
      checkedNewPassword(input.password),
    )
    return new Answer(null, '密码已修改')
  },
  deleteAccount: async ({ app, input, caller }) => {
    await security.deleteAccount(app, caller, checkedSmsCode(input.code))
    return new Answer(null, '账号已注销')
  },
  ...deviceWechatHandlers,
})
