import {
  newLoginState,
  wechatAuthorizeUrl,
  wechatReturnCode,
  type StateStore,
} from '@/features/account/wechatWeb'

function memoryStore(): StateStore & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  }
}

describe('WeChat web authorisation', () => {
  it('builds the silent authorisation address with an encoded return address', () => {
    const url = wechatAuthorizeUrl('wx123', 'https://read.example.cn/pages/public/loginByWx', 's1')
    expect(url).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx123' +
        '&redirect_uri=https%3A%2F%2Fread.example.cn%2Fpages%2Fpublic%2FloginByWx' +
        '&response_type=code&scope=snsapi_base&state=s1#wechat_redirect',
    )
  })

  it('makes a random state per attempt and remembers it', () => {
    const store = memoryStore()
    const a = newLoginState(store)
    const b = newLoginState(store)
    expect(a).toMatch(/^[0-9a-z]{16}$/)
    expect(a).not.toBe(b)
    expect(store.getItem('wx_login_state')).toBe(b)
  })

  it('takes the code only from the return of the attempt this tab started, once', () => {
    const store = memoryStore()
    const state = newLoginState(store)
    expect(wechatReturnCode({ code: '061abc', state }, store)).toBe('061abc')
    expect(wechatReturnCode({ code: '061abc', state }, store)).toBeNull()
  })

  it('refuses a code with a foreign, missing or forged state and odd codes', () => {
    const store = memoryStore()
    const state = newLoginState(store)
    expect(wechatReturnCode({ code: '061abc', state: 'someone-elses' }, store)).toBeNull()
    expect(wechatReturnCode({ code: '061abc', state }, memoryStore())).toBeNull()
    newLoginState(store)
    expect(
      wechatReturnCode({ code: '<script>', state: store.getItem('wx_login_state') ?? '' }, store),
    ).toBeNull()
    expect(wechatReturnCode({ state }, store)).toBeNull()
  })
})
