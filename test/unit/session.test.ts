import { ApiError, NETWORK_ERROR_CODE } from '@/core/errors'
import { createSession, type TokenPair } from '@/core/session'
import { createMemoryStorage, StorageKey } from '@/core/storage'
import { loginResult, NOW, profile } from './helpers/fakes'

const rotated: TokenPair = {
  access_token: 'access-2',
  expire_at: NOW + 7200,
  refresh_token: 'refresh-2',
  refresh_expire_at: NOW + 30 * 86400,
}

function setup() {
  const storage = createMemoryStorage()
  const clock = { now: NOW }
  const session = createSession({ storage, now: () => clock.now })
  return { storage, clock, session }
}

describe('session storage', () => {
  it('saveLogin writes every spec key', () => {
    const { storage, session } = setup()
    session.saveLogin(loginResult())
    expect(storage.get('Apiauthorization')).toBe('Bearer access-1')
    expect(storage.get('access_token')).toBe('access-1')
    expect(storage.get('access_time')).toBe(NOW + 7200)
    expect(storage.get('refresh_token')).toBe('refresh-1')
    expect(storage.get('refresh_time')).toBe(NOW + 30 * 86400)
    expect(storage.get('userInfo')).toMatchObject({ userId: 7, user_id: 7, nickname: '读者' })
    expect(storage.get('user_info')).toEqual({ user_id: 7, user_nickname: '读者' })
    expect(storage.get('userSig')).toBe('sig-1')
    expect(session.readUser()).toEqual(profile())
    expect(session.authorization()).toBe('Bearer access-1')
  })

  it('clearSession removes tokens, user info and userSig but keeps spid, and tells listeners', () => {
    const { storage, session } = setup()
    session.saveLogin(loginResult())
    storage.set(StorageKey.spid, '42')
    const heard = jest.fn()
    const unsubscribe = session.onSessionCleared(heard)
    session.clearSession()
    for (const key of [
      'Apiauthorization',
      'access_token',
      'access_time',
      'refresh_token',
      'refresh_time',
      'userInfo',
      'user_info',
      'userSig',
    ] as const) {
      expect(storage.get(key)).toBeUndefined()
    }
    expect(storage.get('spid')).toBe('42')
    expect(heard).toHaveBeenCalledTimes(1)
    unsubscribe()
    session.clearSession()
    expect(heard).toHaveBeenCalledTimes(1)
  })

  it('judges expiry strictly later than now', () => {
    const { session, clock } = setup()
    session.saveLogin(loginResult())
    expect(session.hasValidAccess(NOW + 7199)).toBe(true)
    expect(session.hasValidAccess(NOW + 7200)).toBe(false)
    expect(session.hasValidRefresh(NOW + 30 * 86400 - 1)).toBe(true)
    expect(session.hasValidRefresh(NOW + 30 * 86400)).toBe(false)
    clock.now = NOW + 8000
    expect(session.hasValidAccess()).toBe(false)
    expect(session.hasValidRefresh()).toBe(true)
  })

  it('has no valid tokens when nothing is stored', () => {
    const { session } = setup()
    expect(session.hasValidAccess()).toBe(false)
    expect(session.hasValidRefresh()).toBe(false)
    expect(session.authorization()).toBeNull()
    expect(session.readUser()).toBeNull()
  })
})

describe('ensureFreshToken', () => {
  it('does not refresh a valid access token', async () => {
    const { session } = setup()
    const refresh = jest.fn(async () => rotated)
    session.setRefresher(refresh)
    session.saveLogin(loginResult())
    await expect(session.ensureFreshToken()).resolves.toBe(true)
    expect(refresh).not.toHaveBeenCalled()
  })

  it('refreshes an expired access token once for all concurrent callers', async () => {
    const { session, clock, storage } = setup()
    let release: (pair: TokenPair) => void = () => undefined
    const refresh = jest.fn(
      (_token: string) =>
        new Promise<TokenPair>((resolve) => {
          release = resolve
        }),
    )
    session.setRefresher(refresh)
    session.saveLogin(loginResult())
    clock.now = NOW + 7300
    const waiting = Array.from({ length: 10 }, () => session.ensureFreshToken())
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(refresh).toHaveBeenCalledWith('refresh-1')
    release({ ...rotated, expire_at: NOW + 7300 + 7200 })
    await expect(Promise.all(waiting)).resolves.toEqual(Array(10).fill(true))
    expect(storage.get('Apiauthorization')).toBe('Bearer access-2')
    expect(storage.get('refresh_token')).toBe('refresh-2')
    // A later call with the new, valid token needs no refresh.
    await session.ensureFreshToken()
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('goes as a guest when both tokens have expired', async () => {
    const { session, clock } = setup()
    const refresh = jest.fn(async () => rotated)
    session.setRefresher(refresh)
    session.saveLogin(loginResult())
    clock.now = NOW + 31 * 86400
    await expect(session.ensureFreshToken()).resolves.toBe(false)
    expect(refresh).not.toHaveBeenCalled()
  })

  it('clears the session when the server refuses the refresh', async () => {
    const { session, clock, storage } = setup()
    session.setRefresher(async () => {
      throw new ApiError(302, 'login')
    })
    session.saveLogin(loginResult())
    const cleared = jest.fn()
    session.onSessionCleared(cleared)
    clock.now = NOW + 7300
    await expect(session.ensureFreshToken()).resolves.toBe(false)
    expect(cleared).toHaveBeenCalledTimes(1)
    expect(storage.get('refresh_token')).toBeUndefined()
    expect(storage.get('userInfo')).toBeUndefined()
  })

  it('keeps the session when the refresh fails on the network', async () => {
    const { session, clock, storage } = setup()
    session.setRefresher(async () => {
      throw new ApiError(NETWORK_ERROR_CODE, '请求失败')
    })
    session.saveLogin(loginResult())
    clock.now = NOW + 7300
    await expect(session.ensureFreshToken()).resolves.toBe(false)
    expect(storage.get('refresh_token')).toBe('refresh-1')
  })

  it('refreshes a still-valid token when forced (after a 301)', async () => {
    const { session } = setup()
    const refresh = jest.fn(async () => rotated)
    session.setRefresher(refresh)
    session.saveLogin(loginResult())
    await expect(session.ensureFreshToken({ force: true })).resolves.toBe(true)
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(session.authorization()).toBe('Bearer access-2')
  })

  it('drops a refresh answer that lands after a logout', async () => {
    const { session, clock, storage } = setup()
    let release: (pair: TokenPair) => void = () => undefined
    session.setRefresher(
      () =>
        new Promise<TokenPair>((resolve) => {
          release = resolve
        }),
    )
    session.saveLogin(loginResult())
    clock.now = NOW + 7300
    const pending = session.ensureFreshToken()
    session.clearSession()
    release(rotated)
    await expect(pending).resolves.toBe(false)
    expect(storage.get('access_token')).toBeUndefined()
  })
})
