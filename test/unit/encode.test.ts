import { apiUrl, resolveApiBase } from '@/core/apiBase'
import { appendQuery, encodeForm, formFields, queryPath } from '@/core/encode'

describe('payload encoding', () => {
  it('encodes a form body, dropping null and undefined', () => {
    expect(encodeForm({ a: 1, b: '书 友&', c: true, d: null, e: undefined })).toBe(
      'a=1&b=%E4%B9%A6%20%E5%8F%8B%26&c=true',
    )
    expect(formFields({ ids: [1, 2], n: 0 })).toEqual({ ids: '[1,2]', n: '0' })
  })

  it('appends query parameters', () => {
    expect(appendQuery('/index.php?s=App.User.GetInfo', { user_id: 3 })).toBe(
      '/index.php?s=App.User.GetInfo&user_id=3',
    )
    expect(appendQuery('/api/x', { q: 'a b' })).toBe('/api/x?q=a%20b')
    expect(appendQuery('/api/x', {})).toBe('/api/x')
  })

  it('routes query names to user.php or index.php', () => {
    expect(queryPath('User.User.GetMyProfile')).toBe('/user.php?s=User.User.GetMyProfile')
    expect(queryPath('App.Common_Sms.SendCaptcha')).toBe('/index.php?s=App.Common_Sms.SendCaptcha')
  })
})

describe('API base', () => {
  it('is the configured value without a trailing slash', () => {
    expect(resolveApiBase('https://api.example.com/', 'weapp')).toBe('https://api.example.com')
  })

  it('is the same origin on H5 and the local server on weapp when unset', () => {
    expect(resolveApiBase('', 'h5')).toBe('')
    expect(resolveApiBase('', 'h5', 'https://read.example.com')).toBe('https://read.example.com')
    expect(resolveApiBase(' ', 'h5', 'https://read.example.com')).toBe('https://read.example.com')
    expect(resolveApiBase(undefined, 'weapp')).toBe('http://127.0.0.1:8080')
  })

  it('joins paths and passes absolute URLs through', () => {
    expect(apiUrl('/api/a', 'http://h:1')).toBe('http://h:1/api/a')
    expect(apiUrl('api/a', '')).toBe('/api/a')
    expect(apiUrl('https://cdn.test/x', 'http://h:1')).toBe('https://cdn.test/x')
  })
})
