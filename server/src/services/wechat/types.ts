export interface WeChatSession {
  openid: string
  unionid: string | null
}

/**
 * The parts of WeChat's server API the app uses, for one WeChat app (one appid and secret): the
 * mini-program answers code2Session and getPhoneNumber, the official account webOauth and
 * getJsapiTicket.
 */
export interface WeChatApi {
  readonly configured: boolean
  readonly appId: string
  /** Throws when this app cannot be used at all (production without its appid). */
  checkAvailable(): void
  /** Mini-program login: the `wx.login` code to an openid. */
  code2Session(code: string): Promise<WeChatSession>
  /** The getPhoneNumber button's code to a mainland number (11 digits, no country code). */
  getPhoneNumber(code: string): Promise<string>
  /** Web authorisation on H5 (snsapi_base): the code on the return address to an openid. */
  webOauth(code: string): Promise<WeChatSession>
  /** The JS-SDK ticket for share signatures. */
  getJsapiTicket(): Promise<string>
}

/** The mini-program and the official account are separate WeChat apps with their own openids. */
export interface WeChatApps {
  miniProgram: WeChatApi
  officialAccount: WeChatApi
}
