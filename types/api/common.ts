/**
 * The contract of five calls of app-spec section 7 served since issue 8: the device id
 * (User.User.BindUUid), the upload policy (App.Common_Config.GetUploadToken), the image captcha
 * asked before more SMS sends (App.Common_Tools.CreateCaptcha), and the WeChat binding state
 * (User.User.GetWeChatUserInfo, User.User.IsBindWechatUser). Responses are the `data` of the
 * envelope.
 */

/** POST /user.php?s=User.User.BindUUid: this install's device id, sent once per launch. */
export interface BindUuidReq {
  /** 8 to 64 letters, digits, '-' or '_' (generated once per install by the client). */
  uuid: string
  /** The platform_type of CreateLog (H5, weapp). */
  platform?: string
}
export interface BindUuidRes {
  uuid: string
  /** Unix seconds: when this reader was first and last seen on this device. */
  first_seen: number
  last_seen: number
}

/**
 * GET /index.php?s=App.Common_Config.GetUploadToken: this reader's upload policy. Uploads stay
 * authenticated by the session (App.Common_File.Upload); this tells the client what the server
 * will accept, so it can refuse a file up front with the server's own texts.
 */
export interface UploadPolicy {
  /** Largest file accepted, in bytes. */
  max_file_bytes: number
  /** MIME types accepted (checked by the file's content). */
  allowed_types: string[]
  /** Uploads and bytes still allowed today (China calendar day). */
  files_left: number
  bytes_left: number
  /** The texts the server answers for a file too big and for an exhausted quota. */
  too_big_msg: string
  quota_msg: string
}

/** POST /index.php?s=App.Common_Tools.CreateCaptcha: an image captcha, valid 5 minutes, once. */
export interface CreateCaptchaRes {
  captchaId: string
  /** An SVG data URL (data:image/svg+xml;base64,...). */
  image: string
}

/**
 * The `data` of SendCaptcha's 400 when it wants an image captcha first (after repeated sends to
 * one number or from one address): send again with `captcha_id` and `captcha_code`.
 */
export interface NeedCaptchaData {
  needCaptcha: true
}

/** GET /user.php?s=User.User.IsBindWechatUser */
export interface WechatBindState {
  /** Bound to any WeChat identity. */
  bound: boolean
  /** The mini-program's openid is bound. */
  mini: boolean
  /** The official account's openid (WeChat login on H5) is bound. */
  mp: boolean
}

/** POST /user.php?s=User.User.GetWeChatUserInfo: the state and how the person is shown. */
export interface WechatUserInfo extends WechatBindState {
  /** The WeChat nickname and avatar when stored, else the reader's own. */
  nickname: string
  avatar: string
}
