/**
 * WeChat's web authorisation for H5 pages opened in WeChat's browser (snsapi_base: silent, gives
 * an openid). WeChat sends the person back to `returnUrl` with `code` and `state` added.
 */
export const WECHAT_AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize'
export const WECHAT_LOGIN_STATE = 'wxlogin'

export function wechatAuthorizeUrl(appId: string, returnUrl: string): string {
  const query = [
    `appid=${encodeURIComponent(appId)}`,
    `redirect_uri=${encodeURIComponent(returnUrl)}`,
    'response_type=code',
    'scope=snsapi_base',
    `state=${WECHAT_LOGIN_STATE}`,
  ].join('&')
  return `${WECHAT_AUTHORIZE_URL}?${query}#wechat_redirect`
}

/** The code on a return from WeChat's authorisation, if this is one. */
export function wechatReturnCode(params: Record<string, string | undefined>): string | null {
  const code = params.code
  return params.state === WECHAT_LOGIN_STATE && code && /^[\w-]{1,128}$/.test(code) ? code : null
}
