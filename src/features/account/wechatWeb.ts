/**
 * WeChat's web authorisation for H5 pages opened in WeChat's browser (snsapi_base: silent, gives
 * an openid). WeChat sends the person back to `returnUrl` with `code` and `state` added. The state
 * is random and remembered for this tab, so a link carrying someone else's code cannot log the
 * reader into that person's account.
 */
export const WECHAT_AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize'
const STATE_KEY = 'wx_login_state'

export interface StateStore {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export function newLoginState(store: StateStore, random: () => number = Math.random): string {
  const state = Array.from({ length: 16 }, () => Math.floor(random() * 36).toString(36)).join('')
  store.setItem(STATE_KEY, state)
  return state
}

export function wechatAuthorizeUrl(appId: string, returnUrl: string, state: string): string {
  const query = [
    `appid=${encodeURIComponent(appId)}`,
    `redirect_uri=${encodeURIComponent(returnUrl)}`,
    'response_type=code',
    'scope=snsapi_base',
    `state=${encodeURIComponent(state)}`,
  ].join('&')
  return `${WECHAT_AUTHORIZE_URL}?${query}#wechat_redirect`
}

/**
 * The code on a return from WeChat's authorisation that this tab started, if this is one. The
 * remembered state is used up either way.
 */
export function wechatReturnCode(
  params: Record<string, string | undefined>,
  store: StateStore,
): string | null {
  const expected = store.getItem(STATE_KEY)
  if (!params.code || !params.state) return null
  store.removeItem(STATE_KEY)
  const code = params.code
  return expected && params.state === expected && /^[\w-]{1,128}$/.test(code) ? code : null
}
