import {
  WECHAT_LOGIN_STATE,
  wechatAuthorizeUrl,
  wechatReturnCode,
} from '@/features/account/wechatWeb'

describe('WeChat web authorisation', () => {
  it('builds the silent authorisation address with an encoded return address', () => {
    const url = wechatAuthorizeUrl('wx123', 'https://read.example.cn/pages/public/loginByWx')
    expect(url).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx123' +
        '&redirect_uri=https%3A%2F%2Fread.example.cn%2Fpages%2Fpublic%2FloginByWx' +
        `&response_type=code&scope=snsapi_base&state=${WECHAT_LOGIN_STATE}#wechat_redirect`,
    )
  })

  it('takes the code only from a return of our own login', () => {
    expect(wechatReturnCode({ code: '061abcXYZ', state: WECHAT_LOGIN_STATE })).toBe('061abcXYZ')
    expect(wechatReturnCode({ code: '061abcXYZ' })).toBeNull()
    expect(wechatReturnCode({ code: '061abcXYZ', state: 'other' })).toBeNull()
    expect(wechatReturnCode({ state: WECHAT_LOGIN_STATE })).toBeNull()
    expect(wechatReturnCode({ code: '<script>', state: WECHAT_LOGIN_STATE })).toBeNull()
  })
})
