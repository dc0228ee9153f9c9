/**
 * The account calls through the app's real wiring (request.ts on Taro), with Taro.request stubbed:
 * paths, methods, bodies, tokens.
 */
import Taro from '@tarojs/taro'
import * as api from '@/features/account/api'
import { session } from '@/core/session'
import { loginResult } from './helpers/fakes'

interface Sent {
  url: string
  method: string
  header: Record<string, string>
  data?: string
}

let sent: Sent[] = []
let reply: (req: Sent) => unknown = () => ({ ret: 200, data: null, msg: '' })

beforeEach(() => {
  localStorage.clear()
  sent = []
  reply = () => ({ ret: 200, data: null, msg: '' })
  jest.spyOn(Taro, 'request').mockImplementation(((options: Sent) => {
    sent.push(options)
    return Promise.resolve({ statusCode: 200, data: reply(options) })
  }) as unknown as typeof Taro.request)
  jest.spyOn(Taro, 'showToast').mockImplementation((() => Promise.resolve()) as never)
})

const last = (): Sent => sent[sent.length - 1]
/** On H5 every call goes to the page's own origin, absolute (an injected <base> cannot move it). */
const at = (path: string): string => `${location.origin}${path}`
const form = (req: Sent): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(req.data ?? ''))
const login = (): void => {
  const now = Math.floor(Date.now() / 1000)
  session.saveLogin(loginResult({ expire_at: now + 7200, refresh_expire_at: now + 86400 }))
}

describe('account api', () => {
  it('loginByPassword posts phone and password to /api/login/phone without a token', async () => {
    login()
    reply = () => ({ code: 200, data: loginResult(), msg: '' })
    await expect(api.loginByPassword('13800138000', 'abc123')).resolves.toMatchObject({
      access_token: 'access-1',
    })
    expect(last().url).toBe(at('/api/login/phone'))
    expect(last().method).toBe('POST')
    expect(form(last())).toEqual({ phone: '13800138000', password: 'abc123' })
    expect(last().header.Authorization).toBeUndefined()
  })

  it('the query-style calls go to the right script with the right method', async () => {
    login()
    await api.loginByCode('13800138000', '123456')
    expect(last().url).toBe(at('/user.php?s=User.User.LoginByMobile'))
    expect(last().header.Authorization).toBeUndefined()

    await api.getMyProfile()
    expect(last()).toMatchObject({ url: at('/user.php?s=User.User.GetMyProfile'), method: 'GET' })
    expect(last().header.Authorization).toBe('Bearer access-1')

    await api.getUserInfo(9)
    expect(last()).toMatchObject({
      url: at('/index.php?s=App.User.GetInfo&user_id=9'),
      method: 'GET',
    })

    await api.getSpecial('agreement')
    expect(last().url).toBe(at('/index.php?s=App.Special.Detail&id=agreement'))

    await api.getSysConf()
    expect(last()).toMatchObject({
      url: at('/index.php?s=App.Common_Config.AppSysConf'),
      method: 'GET',
    })

    await api.textModeration('你好')
    expect(last().url).toBe(at('/index.php?s=App.Common_Tools.TextModeration'))
    expect(form(last())).toEqual({ content: '你好' })

    await api.sendCaptcha('13800138000', 'register')
    expect(last().url).toBe(at('/index.php?s=App.Common_Sms.SendCaptcha'))
    expect(form(last())).toEqual({ mobile: '13800138000', scene: 'register' })
  })

  it('the REST calls use their paths', async () => {
    login()
    reply = () => ({ code: 200, data: null, msg: '' })
    await api.changePassword({ old_password: 'a1b2c3', password: 'x1y2z3' })
    expect(last().url).toBe(at('/api/user/updateUserPwdApi'))
    expect(last().header.Authorization).toBe('Bearer access-1')
    await api.resetPasswordNoToken({ phone: '13800138000', code: '123456', password: 'x1y2z3' })
    expect(last().url).toBe(at('/api/login/UpdateUserInfoPwd'))
    expect(last().header.Authorization).toBeUndefined()
    await api.getInitData()
    expect(last()).toMatchObject({ url: at('/api/utils/findInitData'), method: 'GET' })
    await api.deleteAccount({ code: '123456' })
    expect(last().url).toBe(at('/api/user/logoutAccount'))
    await api.wxOauth('wx-code')
    expect(last().url).toBe(at('/api/login/oauth'))
    expect(last().header.Authorization).toBeUndefined()
  })

  it('bindSpid resolves the whole body', async () => {
    login()
    reply = () => ({ ret: 200, data: { spid_user_id: 3 }, msg: '绑定成功' })
    await expect(api.bindSpid('3')).resolves.toEqual({
      ret: 200,
      data: { spid_user_id: 3 },
      msg: '绑定成功',
    })
    expect(last().url).toBe(at('/user.php?s=User.User.BindSpid'))
  })

  it('createLog and logout are silent on failure', async () => {
    login()
    reply = () => ({ ret: 500, data: null, msg: 'boom' })
    await expect(api.createLog({ platform_type: 'H5', device_info: '{}' })).rejects.toMatchObject({
      code: 500,
    })
    await expect(api.logout('refresh-1')).rejects.toMatchObject({ code: 500 })
    expect(Taro.showToast).not.toHaveBeenCalled()
    await expect(api.getSysConf()).rejects.toMatchObject({ code: 500 })
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: 'boom' }))
  })

  it('uploadImage uses Taro.uploadFile and reports progress 0..1', async () => {
    login()
    const listeners: Array<(u: { progress: number }) => void> = []
    jest.spyOn(Taro, 'uploadFile').mockImplementation(((options: { url: string }) => {
      const task = Promise.resolve().then(() => {
        for (const listener of listeners) listener({ progress: 60 })
        expect(options.url).toBe(at('/index.php?s=App.Common_File.Upload'))
        return {
          statusCode: 200,
          data: JSON.stringify({
            ret: 200,
            data: { url: at('/u/1.png'), size: 1, mime: 'image/png' },
          }),
          errMsg: 'uploadFile:ok',
        }
      })
      return Object.assign(task, {
        onProgressUpdate: (cb: (u: { progress: number }) => void) => listeners.push(cb),
      })
    }) as unknown as typeof Taro.uploadFile)
    const progress: number[] = []
    await expect(api.uploadImage('blob:x', (p) => progress.push(p))).resolves.toEqual({
      url: at('/u/1.png'),
      size: 1,
      mime: 'image/png',
    })
    expect(progress).toEqual([0.6, 1])
  })
})
