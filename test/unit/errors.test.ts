import {
  ApiError,
  ErrorText,
  isApiError,
  isAuthFailure,
  LoginModalText,
  messageFor,
  NETWORK_ERROR_CODE,
} from '@/core/errors'

describe('the error table', () => {
  it('has the spec texts', () => {
    expect(ErrorText).toEqual({
      requestFailed: '请求失败',
      systemError: '系统错误',
      retry: '网络错误，请重试',
      poorNetwork: '当前网络信号较差，请切换网络',
    })
    expect(LoginModalText).toEqual({
      title: '温馨提示',
      content: '去登录体验更多功能',
      confirmText: '去登录',
    })
  })

  it('maps codes to texts', () => {
    expect(messageFor(NETWORK_ERROR_CODE, 'ignored')).toBe('请求失败')
    expect(messageFor(301, 'token expired')).toBe('网络错误，请重试')
    expect(messageFor(302, '')).toBe('去登录体验更多功能')
    expect(messageFor(401)).toBe('去登录体验更多功能')
    expect(messageFor(400, '手机号格式不正确')).toBe('手机号格式不正确')
    expect(messageFor(500, '')).toBe('系统错误')
    expect(messageFor(500, '   ')).toBe('系统错误')
    expect(messageFor(403, null)).toBe('系统错误')
  })

  it('knows the auth failures', () => {
    expect(isAuthFailure(302)).toBe(true)
    expect(isAuthFailure(401)).toBe(true)
    expect(isAuthFailure(301)).toBe(false)
    expect(isAuthFailure(403)).toBe(false)
  })

  it('ApiError is a real Error with a code', () => {
    const error = new ApiError(400, 'bad', { ret: 400 })
    expect(error).toBeInstanceOf(Error)
    expect(isApiError(error)).toBe(true)
    expect(isApiError(new Error('x'))).toBe(false)
    expect(error.code).toBe(400)
    expect(error.message).toBe('bad')
    expect(error.body).toEqual({ ret: 400 })
  })
})
