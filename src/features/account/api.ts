/**
 * The account calls (app-spec section 7, "Session and common" and "User"), one function each, typed
 * by types/api/account.ts. The /api/login/* calls and the other login-screen calls go without a
 * token (`skipAuth`): a stale token must not turn a login into a 302.
 */
import type {
  BindPhoneReq,
  AppSysConf,
  BindSpidRes,
  CreateLogReq,
  GainUserPhoneReq,
  IdcardAuthReq,
  InitData,
  LoginByTokenRes,
  LoginResult,
  LogoutAccountReq,
  OauthReq,
  OauthRes,
  PublicUser,
  RegisterReq,
  ResetPasswordReq,
  SendCaptchaRes,
  SmsScene,
  SpecialDetail,
  TextModerationRes,
  UpdatePhoneReq,
  UpdateProfileReq,
  UpdatePwdReq,
  UpdateUserInfoPwdReq,
  UploadRes,
  UserProfile,
} from '@/types/api/account'
import type {
  BindUuidReq,
  BindUuidRes,
  CreateCaptchaRes,
  UploadPolicy,
  WechatBindState,
  WechatUserInfo,
} from '@/types/api/common'
import type { RetEnvelope } from '@/types/api/envelope'
import { callQuery, callRest, query, uploadFile } from '@/core/request'

const guest = { skipAuth: true } as const
const GET = { method: 'GET' } as const

// ---- codes, registration, login -------------------------------------------

/** The image captcha a repeated send carries (after SendCaptcha answered NeedCaptchaData). */
export interface CaptchaAnswer {
  captcha_id: string
  captcha_code: string
}

/**
 * Carries the token when there is one: change_phone and delete_account are judged by the caller.
 * After repeated sends the server wants an image captcha (`captcha`, see NeedCaptchaData).
 */
export const sendCaptcha = (
  mobile: string,
  scene: SmsScene,
  captcha?: CaptchaAnswer,
): Promise<SendCaptchaRes> =>
  callQuery<SendCaptchaRes>('App.Common_Sms.SendCaptcha', { mobile, scene, ...captcha })

/** A new image captcha (an SVG data URL); silent, the SMS button shows its own failure. */
export const createCaptcha = (): Promise<CreateCaptchaRes> =>
  callQuery<CreateCaptchaRes>('App.Common_Tools.CreateCaptcha', {}, { silent: true })

/**
 * A code to the signed-in person's own bound number (the profile only holds it masked): sent with
 * the token and no mobile, the server uses the caller's number.
 */
export const sendOwnCaptcha = (scene: SmsScene = 'delete_account'): Promise<SendCaptchaRes> =>
  callQuery<SendCaptchaRes>('App.Common_Sms.SendCaptcha', { scene })

export const register = (req: RegisterReq): Promise<LoginResult> =>
  callQuery<LoginResult>('User.User.Register', { ...req }, guest)

export const loginByPassword = (mobile: string, password: string): Promise<LoginResult> =>
  callRest<LoginResult>('/api/login/phone', { phone: mobile, password }, guest)

export const loginByCode = (mobile: string, code: string): Promise<LoginResult> =>
  callQuery<LoginResult>('User.User.LoginByMobile', { mobile, code }, guest)

export const resetPasswordByMobile = (req: ResetPasswordReq): Promise<null> =>
  callQuery<null>('User.User.ResetPasswordByMobile', { ...req }, guest)

export const resetPasswordNoToken = (req: UpdateUserInfoPwdReq): Promise<null> =>
  callRest<null>('/api/login/UpdateUserInfoPwd', { ...req }, guest)

/** `source` h5: a code from WeChat's web authorisation in WeChat's browser. */
export const wxOauth = (code: string, source: OauthReq['source'] = 'weapp'): Promise<OauthRes> =>
  callRest<OauthRes>('/api/login/oauth', { code, source }, guest)

/** Completes an unbound WeChat login with an SMS-verified number (scene bind). */
export const wxBindPhone = (req: BindPhoneReq): Promise<LoginResult> =>
  callRest<LoginResult>('/api/login/bindPhone', { ...req }, guest)

export const wxGainUserPhone = (req: GainUserPhoneReq): Promise<LoginResult> =>
  callRest<LoginResult>('/api/login/gainUserPhone', { ...req }, guest)

// ---- session ----------------------------------------------------------------

/** Confirms the stored token; silent, the launch check must not toast. */
export const loginByToken = (): Promise<LoginByTokenRes> =>
  callQuery<LoginByTokenRes>('User.User.LoginByToken', {}, { silent: true })

/** Revokes this session's tokens; silent, the app logs out locally whatever the answer. */
export const logout = (refresh_token?: string): Promise<null> =>
  callQuery<null>('User.User.Logout', { refresh_token }, { silent: true })

export const createLog = (req: CreateLogReq): Promise<null> =>
  callQuery<null>('User.User.CreateLog', { ...req }, { silent: true })

/** This install's device id, once per launch; silent. */
export const bindUuid = (req: BindUuidReq): Promise<BindUuidRes> =>
  callQuery<BindUuidRes>('User.User.BindUUid', { ...req }, { silent: true })

/** Resolves with the whole body, so the caller can toast its `msg`. */
export const bindSpid = (spid: string): Promise<RetEnvelope<BindSpidRes>> =>
  query<BindSpidRes>('User.User.BindSpid', { spid }, { silent: true })

// ---- profile -------------------------------------------------------------------

export const getMyProfile = (): Promise<UserProfile> =>
  callQuery<UserProfile>('User.User.GetMyProfile', {}, GET)

export const getUserInfo = (user_id: number): Promise<PublicUser> =>
  callQuery<PublicUser>('App.User.GetInfo', { user_id }, GET)

export const updateProfile = (req: UpdateProfileReq): Promise<UserProfile> =>
  callQuery<UserProfile>('User.User.RefreshUserProfile', { ...req })

/** Which WeChat identities the account is bound to (the account page's 微信 row). */
export const isBindWechatUser = (): Promise<WechatBindState> =>
  callQuery<WechatBindState>('User.User.IsBindWechatUser', {}, { ...GET, silent: true })

export const getWechatUserInfo = (): Promise<WechatUserInfo> =>
  callQuery<WechatUserInfo>('User.User.GetWeChatUserInfo', {})

export const idcardAuth = (req: IdcardAuthReq): Promise<UserProfile> =>
  callQuery<UserProfile>('User.User.IdcardAuth', { ...req })

export const changePhone = (req: UpdatePhoneReq): Promise<UserProfile> =>
  callRest<UserProfile>('/api/user/updateUserPhoneApi', { ...req })

export const changePassword = (req: UpdatePwdReq): Promise<null> =>
  callRest<null>('/api/user/updateUserPwdApi', { ...req })

export const deleteAccount = (req: LogoutAccountReq): Promise<null> =>
  callRest<null>('/api/user/logoutAccount', { ...req })

export const uploadImage = (
  filePath: string,
  onProgress?: (progress: number) => void,
): Promise<UploadRes> => uploadFile<UploadRes>({ filePath, onProgress })

/** This reader's upload policy and what is left of today's quota; silent (the uploader asks). */
export const getUploadPolicy = (): Promise<UploadPolicy> =>
  callQuery<UploadPolicy>('App.Common_Config.GetUploadToken', {}, { ...GET, silent: true })

// ---- public content ---------------------------------------------------------------

export const getSpecial = (id: string): Promise<SpecialDetail> =>
  callQuery<SpecialDetail>('App.Special.Detail', { id }, GET)

export const getSysConf = (): Promise<AppSysConf> =>
  callQuery<AppSysConf>('App.Common_Config.AppSysConf', {}, GET)

export const getInitData = (): Promise<InitData> =>
  callRest<InitData>('/api/utils/findInitData', {}, GET)

export const textModeration = (content: string): Promise<TextModerationRes> =>
  callQuery<TextModerationRes>('App.Common_Tools.TextModeration', { content })
