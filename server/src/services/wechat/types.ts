export interface WeChatSession {
  openid: string
  unionid: string | null
}

/** The parts of WeChat's server API the app uses. */
export interface WeChatApi {
  readonly configured: boolean
  readonly appId: string
  /** Mini-program login: the `wx.login` code to an openid. */
  code2Session(code: string): Promise<WeChatSession>
  /** The getPhoneNumber button's code to a mainland number (11 digits, no country code). */
  getPhoneNumber(code: string): Promise<string>
  /** The JS-SDK ticket for share signatures. */
  getJsapiTicket(): Promise<string>
}
