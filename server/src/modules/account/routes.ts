import { addressKey } from '../../http/addressKey'
import { callerOf, type CallContext } from '../../http/call'
import type { QueryRoute } from '../../http/dispatcher'
import { Answer } from '../../http/envelope'
import { badRequest } from '../../http/errors'
import type { RestRoute } from '../../http/rest'
import {
  readGivenPassword,
  readMobile,
  readNewPassword,
  readOauthSource,
  readSmsCode,
} from './input'
import { deviceWechatQueryRoutes } from './deviceWechatRoutes'
import * as profile from './profileService'
import * as security from './securityService'
import * as account from './service'
import { bindPhone, gainUserPhone, oauthLogin } from './wechatLogin'

const loginByMobile = async ({ app, params, req }: CallContext) => {
  const mobile = readMobile(params)
  if (params.trimmed('code', 16) !== '')
    return account.loginByCode(app, addressKey(req.ip), mobile, readSmsCode(params))
  if (params.text('password', 64) !== '') {
    return account.loginByPassword(app, addressKey(req.ip), mobile, readGivenPassword(params))
  }
  throw badRequest('请输入密码或验证码')
}

const updateProfile = async (call: CallContext) =>
  profile.updateProfile(call.app, callerOf(call), profile.readProfileChanges(call.params))

export const accountQueryRoutes: QueryRoute[] = [
  {
    name: 'User.User.Register',
    method: 'POST',
    auth: false,
    handler: ({ app, params, req }) =>
      account.register(
        app,
        addressKey(req.ip),
        readMobile(params),
        readSmsCode(params),
        readNewPassword(params),
      ),
  },
  { name: 'User.User.LoginByMobile', method: 'POST', auth: false, handler: loginByMobile },
  {
    name: 'User.User.ResetPasswordByMobile',
    method: 'POST',
    auth: false,
    handler: async ({ app, params, req }) => {
      const mobile = readMobile(params)
      await account.resetPassword(
        app,
        addressKey(req.ip),
        mobile,
        readSmsCode(params),
        readNewPassword(params),
      )
      return new Answer(null, '密码已重置，请重新登录')
    },
  },
  {
    name: 'App.Common_Token.RefreshToken',
    method: 'POST',
    auth: false,
    handler: ({ app, params }) =>
      account.refresh(app, params.required('refresh_token', '登录已失效，请重新登录', 200)),
  },
  {
    name: 'User.User.LoginByToken',
    method: 'POST',
    auth: true,
    handler: (call) => account.loginByToken(call.app, callerOf(call)),
  },
  {
    name: 'User.User.Logout',
    method: 'POST',
    auth: true,
    handler: async (call) => {
      await account.logout(call.app, callerOf(call))
      return new Answer(null, '已退出登录')
    },
  },
  {
    name: 'User.User.CreateLog',
    method: 'POST',
    auth: true,
    handler: async (call) => {
      const platform = call.params.required('platform_type', '缺少平台类型', 32)
      const device = call.params.trimmed('device_info', 1000)
      await profile.createLog(call.app, callerOf(call), platform, device, call.req.ip)
      return null
    },
  },
  {
    name: 'User.User.BindSpid',
    method: 'POST',
    auth: true,
    handler: async (call) => {
      const spid = call.params.id('spid', '推荐人不存在')
      return new Answer(await profile.bindSpid(call.app, callerOf(call), spid), '绑定成功')
    },
  },
  {
    name: 'User.User.GetMyProfile',
    method: 'GET',
    auth: true,
    handler: (call) => profile.getProfile(call.app, callerOf(call)),
  },
  {
    name: 'App.User.GetInfo',
    method: 'GET',
    auth: false,
    handler: ({ app, params }) => profile.getPublicUser(app, params.id('user_id', '用户不存在')),
  },
  { name: 'User.User.RefreshUserProfile', method: 'POST', auth: true, handler: updateProfile },
  {
    name: 'User.User.IdcardAuth',
    method: 'POST',
    auth: true,
    handler: (call) =>
      profile.idcardAuth(
        call.app,
        callerOf(call),
        call.params.trimmed('real_name', 50),
        call.params.trimmed('id_card', 50),
      ),
  },
  ...deviceWechatQueryRoutes,
]

export const accountRestRoutes: RestRoute[] = [
  {
    method: 'POST',
    url: '/api/login/phone',
    auth: false,
    handler: ({ app, params, req }) =>
      account.loginByPassword(
        app,
        addressKey(req.ip),
        readMobile(params, 'phone'),
        readGivenPassword(params),
      ),
  },
  {
    method: 'POST',
    url: '/api/login/register',
    auth: false,
    handler: ({ app, params, req }) =>
      account.register(
        app,
        addressKey(req.ip),
        readMobile(params, 'phone'),
        readSmsCode(params),
        readNewPassword(params),
      ),
  },
  {
    method: 'POST',
    url: '/api/login/oauth',
    auth: false,
    handler: ({ app, params }) =>
      oauthLogin(app, params.required('code', '缺少登录凭证', 200), readOauthSource(params)),
  },
  {
    method: 'POST',
    url: '/api/login/gainUserPhone',
    auth: false,
    handler: ({ app, params }) =>
      gainUserPhone(
        app,
        params.required('code', '缺少手机号授权凭证', 200),
        params.required('ticket', '登录已超时，请重新登录', 200),
      ),
  },
  {
    method: 'POST',
    url: '/api/login/bindPhone',
    auth: false,
    handler: ({ app, params, req }) =>
      bindPhone(
        app,
        addressKey(req.ip),
        params.required('ticket', '微信授权已过期，请重新登录', 200),
        readMobile(params, 'phone'),
        readSmsCode(params),
      ),
  },
  {
    method: 'POST',
    url: '/api/login/UpdateUserInfoPwd',
    auth: false,
    handler: async ({ app, params, req }) => {
      const phone = readMobile(params, 'phone')
      await account.resetPassword(
        app,
        addressKey(req.ip),
        phone,
        readSmsCode(params),
        readNewPassword(params),
      )
      return new Answer(null, '密码已重置，请重新登录')
    },
  },
  { method: 'POST', url: '/api/user/updateUserInfoApi', auth: true, handler: updateProfile },
  {
    method: 'POST',
    url: '/api/user/updateUserPhoneApi',
    auth: true,
    handler: (call) =>
      security.changePhone(
        call.app,
        callerOf(call),
        readMobile(call.params, 'phone'),
        readSmsCode(call.params),
        call.params.text('password', 64),
      ),
  },
  {
    method: 'POST',
    url: '/api/user/updateUserPwdApi',
    auth: true,
    handler: async (call) => {
      const oldPassword = readGivenPassword(call.params, 'old_password')
      const password = readNewPassword(call.params)
      await account.changePassword(call.app, callerOf(call), oldPassword, password)
      return new Answer(null, '密码已修改')
    },
  },
  {
    method: 'POST',
    url: '/api/user/logoutAccount',
    auth: true,
    handler: async (call) => {
      await security.deleteAccount(call.app, callerOf(call), readSmsCode(call.params))
      return new Answer(null, '账号已注销')
    },
  },
]
