/**
 * The account contract: every call of app-spec section 7 "Session and common" and "User" that the
 * foundation uses. Requests are flat objects (sent as form or JSON); responses are the `data` of the
 * envelope.
 */

export type Gender = 0 | 1 | 2 // 0 unknown, 1 male, 2 female

/** The signed-in person as the app sees them (stored on the device as userInfo / user_info). */
export interface UserProfile {
  user_id: number
  /** Masked for display, e.g. 138****0000. */
  mobile: string
  nickname: string
  avatar: string
  sex: Gender
  signature: string
  /** True once IdcardAuth has accepted a name and ID number. */
  real_name_verified: boolean
  /** Masked real name (e.g. 张*), empty when not verified. */
  real_name: string
  /** 1 may use chat (chat-spec section 5). */
  im_status: number
  has_password: boolean
  wechat_bound: boolean
  created_at: number
}

/** A public view of another person (App.User.GetInfo). */
export interface PublicUser {
  user_id: number
  nickname: string
  avatar: string
  sex: Gender
  signature: string
}

/** Every login answers this (unix seconds; access 2 h, refresh 30 days). */
export interface LoginResult {
  access_token: string
  expire_at: number
  refresh_token: string
  refresh_expire_at: number
  user: UserProfile
  /** Chat signature for the chat engine. */
  userSig: string
}

/**
 * What an SMS code is for. `bind` completes a WeChat login on H5 with a number that may or may not
 * have an account yet.
 */
export type SmsScene = 'register' | 'login' | 'reset' | 'change_phone' | 'delete_account' | 'bind'

// ---- query style ----------------------------------------------------------

/** POST /index.php?s=App.Common_Sms.SendCaptcha */
export interface SendCaptchaReq {
  mobile: string
  scene: SmsScene
  /** The image captcha (CreateCaptcha), once SendCaptcha has asked for it (NeedCaptchaData). */
  captcha_id?: string
  captcha_code?: string
}
export interface SendCaptchaRes {
  /** Seconds until another code may be sent to this number. */
  retry_after: number
}

/** POST /user.php?s=User.User.Register */
export interface RegisterReq {
  mobile: string
  code: string
  password: string
}

/** POST /user.php?s=User.User.LoginByMobile: password or code. */
export interface LoginByMobileReq {
  mobile: string
  password?: string
  code?: string
}

/** POST /user.php?s=User.User.ResetPasswordByMobile */
export interface ResetPasswordReq {
  mobile: string
  code: string
  password: string
}

/** POST /index.php?s=App.Common_Token.RefreshToken */
export interface RefreshTokenReq {
  refresh_token: string
}

/** POST /user.php?s=User.User.LoginByToken: confirms the token and answers the profile. */
export interface LoginByTokenRes {
  user: UserProfile
  userSig: string
}

/** POST /user.php?s=User.User.CreateLog */
export interface CreateLogReq {
  platform_type: string
  device_info: string
}

/** POST /user.php?s=User.User.BindSpid */
export interface BindSpidReq {
  spid: string
}
export interface BindSpidRes {
  spid_user_id: number
}

/** POST /user.php?s=User.User.RefreshUserProfile: any subset. */
export interface UpdateProfileReq {
  nickname?: string
  avatar?: string
  sex?: Gender
  signature?: string
}

/** POST /user.php?s=User.User.IdcardAuth */
export interface IdcardAuthReq {
  real_name: string
  id_card: string
}

/** GET /index.php?s=App.User.GetInfo&user_id= */
export interface GetInfoReq {
  user_id: number
}

/** POST /index.php?s=App.Common_Tools.TextModeration */
export interface TextModerationReq {
  content: string
}
export interface TextModerationRes {
  pass: boolean
  /** The words that failed, when any. */
  hits: string[]
}

/** POST /index.php?s=App.Common_File.Upload (multipart, field `file`). */
export interface UploadRes {
  url: string
  size: number
  mime: string
}

/** GET /index.php?s=App.Common_Config.AppSysConf */
export interface AppSysConf {
  app_name: string
  version: string
  version_code: number
  /** Whether the WeChat login entry is offered (an appid is configured). */
  wechat_login: boolean
  /**
   * The official account's appid for WeChat's web authorisation on H5 (WeChat's browser); empty when
   * not configured.
   */
  wechat_mp_appid: string
  service_mobile: string
}

/** GET /index.php?s=App.Special.Detail&id=agreement|privacy */
export interface SpecialDetailReq {
  id: string
}
export interface SpecialDetail {
  id: string
  title: string
  /** Sanitised HTML written by the operators (never user text). */
  content: string
  updated_at: number
}

/** GET /?s=App.Common_Weixin.SharePage&url= */
export interface SharePageReq {
  url: string
}
export interface SharePageRes {
  debug: boolean
  appId: string
  timestamp: number
  nonceStr: string
  signature: string
}

// ---- REST style -----------------------------------------------------------

/** POST /api/login/phone */
export interface LoginPhoneReq {
  phone: string
  password: string
}

/** POST /api/login/register */
export interface RestRegisterReq {
  phone: string
  code: string
  password: string
}

/**
 * POST /api/login/oauth: the mini-program's `Taro.login` code (source weapp, the default), or on H5
 * the code WeChat's web authorisation (snsapi_base) put on the return address (source h5).
 */
export interface OauthReq {
  code: string
  source?: 'weapp' | 'h5'
}
/**
 * Either a full login (the WeChat account is bound to a user) or a ticket that must be completed
 * with the phone number (gainUserPhone).
 */
export type OauthRes =
  ({ bound: true } & LoginResult) | { bound: false; ticket: string; expire_at: number }

/** POST /api/login/gainUserPhone: the getPhoneNumber button's code plus the oauth ticket. */
export interface GainUserPhoneReq {
  code: string
  ticket: string
}

/**
 * POST /api/login/bindPhone: completes an unbound H5 WeChat login (no getPhoneNumber button there)
 * with a number verified by an SMS code of scene `bind`: finds or creates the account for that
 * number, binds the WeChat identity to it and logs in.
 */
export interface BindPhoneReq {
  ticket: string
  phone: string
  code: string
}

/** POST /api/login/UpdateUserInfoPwd: reset the password with an SMS code, no token. */
export interface UpdateUserInfoPwdReq {
  phone: string
  code: string
  password: string
}

/** POST /util/sms/alibaba/send */
export interface AlibabaSendReq {
  phone: string
  scene: SmsScene
}

/** GET /api/utils/findInitData */
export interface InitData {
  sys: AppSysConf
  agreement_updated_at: number
  privacy_updated_at: number
}

/** GET /api/user/findUserInfoDetailsApi answers UserProfile. POST updateUserInfoApi takes UpdateProfileReq. */

/**
 * POST /api/user/updateUserPhoneApi: a change_phone code sent to the new number, and the current
 * login password when the account has one.
 */
export interface UpdatePhoneReq {
  phone: string
  code: string
  password?: string
}

/** POST /api/user/updateUserPwdApi */
export interface UpdatePwdReq {
  old_password: string
  password: string
}

/** POST /api/user/logoutAccount: delete the account after an SMS code to the bound number. */
export interface LogoutAccountReq {
  code: string
}

/** GET /dev/sms?mobile= (never in production). */
export interface DevSmsItem {
  code: string
  scene: SmsScene
  at: number
}

/** POST /user.php?s=User.User.Logout: revokes this session's tokens. */
export interface LogoutReq {
  refresh_token?: string
}
