import { ApiError } from '@/core/errors'
import type { TransportRequest } from '@/core/transport'
import { answer, flush, formOf, loginResult, NOW, ok, rig } from './helpers/fakes'

const REFRESH_URL = 'http://api.test/index.php?s=App.Common_Token.RefreshToken'
const isRefresh = (req: TransportRequest): boolean => req.url === REFRESH_URL

/** The refresh call answers a new pair; every other call answers 301 (token expired). */
const refreshOr301 = (req: TransportRequest) =>
  isRefresh(req)
    ? ok({
        access_token: 'access-2',
        expire_at: NOW + 7200,
        refresh_token: 'refresh-2',
        refresh_expire_at: NOW + 40 * 86400,
      })
    : answer(301, 'token expired')

describe('request: the token before each call', () => {
  it('20 concurrent calls on an expired access token make one refresh, then all carry the new token', async () => {
    let releaseRefresh: () => void = () => undefined
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve
    })
    const r = rig(async (req) => {
      if (isRefresh(req)) {
        await refreshGate
        return ok({
          access_token: 'access-2',
          expire_at: NOW + 7300 + 7200,
          refresh_token: 'refresh-2',
          refresh_expire_at: NOW + 40 * 86400,
        })
      }
      return ok({ echo: req.header.Authorization ?? null })
    })
    r.session.saveLogin(loginResult())
    r.clock.now = NOW + 7300

    const calls = Array.from({ length: 20 }, (_, i) =>
      r.client.callQuery<{ echo: string | null }>('User.Videos.MyVideoList', { page: i }),
    )
    await flush()
    expect(r.transport.requests.filter(isRefresh)).toHaveLength(1)
    expect(r.transport.requests.filter((req) => !isRefresh(req))).toHaveLength(0)

    releaseRefresh()
    const results = await Promise.all(calls)

    const refreshes = r.transport.requests.filter(isRefresh)
    expect(refreshes).toHaveLength(1)
    expect(formOf(refreshes[0])).toEqual({ refresh_token: 'refresh-1' })
    expect(refreshes[0].header.Authorization).toBeUndefined()

    const others = r.transport.requests.filter((req) => !isRefresh(req))
    expect(others).toHaveLength(20)
    for (const req of others) expect(req.header.Authorization).toBe('Bearer access-2')
    expect(results.every((res) => res.echo === 'Bearer access-2')).toBe(true)
    expect(r.storage.get('refresh_token')).toBe('refresh-2')
  })

  it('attaches the stored Apiauthorization while the access token is valid', async () => {
    const r = rig()
    r.session.saveLogin(loginResult())
    await r.client.callQuery('User.User.GetMyProfile')
    expect(r.transport.requests).toHaveLength(1)
    expect(r.transport.requests[0].header.Authorization).toBe('Bearer access-1')
  })

  it('guest calls carry no Authorization header', async () => {
    const r = rig()
    await r.client.callQuery('App.Index.VideoList', {}, { method: 'GET' })
    expect(r.transport.requests[0].header).not.toHaveProperty('Authorization')
  })

  it('expired tokens on both sides: the call goes as a guest, no refresh', async () => {
    const r = rig()
    r.session.saveLogin(loginResult())
    r.clock.now = NOW + 31 * 86400
    await r.client.callRest('/api/books/findBooksInfoAppList', {}, { method: 'GET' })
    expect(r.transport.requests).toHaveLength(1)
    expect(r.transport.requests[0].header).not.toHaveProperty('Authorization')
  })

  it('skipAuth neither refreshes nor attaches the token', async () => {
    const r = rig()
    r.session.saveLogin(loginResult())
    await r.client.callRest('/api/login/phone', { phone: '13800138000' }, { skipAuth: true })
    r.clock.now = NOW + 7300
    await r.client.callRest('/api/login/oauth', { code: 'c' }, { skipAuth: true })
    expect(r.transport.requests.map((req) => req.url)).toEqual([
      'http://api.test/api/login/phone',
      'http://api.test/api/login/oauth',
    ])
    for (const req of r.transport.requests) expect(req.header).not.toHaveProperty('Authorization')
  })
})

describe('request: shape of the call', () => {
  it('POSTs a form body by default, to user.php or index.php by name', async () => {
    const r = rig()
    await r.client.callQuery('User.User.LoginByMobile', { mobile: '13800138000', code: '123456' })
    await r.client.callQuery('App.Common_Sms.SendCaptcha', {
      mobile: '13800138000',
      scene: 'login',
    })
    const [login, sms] = r.transport.requests
    expect(login.method).toBe('POST')
    expect(login.url).toBe('http://api.test/user.php?s=User.User.LoginByMobile')
    expect(login.header['content-type']).toBe('application/x-www-form-urlencoded')
    expect(formOf(login)).toEqual({ mobile: '13800138000', code: '123456' })
    expect(login.timeout).toBe(60000)
    expect(sms.url).toBe('http://api.test/index.php?s=App.Common_Sms.SendCaptcha')
  })

  it('sends JSON when asked', async () => {
    const r = rig()
    await r.client.callRest('/api/publication/savePublicationFrame', { a: [1] }, { json: true })
    const [req] = r.transport.requests
    expect(req.header['content-type']).toBe('application/json')
    expect(JSON.parse(req.data ?? '')).toEqual({ a: [1] })
  })

  it('GET sends the data as query parameters and no body', async () => {
    const r = rig()
    await r.client.callQuery('App.User.GetInfo', { user_id: 5 }, { method: 'GET' })
    const [req] = r.transport.requests
    expect(req.method).toBe('GET')
    expect(req.url).toBe('http://api.test/index.php?s=App.User.GetInfo&user_id=5')
    expect(req.data).toBeUndefined()
  })
})

describe('request: response codes', () => {
  afterEach(() => {
    jest.useRealTimers()
  })

  it('200 resolves with the whole body; callQuery/callRest with data', async () => {
    const r = rig(() => ({ statusCode: 200, data: { code: 200, data: { n: 1 }, msg: 'ok' } }))
    await expect(r.client.rest('/api/x')).resolves.toEqual({ code: 200, data: { n: 1 }, msg: 'ok' })
    await expect(r.client.callRest('/api/x')).resolves.toEqual({ n: 1 })
    expect(r.ui.toasts).toEqual([])
  })

  it('parses a body that arrives as text', async () => {
    const r = rig(() => ({ statusCode: 200, data: '{"ret":200,"data":[1,2],"msg":""}' }))
    await expect(r.client.callQuery('App.X.Y')).resolves.toEqual([1, 2])
  })

  it('301 refreshes, toasts 网络错误，请重试, rejects and goes back after 1 s', async () => {
    jest.useFakeTimers()
    const r = rig(refreshOr301)
    r.session.saveLogin(loginResult())
    const call = r.client.callQuery('User.User.GetMyProfile')
    await expect(call).rejects.toBeInstanceOf(ApiError)
    await expect(call).rejects.toMatchObject({ code: 301, message: '网络错误，请重试' })
    expect(r.ui.toasts).toEqual(['网络错误，请重试'])
    expect(r.transport.requests.filter(isRefresh)).toHaveLength(1)
    expect(r.storage.get('Apiauthorization')).toBe('Bearer access-2')
    expect(r.ui.backs).toBe(0)
    jest.advanceTimersByTime(999)
    expect(r.ui.backs).toBe(0)
    jest.advanceTimersByTime(1)
    expect(r.ui.backs).toBe(1)
  })

  it('concurrent 301s refresh once, toast once and go back once', async () => {
    jest.useFakeTimers()
    const r = rig(refreshOr301)
    r.session.saveLogin(loginResult())
    const calls = Array.from({ length: 3 }, () => r.client.callQuery('User.User.GetMyProfile'))
    await Promise.allSettled(calls)
    expect(r.ui.toasts).toEqual(['网络错误，请重试'])
    expect(r.transport.requests.filter(isRefresh)).toHaveLength(1)
    jest.advanceTimersByTime(1000)
    expect(r.ui.backs).toBe(1)
  })

  it('a 302 answering a token a refresh already replaced keeps the new session', async () => {
    let answerOld: () => void = () => undefined
    const oldAnswered = new Promise<void>((resolve) => {
      answerOld = resolve
    })
    const r = rig(async (req) => {
      if (req.header.Authorization === 'Bearer access-1') {
        await oldAnswered
        return answer(302, 'token revoked')
      }
      return ok(null)
    })
    r.session.saveLogin(loginResult())
    const stale = r.client.callQuery('User.User.GetMyProfile')
    await flush()
    // meanwhile a refresh (or a new login) stored a new pair
    r.session.saveLogin(loginResult({ access_token: 'access-2', refresh_token: 'refresh-2' }))
    answerOld()
    await expect(stale).rejects.toMatchObject({ code: 302 })
    expect(r.storage.get('Apiauthorization')).toBe('Bearer access-2')
    expect(r.ui.modals).toHaveLength(0)
  })

  it.each([302, 401])(
    '%i clears the stored session and opens one login modal for concurrent failures',
    async (code) => {
      const r = rig(() => ({ statusCode: code === 401 ? 401 : 200, data: { code, msg: '' } }))
      r.session.saveLogin(loginResult())
      r.storage.set('spid', '9')
      const cleared = jest.fn()
      r.session.onSessionCleared(cleared)

      const calls = Array.from({ length: 5 }, () => r.client.callRest('/api/user/x'))
      const settled = await Promise.allSettled(calls)
      expect(settled.every((s) => s.status === 'rejected')).toBe(true)
      expect((settled[0] as PromiseRejectedResult).reason).toMatchObject({ code })

      for (const key of [
        'Apiauthorization',
        'access_token',
        'refresh_token',
        'userInfo',
      ] as const) {
        expect(r.storage.get(key)).toBeUndefined()
      }
      expect(r.storage.get('user_info')).toBeUndefined()
      expect(r.storage.get('userSig')).toBeUndefined()
      expect(r.storage.get('spid')).toBe('9')
      expect(cleared).toHaveBeenCalled()

      expect(r.ui.modals).toEqual([
        { title: '温馨提示', content: '去登录体验更多功能', confirmText: '去登录' },
      ])
      expect(r.ui.toasts).toEqual([])

      r.ui.answerModals(true)
      await flush()
      expect(r.ui.navigations).toEqual(['/pages/public/login'])

      // Once answered, a later failure may ask again.
      await expect(r.client.callRest('/api/user/x')).rejects.toMatchObject({ code })
      expect(r.ui.modals).toHaveLength(2)
    },
  )

  it('cancelling the login modal stays on the page', async () => {
    const r = rig(() => answer(302))
    await expect(r.client.callQuery('User.User.GetMyProfile')).rejects.toMatchObject({ code: 302 })
    r.ui.answerModals(false)
    await flush()
    expect(r.ui.navigations).toEqual([])
  })

  it('other codes toast the server message and reject with ApiError', async () => {
    const r = rig(() => answer(400, '手机号已注册'))
    const call = r.client.callQuery('User.User.Register')
    await expect(call).rejects.toBeInstanceOf(ApiError)
    await expect(call).rejects.toMatchObject({ code: 400, message: '手机号已注册' })
    expect(r.ui.toasts).toEqual(['手机号已注册'])
  })

  it('a failure without a message toasts 系统错误', async () => {
    const r = rig(() => ({ statusCode: 500, data: { code: 500, data: null, msg: '' } }))
    await expect(r.client.callRest('/api/x')).rejects.toMatchObject({
      code: 500,
      message: '系统错误',
    })
    const r2 = rig(() => ({ statusCode: 502, data: '<html>Bad Gateway</html>' }))
    await expect(r2.client.callRest('/api/x')).rejects.toMatchObject({ code: 502 })
    expect([...r.ui.toasts, ...r2.ui.toasts]).toEqual(['系统错误', '系统错误'])
  })

  it('a network failure toasts 请求失败 and rejects', async () => {
    const r = rig(() => {
      throw new Error('request:fail timeout')
    })
    await expect(r.client.callQuery('App.X.Y')).rejects.toMatchObject({
      code: -1,
      message: '请求失败',
    })
    expect(r.ui.toasts).toEqual(['请求失败'])
  })

  it('silent calls show nothing but still end the session on 302', async () => {
    const r = rig(() => answer(302))
    r.session.saveLogin(loginResult())
    await expect(
      r.client.callQuery('User.User.Logout', {}, { silent: true }),
    ).rejects.toMatchObject({ code: 302 })
    expect(r.ui.modals).toEqual([])
    expect(r.ui.toasts).toEqual([])
    expect(r.storage.get('access_token')).toBeUndefined()

    const r2 = rig(() => answer(400, 'nope'))
    await expect(r2.client.callQuery('X', {}, { silent: true })).rejects.toMatchObject({
      code: 400,
    })
    expect(r2.ui.toasts).toEqual([])
  })
})

describe('uploadFile', () => {
  it('reports progress 0..1 and resolves with data', async () => {
    const r = rig()
    r.session.saveLogin(loginResult())
    r.transport.uploadHandle = async (req) => {
      for (const percent of [0, 25, 50, 100]) req.onProgress?.(percent)
      return {
        statusCode: 200,
        data: '{"ret":200,"data":{"url":"/u/a.png","size":3,"mime":"image/png"},"msg":""}',
      }
    }
    const progress: number[] = []
    const res = await r.client.uploadFile({
      filePath: 'blob:http://localhost/1',
      onProgress: (p) => progress.push(p),
    })
    expect(res).toEqual({ url: '/u/a.png', size: 3, mime: 'image/png' })
    expect(progress).toEqual([0, 0.25, 0.5, 1])
    const [up] = r.transport.uploads
    expect(up.url).toBe('http://api.test/index.php?s=App.Common_File.Upload')
    expect(up.name).toBe('file')
    expect(up.timeout).toBe(3600000)
    expect(up.header.Authorization).toBe('Bearer access-1')
  })

  it('ends at 1 even when the platform never reports 100', async () => {
    const r = rig()
    r.transport.uploadHandle = async (req) => {
      req.onProgress?.(40)
      return ok({ url: '/u/b.png', size: 1, mime: 'image/png' })
    }
    const progress: number[] = []
    await r.client.uploadFile({
      filePath: 'x',
      name: 'avatar',
      formData: { kind: 'avatar' },
      onProgress: (p) => progress.push(p),
    })
    expect(progress).toEqual([0.4, 1])
    expect(r.transport.uploads[0].name).toBe('avatar')
    expect(r.transport.uploads[0].formData).toEqual({ kind: 'avatar' })
  })

  it('applies the same response rules', async () => {
    const r = rig()
    r.transport.uploadHandle = async () => answer(400, '文件类型不支持')
    await expect(r.client.uploadFile({ filePath: 'x' })).rejects.toMatchObject({ code: 400 })
    expect(r.ui.toasts).toEqual(['文件类型不支持'])
    r.transport.uploadHandle = async () => {
      throw new Error('uploadFile:fail')
    }
    await expect(r.client.uploadFile({ filePath: 'x' })).rejects.toMatchObject({ code: -1 })
    expect(r.ui.toasts).toEqual(['文件类型不支持', '请求失败'])
  })

  it('hands over what stops it: a stopped upload rejects without a toast', async () => {
    const r = rig()
    let stopped = 0
    r.transport.uploadHandle = (req) =>
      new Promise((_, reject) => {
        req.onAbortable?.(() => {
          stopped += 1
          reject(new Error('uploadFile:fail abort'))
        })
      })
    let abort: (() => void) | null = null
    const upload = r.client.uploadFile({ filePath: 'x', onAbortable: (fn) => (abort = fn) })
    await flush()
    expect(abort).not.toBeNull()
    ;(abort as unknown as () => void)()
    await expect(upload).rejects.toMatchObject({ code: -1 })
    expect(stopped).toBe(1)
    expect(r.ui.toasts).toEqual([])
  })
})
