import { ApiError } from '@/core/errors'
import type { LoginByTokenRes } from '@/types/api/account'
import { createMemoryStorage } from '@/core/storage'
import { deviceInfo, platformType } from '@/launch/deviceLog'
import { runLaunchTasks, type LaunchDeps } from '@/launch'
import { checkStoredToken, createLoggedInTasks } from '@/launch/sessionTasks'
import { startSpeedTest } from '@/launch/speedTest'
import { bindPendingSpid, captureSpid, spidFromQuery } from '@/launch/spid'
import { SessionStore } from '@/stores/SessionStore'
import { flush, loginResult, profile, rig } from './helpers/fakes'
import { fakeScheduler, type FakeScheduler } from './helpers/scheduler'
import { sessionTaskDeps } from './helpers/sessionTasks'

const POOR = '当前网络信号较差，请切换网络'

/** A probe that answers after `durations[i]` ms on attempt i, or times out. */
function timedProbe(scheduler: FakeScheduler, durations: number[]) {
  let attempt = 0
  const probe = jest.fn(
    (timeoutMs: number) =>
      new Promise<void>((resolve, reject) => {
        const takes = durations[Math.min(attempt++, durations.length - 1)]
        if (takes > timeoutMs) scheduler.setTimeout(() => reject(new Error('timeout')), timeoutMs)
        else scheduler.setTimeout(resolve, takes)
      }),
  )
  return probe
}

describe('speed test', () => {
  it('a fast test shows nothing and schedules nothing', async () => {
    const scheduler = fakeScheduler()
    const onSlow = jest.fn()
    const probe = timedProbe(scheduler, [800])
    startSpeedTest({ probe, onSlow, scheduler })
    await scheduler.advance(120_000)
    expect(probe).toHaveBeenCalledTimes(1)
    expect(probe).toHaveBeenCalledWith(10_000)
    expect(onSlow).not.toHaveBeenCalled()
    expect(scheduler.pending()).toEqual([])
  })

  it('a slow test toasts at 5 s and retries every 60 s until one is fast', async () => {
    const scheduler = fakeScheduler()
    const onSlow = jest.fn()
    const results: Array<[boolean, number]> = []
    const probe = timedProbe(scheduler, [7000, 6000, 1000])
    startSpeedTest({ probe, onSlow, scheduler, onResult: (fast, ms) => results.push([fast, ms]) })

    await scheduler.advance(4999)
    expect(onSlow).not.toHaveBeenCalled()
    await scheduler.advance(1)
    expect(onSlow).toHaveBeenCalledTimes(1)
    await scheduler.advance(2000) // the probe ends at 7 s: slow, so a retry is due 60 s later
    expect(onSlow).toHaveBeenCalledTimes(1)
    expect(scheduler.pending()).toEqual([60_000])

    await scheduler.advance(60_000) // second attempt starts, takes 6 s
    expect(probe).toHaveBeenCalledTimes(2)
    await scheduler.advance(6000)
    expect(onSlow).toHaveBeenCalledTimes(2)

    await scheduler.advance(60_000 + 1000) // third attempt is fast
    expect(probe).toHaveBeenCalledTimes(3)
    expect(onSlow).toHaveBeenCalledTimes(2)
    expect(results).toEqual([
      [false, 7000],
      [false, 6000],
      [true, 1000],
    ])
    await scheduler.advance(600_000)
    expect(probe).toHaveBeenCalledTimes(3)
  })

  it('a timeout (10 s) counts as slow; a quick failure too', async () => {
    const scheduler = fakeScheduler()
    const onSlow = jest.fn()
    const probe = timedProbe(scheduler, [30_000])
    startSpeedTest({ probe, onSlow, scheduler })
    await scheduler.advance(10_000)
    expect(onSlow).toHaveBeenCalledTimes(1)
    expect(scheduler.pending()).toEqual([60_000])

    const s2 = fakeScheduler()
    const slow2 = jest.fn()
    startSpeedTest({
      probe: () => Promise.reject(new Error('offline')),
      onSlow: slow2,
      scheduler: s2,
    })
    await s2.advance(0)
    expect(slow2).toHaveBeenCalledTimes(1)
    expect(s2.pending()).toEqual([60_000])
  })

  it('stop() cancels the pending retry', async () => {
    const scheduler = fakeScheduler()
    const probe = timedProbe(scheduler, [6000])
    const stop = startSpeedTest({ probe, onSlow: jest.fn(), scheduler })
    await scheduler.advance(6000)
    stop()
    await scheduler.advance(120_000)
    expect(probe).toHaveBeenCalledTimes(1)
  })
})

describe('spid', () => {
  it('is read from the query, a mini-program scene, or the H5 address', () => {
    expect(spidFromQuery({ spid: '12' })).toBe('12')
    expect(spidFromQuery({ spid: 12 })).toBe('12')
    expect(spidFromQuery({ scene: encodeURIComponent('spid=34&x=1') })).toBe('34')
    expect(spidFromQuery({ spid: '<script>' })).toBeNull()
    expect(spidFromQuery({})).toBeNull()
    const storage = createMemoryStorage()
    expect(captureSpid({}, { storage, search: '?from=share&spid=56' })).toBe('56')
    expect(storage.get('spid')).toBe('56')
    expect(captureSpid({ spid: '78' }, { storage, search: '?spid=56' })).toBe('78')
    expect(storage.get('spid')).toBe('78')
    expect(captureSpid({}, { storage, search: '' })).toBeNull()
    expect(storage.get('spid')).toBe('78')
  })

  it('is bound and cleared on ret 200, with its message toasted', async () => {
    const storage = createMemoryStorage()
    storage.set('spid', '12')
    const toast = jest.fn()
    const bindSpid = jest.fn(async () => ({
      ret: 200,
      data: { spid_user_id: 12 },
      msg: '绑定成功',
    }))
    await expect(bindPendingSpid({ storage, toast, bindSpid })).resolves.toBe(true)
    expect(bindSpid).toHaveBeenCalledWith('12')
    expect(toast).toHaveBeenCalledWith('绑定成功')
    expect(storage.get('spid')).toBeUndefined()
  })

  it('is kept when the binding fails for now, dropped when it is refused', async () => {
    const storage = createMemoryStorage()
    storage.set('spid', '12')
    const toast = jest.fn()
    const offline = jest.fn(async () => {
      throw new ApiError(-1, '请求失败')
    })
    await expect(bindPendingSpid({ storage, toast, bindSpid: offline })).resolves.toBe(false)
    expect(storage.get('spid')).toBe('12')
    expect(toast).not.toHaveBeenCalled()

    const loggedOut = jest.fn(async () => {
      throw new ApiError(302, '请先登录')
    })
    await expect(bindPendingSpid({ storage, toast, bindSpid: loggedOut })).resolves.toBe(false)
    expect(storage.get('spid')).toBe('12')

    const refused = jest.fn(async () => {
      throw new ApiError(400, '已绑定推荐人')
    })
    await expect(bindPendingSpid({ storage, toast, bindSpid: refused })).resolves.toBe(false)
    expect(storage.get('spid')).toBeUndefined()
  })

  it('accepts only user ids as referrers', () => {
    expect(spidFromQuery({ spid: 'abc' })).toBeNull()
    expect(spidFromQuery({ spid: '0' })).toBeNull()
    expect(spidFromQuery({ spid: '1234567890123456789' })).toBeNull()
    expect(spidFromQuery({ spid: ' 42 ' })).toBe('42')
  })

  it('does nothing without a stored spid', async () => {
    const bindSpid = jest.fn()
    await expect(
      bindPendingSpid({ storage: createMemoryStorage(), toast: jest.fn(), bindSpid }),
    ).resolves.toBe(false)
    expect(bindSpid).not.toHaveBeenCalled()
  })
})

describe('device log', () => {
  it('maps the platform and picks a few system fields', () => {
    expect(platformType('WEAPP')).toBe('weapp')
    expect(platformType('WEB')).toBe('H5')
    expect(platformType('ALIPAY')).toBe('alipay')
    expect(
      JSON.parse(
        deviceInfo({
          brand: 'Apple',
          model: 'iPhone',
          system: 'iOS 17',
          platform: 'ios',
          version: 8,
        }),
      ),
    ).toEqual({ brand: 'Apple', model: 'iPhone', system: 'iOS 17', platform: 'ios', version: '8' })
    expect(JSON.parse(deviceInfo(null))).toEqual({
      brand: '',
      model: '',
      system: '',
      platform: '',
      version: '',
    })
  })
})

function launchRig() {
  const r = rig()
  const store = new SessionStore({
    session: r.session,
    api: { getMyProfile: async () => profile(), logout: async () => null },
  })
  const scheduler = fakeScheduler()
  const toasts: string[] = []
  const tokenRes: LoginByTokenRes = { user: profile({ nickname: '确认' }), userSig: 'sig-2' }
  const deps: LaunchDeps = {
    scheduler,
    probe: timedProbe(scheduler, [500]),
    search: () => '',
    hasStoredAuthorization: () => r.session.authorization() !== null,
    loginByToken: jest.fn(async () => tokenRes),
    createLog: jest.fn(async () => null),
    bindSpid: jest.fn(async () => ({ ret: 200, data: { spid_user_id: 3 }, msg: '已绑定推荐人' })),
    storage: r.storage,
    toast: (text) => toasts.push(text),
    platformType: () => 'H5',
    deviceInfo: () => '{"brand":"x"}',
  }
  return { ...r, store, scheduler, toasts, deps }
}

describe('launch tasks', () => {
  it('a slow speed test toasts the poor-network text and schedules a retry', async () => {
    const l = launchRig()
    l.deps.probe = timedProbe(l.scheduler, [8000, 500])
    const handle = runLaunchTasks({ session: l.store }, {}, l.deps)
    await l.scheduler.advance(5000)
    expect(l.toasts).toEqual([POOR])
    await l.scheduler.advance(3000)
    expect(l.scheduler.pending()).toContain(60_000)
    await l.scheduler.advance(60_500)
    expect(l.deps.probe).toHaveBeenCalledTimes(2)
    expect(l.toasts).toEqual([POOR])
    handle.stop()
  })

  it('starts the speed test only once the first screen is in, and not after stop', async () => {
    const l = launchRig()
    const waiting: Array<() => void> = []
    const cancel = jest.fn()
    l.deps.afterFirstScreen = (task) => {
      waiting.push(task)
      return cancel
    }
    const handle = runLaunchTasks({ session: l.store }, {}, l.deps)
    await l.scheduler.advance(1000)
    expect(l.deps.probe).not.toHaveBeenCalled()
    waiting[0]()
    expect(l.deps.probe).toHaveBeenCalledTimes(1)
    handle.stop()
    expect(cancel).toHaveBeenCalled()
  })

  it('checks a stored token after 3 s, then logs the device and binds the spid', async () => {
    const l = launchRig()
    l.session.saveLogin(loginResult())
    l.store.applyLogin(loginResult())
    const handle = runLaunchTasks({ session: l.store }, { spid: '3' }, l.deps)
    expect(l.storage.get('spid')).toBe('3')
    await l.scheduler.advance(2999)
    expect(l.deps.loginByToken).not.toHaveBeenCalled()
    await l.scheduler.advance(1)
    await flush(10)
    expect(l.deps.loginByToken).toHaveBeenCalledTimes(1)
    expect(l.store.user?.nickname).toBe('确认')
    expect(l.store.userSig).toBe('sig-2')
    expect(l.deps.createLog).toHaveBeenCalledWith({
      platform_type: 'H5',
      device_info: '{"brand":"x"}',
    })
    expect(l.deps.bindSpid).toHaveBeenCalledWith('3')
    expect(l.toasts).toEqual(['已绑定推荐人'])
    expect(l.storage.get('spid')).toBeUndefined()
    handle.stop()
  })

  it('a guest gets no token check; a later login logs and binds once', async () => {
    const l = launchRig()
    const handle = runLaunchTasks({ session: l.store }, { spid: '3' }, l.deps)
    await l.scheduler.advance(5000)
    expect(l.deps.loginByToken).not.toHaveBeenCalled()
    expect(l.deps.createLog).not.toHaveBeenCalled()
    expect(l.storage.get('spid')).toBe('3')

    l.store.applyLogin(loginResult())
    await flush(10)
    expect(l.deps.createLog).toHaveBeenCalledTimes(1)
    expect(l.deps.bindSpid).toHaveBeenCalledTimes(1)
    expect(l.storage.get('spid')).toBeUndefined()
    handle.stop()
  })

  it('keeps the spid when binding is refused, for the next launch', async () => {
    const l = launchRig()
    l.deps.bindSpid = jest.fn(async () => {
      throw new Error('refused')
    })
    l.session.saveLogin(loginResult())
    l.store.applyLogin(loginResult())
    const handle = runLaunchTasks({ session: l.store }, { spid: '3' }, l.deps)
    await l.scheduler.advance(3000)
    await flush(10)
    expect(l.deps.bindSpid).toHaveBeenCalledTimes(1)
    expect(l.storage.get('spid')).toBe('3')
    expect(l.toasts).toEqual([])
    handle.stop()
  })
})

describe('token check and logged-in tasks', () => {
  const deps = sessionTaskDeps

  it('a refused token check answers false', async () => {
    const d = deps({
      loginByToken: async () => {
        throw new Error('302')
      },
    })
    await expect(checkStoredToken(d)).resolves.toBe(false)
    await expect(checkStoredToken(deps({ hasStoredAuthorization: () => false }))).resolves.toBe(
      false,
    )
  })

  it('CreateLog runs once per person per launch', async () => {
    const d = deps()
    await checkStoredToken(d)
    const tasks = createLoggedInTasks(d)
    await tasks.run()
    await tasks.run()
    expect(d.createLog).toHaveBeenCalledTimes(1)
  })
})
