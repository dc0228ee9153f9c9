/**
 * The account calls (app-spec section 7, "Session and common" and "User"), one function each, sent
 * through the refs generated from their declarations in types/api/account.ts and, for the common
 * calls the account screens use (SMS codes, captcha, configuration, pages), types/api/common.ts. The /api/login/* calls and the
 * other login-screen calls go without a token (`skipAuth`): a stale token must not turn a login into
 * a 302.
 */
import * as accountCalls from '@/types/api/calls/account.gen'
import * as commonCalls from '@/types/api/calls/common.gen'
import type {
  BindPhoneReq,
  BindSpidRes,
  BindUuidReq,
  BindUuidRes,
  CreateLogReq,
  GainUserPhoneReq,
  IdcardAuthReq,
  LoginByTokenRes,
  LoginResult,
  LogoutAccountReq,
  OauthReq,
  OauthRes,
  PublicUser,
  RegisterReq,
  ResetPasswordReq,
  UpdatePhoneReq,
  UpdateProfileReq,
  UpdatePwdReq,
  UpdateUserInfoPwdReq,
  UserProfile,
  WechatBindState,
  WechatUserInfo,
} from '@/types/api/account'
import type {
  AppSysConf,
  InitData,
  SendCaptchaRes,
  SmsScene,
  SpecialDetail,
  TextModerationRes,
  UploadRes,
} from '@/types/api/common'
import type { CreateCaptchaRes } from '@/types/api/common'
import type { RetEnvelope } from '@/types/api/envelope'
import { call, query, uploadFile } from '@/core/request'

const guest = { skipAuth: true } as const

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
): Promise<SendCaptchaRes> => call(commonCalls.sendCaptcha.query, { mobile, scene, ...captcha })

/** A new image captcha (an SVG data URL); silent, the SMS button shows its own failure. */
export const createCaptcha = (): Promise<CreateCaptchaRes> =>
  call(commonCalls.createCaptcha.query, {}, { silent: true })

/**
 * A code to the signed-in person's own bound number (the profile only holds it masked): sent with
 * the token and no mobile, the server uses the caller's number.
 */
export const sendOwnCaptcha = (scene: SmsScene = 'delete_account'): Promise<SendCaptchaRes> =>
  call(commonCalls.sendCaptcha.query, { scene })

export const register = (req: RegisterReq): Promise<LoginResult> =>
  call(accountCalls.register.query, req, guest)

export const loginByPassword = (mobile: string, password: string): Promise<LoginResult> =>
  call(accountCalls.loginByPhone.rest, { phone: mobile, password }, guest)

export const loginByCode = (mobile: string, code: string): Promise<LoginResult> =>
  call(accountCalls.loginByMobile.query, { mobile, code }, guest)

export const resetPasswordByMobile = (req: ResetPasswordReq): Promise<null> =>
  call(accountCalls.resetPassword.query, req, guest)

export const resetPasswordNoToken = (req: UpdateUserInfoPwdReq): Promise<null> =>
  call(accountCalls.resetPasswordByPhone.rest, req, guest)

/** `source` h5: a code from WeChat's web authorisation in WeChat's browser. */
export const wxOauth = (code: string, source: OauthReq['source'] = 'weapp'): Promise<OauthRes> =>
  call(accountCalls.wxOauth.rest, { code, source }, guest)

/** Completes an unbound WeChat login with an SMS-verified number (scene bind). */
export const wxBindPhone = (req: BindPhoneReq): Promise<LoginResult> =>
  call(accountCalls.wxBindPhone.rest, req, guest)

export const wxGainUserPhone = (req: GainUserPhoneReq): Promise<LoginResult> =>
  call(accountCalls.wxGainUserPhone.rest, req, guest)

// ---- session ----------------------------------------------------------------

/** Confirms the stored token; silent, the launch check must not toast. */
export const loginByToken = (): Promise<LoginByTokenRes> =>
  call(accountCalls.loginByToken.query, {}, { silent: true })

/** Revokes this session's tokens; silent, the app logs out locally whatever the answer. */
export const logout = (refresh_token?: string): Promise<null> =>
  call(accountCalls.logout.query, { refresh_token }, { silent: true })

export const createLog = (req: CreateLogReq): Promise<null> =>
  call(accountCalls.createLog.query, req, { silent: true })

/** This install's device id, once per launch; silent. */
export const bindUuid = (req: BindUuidReq): Promise<BindUuidRes> =>
  call(accountCalls.bindUuid.query, req, { silent: true })

/** Resolves with the whole body, so the caller can toast its `msg`. */
export const bindSpid = (spid: string): Promise<RetEnvelope<BindSpidRes>> =>
  query<BindSpidRes>(accountCalls.bindSpid.query.path, { spid }, { silent: true })

// ---- profile -------------------------------------------------------------------

export const getMyProfile = (): Promise<UserProfile> => call(accountCalls.myProfile.query, {})

export const getUserInfo = (user_id: number): Promise<PublicUser> =>
  call(accountCalls.userInfo.query, { user_id })

export const updateProfile = (req: UpdateProfileReq): Promise<UserProfile> =>
  call(accountCalls.updateProfile.query, req)

/** Which WeChat identities the account is bound to (the account page's 微信 row). */
export const isBindWechatUser = (): Promise<WechatBindState> =>
  call(accountCalls.wechatBindState.query, {}, { silent: true })

export const getWechatUserInfo = (): Promise<WechatUserInfo> =>
  call(accountCalls.wechatUserInfo.query, {})

export const idcardAuth = (req: IdcardAuthReq): Promise<UserProfile> =>
  call(accountCalls.idcardAuth.query, req)

export const changePhone = (req: UpdatePhoneReq): Promise<UserProfile> =>
  call(accountCalls.changePhone.rest, req)

export const changePassword = (req: UpdatePwdReq): Promise<null> =>
  call(accountCalls.changePassword.rest, req)

export const deleteAccount = (req: LogoutAccountReq): Promise<null> =>
  call(accountCalls.deleteAccount.rest, req)

export const uploadImage = (
  filePath: string,
  onProgress?: (progress: number) => void,
): Promise<UploadRes> => uploadFile<UploadRes>({ filePath, onProgress })

// ---- public content ---------------------------------------------------------------

export const getSpecial = (id: string): Promise<SpecialDetail> =>
  call(commonCalls.specialDetail.query, { id })

export const getSysConf = (): Promise<AppSysConf> => call(commonCalls.appSysConf.query, {})

export const getInitData = (): Promise<InitData> => call(commonCalls.initData.rest, {})

export const textModeration = (content: string): Promise<TextModerationRes> =>
  call(commonCalls.textModeration.query, { content })
