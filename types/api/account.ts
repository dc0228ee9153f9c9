/**
 * The account contract (app-spec section 7, "Session and common" and "User"): registration, the
 * logins (password, SMS code, WeChat), the session, the profile, the account's security and its
 * devices and WeChat binding. Requests are flat objects (sent as form or JSON); answers are the
 * `data` of the envelope. Phone numbers, SMS codes and new passwords get the shared rules of
 * rules/validate in the service (their messages tell a missing value from a malformed one).
 */
import { ValidationText } from '@rules/validate'
import {
  call,
  Clearable,
  Id,
  NoData,
  NoInput,
  Required,
  Text,
  Trimmed,
  Type,
  type CallInput,
  type Static,
} from './contract'

export const USER_NOT_FOUND = '用户不存在'
export const SPID_NOT_FOUND = '推荐人不存在'
export const REFRESH_DEAD_TEXT = '登录已失效，请重新登录'
export const TICKET_DEAD_TEXT = '登录已超时，请重新登录'
export const BIND_TICKET_DEAD_TEXT = '微信授权已过期，请重新登录'
export const PASSWORD_RESET_TEXT = '密码已重置，请重新登录'

/** 0 unknown, 1 male, 2 female. */
export const Gender = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])
export type Gender = Static<typeof Gender>

/** The signed-in person as the app sees them (stored on the device as userInfo / user_info). */
export const UserProfile = Type.Object({
  user_id: Type.Integer(),
  /** Masked for display, e.g. 138****0000. */
  mobile: Type.String(),
  nickname: Type.String(),
  avatar: Type.String(),
  sex: Gender,
  signature: Type.String(),
  /** True once IdcardAuth has accepted a name and ID number. */
  real_name_verified: Type.Boolean(),
  /** Masked real name (e.g. 张*), empty when not verified. */
  real_name: Type.String(),
  /** 1 may use chat (chat-spec section 5). */
  im_status: Type.Integer(),
  has_password: Type.Boolean(),
  wechat_bound: Type.Boolean(),
  created_at: Type.Integer(),
})
export type UserProfile = Static<typeof UserProfile>

/** A public view of another person (App.User.GetInfo). */
export const PublicUser = Type.Object({
  user_id: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  sex: Gender,
  signature: Type.String(),
})
export type PublicUser = Static<typeof PublicUser>

const loginFields = {
  access_token: Type.String(),
  expire_at: Type.Integer(),
  refresh_token: Type.String(),
  refresh_expire_at: Type.Integer(),
  user: UserProfile,
  /** Chat signature for the chat engine. */
  userSig: Type.String(),
}
/** Every login answers this (unix seconds; access 2 h, refresh 30 days). */
export const LoginResult = Type.Object(loginFields)
export type LoginResult = Static<typeof LoginResult>

/** LoginByToken confirms the token and answers the profile. */
export const LoginByTokenRes = Type.Object({ user: UserProfile, userSig: Type.String() })
export type LoginByTokenRes = Static<typeof LoginByTokenRes>

/**
 * Either a full login (the WeChat account is bound to a user) or a ticket that must be completed
 * with the phone number (gainUserPhone, or bindPhone on H5).
 */
export const OauthRes = Type.Union([
  Type.Object({ bound: Type.Literal(true), ...loginFields }),
  Type.Object({ bound: Type.Literal(false), ticket: Type.String(), expire_at: Type.Integer() }),
])
export type OauthRes = Static<typeof OauthRes>

export const BindSpidRes = Type.Object({ spid_user_id: Type.Integer() })
export type BindSpidRes = Static<typeof BindSpidRes>

export const BindUuidRes = Type.Object({
  uuid: Type.String(),
  /** Unix seconds: when this reader was first and last seen on this device. */
  first_seen: Type.Integer(),
  last_seen: Type.Integer(),
})
export type BindUuidRes = Static<typeof BindUuidRes>

const bindStateFields = {
  /** Bound to any WeChat identity. */
  bound: Type.Boolean(),
  /** The mini-program's openid is bound. */
  mini: Type.Boolean(),
  /** The official account's openid (WeChat login on H5) is bound. */
  mp: Type.Boolean(),
}
export const WechatBindState = Type.Object(bindStateFields)
export type WechatBindState = Static<typeof WechatBindState>

/** The binding state and how the person is shown. */
export const WechatUserInfo = Type.Object({
  ...bindStateFields,
  /** The WeChat nickname and avatar when stored, else the reader's own. */
  nickname: Type.String(),
  avatar: Type.String(),
})
export type WechatUserInfo = Static<typeof WechatUserInfo>

// ---- input pieces --------------------------------------------------------------------------------

/** A phone number (the rules then check its form). */
const Mobile = () => Required(ValidationText.phoneRequired, 32)
/** An SMS code (the rules then check its form). */
const SmsCode = () => Required(ValidationText.codeRequired, 16)
/** A password as typed: a new one gets the strength rule, a given one is only checked. */
const Password = () => Text(64, ValidationText.passwordRequired)
/** A WeChat code or ticket: opaque text. */
const Opaque = (missing: string) => Required(missing, 200)

/** Profile fields (trimmed; sending one empty clears it, except the nickname, which is required). */
const profileChanges = Type.Object({
  nickname: Type.Optional(Clearable(200)),
  avatar: Type.Optional(Clearable(500)),
  sex: Type.Optional(
    Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], {
      'x-error': '性别参数不正确',
    }),
  ),
  signature: Type.Optional(Clearable(500)),
})

export const accountApi = {
  register: call({
    summary:
      'Registers a number verified by an SMS code of scene `register`, with a password (6..32, letters and digits), and logs in.',
    auth: false,
    query: { method: 'POST', name: 'User.User.Register' },
    input: Type.Object({ mobile: Mobile(), code: SmsCode(), password: Password() }),
    answer: LoginResult,
  }),
  registerByPhone: call({
    summary: 'Registers as User.User.Register does, the number named `phone`.',
    auth: false,
    rest: { method: 'POST', path: '/api/login/register' },
    input: Type.Object({ phone: Mobile(), code: SmsCode(), password: Password() }),
    answer: LoginResult,
  }),
  loginByMobile: call({
    summary:
      'Logs in with an SMS code of scene `login`, or else with the password (5 wrong in a row lock password login for 15 minutes).',
    auth: false,
    query: { method: 'POST', name: 'User.User.LoginByMobile' },
    input: Type.Object({
      mobile: Mobile(),
      password: Type.Optional(Text(64)),
      code: Type.Optional(Trimmed(16)),
    }),
    answer: LoginResult,
  }),
  loginByPhone: call({
    summary: 'Logs in with the password (the same lockout as User.User.LoginByMobile).',
    auth: false,
    rest: { method: 'POST', path: '/api/login/phone' },
    input: Type.Object({ phone: Mobile(), password: Password() }),
    answer: LoginResult,
  }),
  resetPassword: call({
    summary:
      'Sets a new password with an SMS code of scene `reset` (also lifts a lockout) and logs the account out everywhere.',
    auth: false,
    query: { method: 'POST', name: 'User.User.ResetPasswordByMobile' },
    input: Type.Object({ mobile: Mobile(), code: SmsCode(), password: Password() }),
    answer: NoData,
  }),
  resetPasswordByPhone: call({
    summary:
      'Resets the password as User.User.ResetPasswordByMobile does, the number named `phone`.',
    auth: false,
    rest: { method: 'POST', path: '/api/login/UpdateUserInfoPwd' },
    input: Type.Object({ phone: Mobile(), code: SmsCode(), password: Password() }),
    answer: NoData,
  }),
  wxOauth: call({
    summary:
      "WeChat login with the mini-program's `Taro.login` code (source weapp, the default) or, on H5, the code of WeChat's web authorisation (source h5): a full login when the WeChat identity is bound, else a ticket for the phone-number step.",
    auth: false,
    rest: { method: 'POST', path: '/api/login/oauth' },
    input: Type.Object({
      code: Opaque('缺少登录凭证'),
      source: Type.Optional(
        Type.Union([Type.Literal('weapp'), Type.Literal('h5')], {
          'x-error': '登录来源不正确',
          'x-trim': true,
        }),
      ),
    }),
    answer: OauthRes,
  }),
  wxGainUserPhone: call({
    summary:
      "Completes a mini-program ticket with the getPhoneNumber button's code: the account of that number (created when new) gets the WeChat identity and logs in.",
    auth: false,
    rest: { method: 'POST', path: '/api/login/gainUserPhone' },
    input: Type.Object({
      code: Opaque('缺少手机号授权凭证'),
      ticket: Opaque(TICKET_DEAD_TEXT),
    }),
    answer: LoginResult,
  }),
  wxBindPhone: call({
    summary:
      'Completes an H5 WeChat ticket (no getPhoneNumber button there) with a number verified by an SMS code of scene `bind`: finds or creates its account, binds the WeChat identity and logs in.',
    auth: false,
    rest: { method: 'POST', path: '/api/login/bindPhone' },
    input: Type.Object({
      ticket: Opaque(BIND_TICKET_DEAD_TEXT),
      phone: Mobile(),
      code: SmsCode(),
    }),
    answer: LoginResult,
  }),
  refreshToken: call({
    summary:
      'A new token pair for a live refresh token (the old pair dies; a dead one presented again revokes its whole family).',
    auth: false,
    query: { method: 'POST', name: 'App.Common_Token.RefreshToken' },
    input: Type.Object({ refresh_token: Opaque(REFRESH_DEAD_TEXT) }),
    answer: LoginResult,
  }),
  loginByToken: call({
    summary: 'Confirms the token and answers the profile.',
    auth: true,
    query: { method: 'POST', name: 'User.User.LoginByToken' },
    input: NoInput,
    answer: LoginByTokenRes,
  }),
  logout: call({
    summary: "Revokes this session's tokens.",
    auth: true,
    query: { method: 'POST', name: 'User.User.Logout' },
    input: Type.Object({ refresh_token: Type.Optional(Text()) }),
    answer: NoData,
  }),
  createLog: call({
    summary: 'Records a launch: the platform and the device.',
    auth: true,
    query: { method: 'POST', name: 'User.User.CreateLog' },
    input: Type.Object({
      platform_type: Required('缺少平台类型', 32),
      device_info: Type.Optional(Trimmed(1000)),
    }),
    answer: NoData,
  }),
  bindSpid: call({
    summary: "Records who referred the caller: once, never oneself, never one's own referral.",
    auth: true,
    query: { method: 'POST', name: 'User.User.BindSpid' },
    input: Type.Object({ spid: Id(SPID_NOT_FOUND) }),
    answer: BindSpidRes,
  }),
  bindUuid: call({
    summary:
      "This install's device id, sent once per launch; again only moves its last-seen time (the 20 most recent are kept).",
    auth: true,
    query: { method: 'POST', name: 'User.User.BindUUid' },
    input: Type.Object({
      /** 8 to 64 letters, digits, '-' or '_' (generated once per install by the client). */
      uuid: Type.String({
        maxLength: 200,
        pattern: '^[A-Za-z0-9_-]{8,64}$',
        'x-trim': true,
        'x-error': '设备标识无效',
      }),
      /** The platform_type of CreateLog (H5, weapp); `platform_type` is read when it is absent. */
      platform: Type.Optional(Trimmed(32)),
      platform_type: Type.Optional(Trimmed(32)),
    }),
    answer: BindUuidRes,
  }),
  myProfile: call({
    summary: "The caller's profile.",
    auth: true,
    query: { method: 'GET', name: 'User.User.GetMyProfile' },
    input: NoInput,
    answer: UserProfile,
  }),
  userInfo: call({
    summary: "Another person's public profile.",
    auth: false,
    query: { method: 'GET', name: 'App.User.GetInfo' },
    input: Type.Object({ user_id: Id(USER_NOT_FOUND) }),
    answer: PublicUser,
  }),
  updateProfile: call({
    summary:
      'Changes any subset of nickname (1..16), signature (0..60), sex and avatar (a picture the caller uploaded; empty clears it); blocked words refused.',
    auth: true,
    query: { method: 'POST', name: 'User.User.RefreshUserProfile' },
    rest: { method: 'POST', path: '/api/user/updateUserInfoApi' },
    input: profileChanges,
    answer: UserProfile,
  }),
  idcardAuth: call({
    summary:
      'Real-name verification, once: a 2-4 character Chinese name and an 18-character ID number no other account verified.',
    auth: true,
    query: { method: 'POST', name: 'User.User.IdcardAuth' },
    input: Type.Object({
      real_name: Required(ValidationText.nameInvalid, 50),
      id_card: Required(ValidationText.idCardInvalid, 50),
    }),
    answer: UserProfile,
  }),
  changePhone: call({
    summary:
      'Moves the account to a new number verified by an SMS code of scene `change_phone` sent to it; the current password too when the account has one.',
    auth: true,
    rest: { method: 'POST', path: '/api/user/updateUserPhoneApi' },
    input: Type.Object({
      phone: Mobile(),
      code: SmsCode(),
      password: Type.Optional(Text(64)),
    }),
    answer: UserProfile,
  }),
  changePassword: call({
    summary:
      'Changes the password knowing the old one (wrong ones count towards the login lockout); other sessions are logged out.',
    auth: true,
    rest: { method: 'POST', path: '/api/user/updateUserPwdApi' },
    input: Type.Object({ old_password: Password(), password: Password() }),
    answer: NoData,
  }),
  deleteAccount: call({
    summary:
      'Deletes the account after an SMS code of scene `delete_account` sent to its own number.',
    auth: true,
    rest: { method: 'POST', path: '/api/user/logoutAccount' },
    input: Type.Object({ code: SmsCode() }),
    answer: NoData,
  }),
  wechatBindState: call({
    summary: 'Which WeChat identities the account is bound to.',
    auth: true,
    query: { method: 'GET', name: 'User.User.IsBindWechatUser' },
    input: NoInput,
    answer: WechatBindState,
  }),
  wechatUserInfo: call({
    summary:
      "The WeChat binding state and how the person is shown (WeChat's nickname and avatar are not kept: the reader's own).",
    auth: true,
    query: { method: 'POST', name: 'User.User.GetWeChatUserInfo' },
    input: NoInput,
    answer: WechatUserInfo,
  }),
}

export type RegisterReq = CallInput<typeof accountApi.register>
export type ResetPasswordReq = CallInput<typeof accountApi.resetPassword>
export type UpdateUserInfoPwdReq = CallInput<typeof accountApi.resetPasswordByPhone>
export type OauthReq = CallInput<typeof accountApi.wxOauth>
export type GainUserPhoneReq = CallInput<typeof accountApi.wxGainUserPhone>
export type BindPhoneReq = CallInput<typeof accountApi.wxBindPhone>
export type CreateLogReq = CallInput<typeof accountApi.createLog>
export type BindUuidReq = CallInput<typeof accountApi.bindUuid>
export type UpdateProfileReq = CallInput<typeof accountApi.updateProfile>
export type IdcardAuthReq = CallInput<typeof accountApi.idcardAuth>
export type UpdatePhoneReq = CallInput<typeof accountApi.changePhone>
export type UpdatePwdReq = CallInput<typeof accountApi.changePassword>
export type LogoutAccountReq = CallInput<typeof accountApi.deleteAccount>
