/**
 * startLaunchTasks(store, query): called once by app.ts on launch. Cheap by design: the spid is
 * read from the query, the speed test starts once the first screen is in, and the token check
 * waits 3 s.
 */
import Taro from '@tarojs/taro'
import { reaction } from 'mobx'
import * as accountApi from '@/features/account/api'
import { ErrorText } from '@/core/errors'
import { Limits } from '@rules/limits'
import { isH5 } from '@/core/platform'
import { fetchRaw } from '@/core/request'
import { session as appSession } from '@/core/session'
import { taroStorage } from '@/core/storage'
import type { RootStore } from '@/stores/RootStore'
import { deviceUuid } from './deviceId'
import { deviceInfo, platformType } from './deviceLog'
import { realScheduler, type Scheduler } from './scheduler'
import { checkStoredToken, createLoggedInTasks, type SessionTaskDeps } from './sessionTasks'
import { startSpeedTest } from './speedTest'
import { captureSpid as captureSpidWith, type LaunchQuery } from './spid'

export { bindPendingSpid, spidFromQuery, type LaunchQuery } from './spid'
export { startSpeedTest } from './speedTest'
export { realScheduler, type Scheduler } from './scheduler'

export const SPEED_TEST_PATH = '/speedtest.bin'

export interface LaunchDeps extends Omit<SessionTaskDeps, 'session'> {
  scheduler: Scheduler
  /** The speed test's download; rejects on timeout or network failure. */
  probe: (timeoutMs: number) => Promise<unknown>
  /** H5: location.search. */
  search: () => string
  /**
   * Runs the speed test's start once the first screen is in (H5: the page's load event and a
   * moment more, so its 33 KB download does not compete with the home page's own calls and
   * pictures); answers a cancel function. Immediate when absent (tests, the mini-program).
   */
  afterFirstScreen?: (task: () => void) => () => void
}

export interface LaunchHandle {
  stop(): void
}

const toast = (text: string): void => {
  Taro.showToast({ title: text, icon: 'none', duration: 2000 }).catch(() => undefined)
}

function h5Search(): string {
  if (!isH5() || typeof window === 'undefined') return ''
  return window.location.search
}

/** After the load event, SPEED_TEST_AFTER_LOAD_MS more: the first screen's calls have gone out. */
const SPEED_TEST_AFTER_LOAD_MS = 1500

function afterFirstScreen(task: () => void): () => void {
  if (!isH5() || typeof window === 'undefined') {
    task()
    return () => undefined
  }
  let cancelTimer: () => void = () => undefined
  const start = () => {
    cancelTimer = realScheduler.setTimeout(task, SPEED_TEST_AFTER_LOAD_MS)
  }
  if (document.readyState === 'complete') {
    start()
    return () => cancelTimer()
  }
  window.addEventListener('load', start, { once: true })
  return () => {
    window.removeEventListener('load', start)
    cancelTimer()
  }
}

function systemInfo(): string {
  try {
    return deviceInfo(Taro.getSystemInfoSync())
  } catch {
    return deviceInfo(null)
  }
}

export const defaultLaunchDeps = (): LaunchDeps => ({
  scheduler: realScheduler,
  probe: (timeoutMs) =>
    fetchRaw(`${SPEED_TEST_PATH}?t=${Date.now()}`, {
      timeout: timeoutMs,
      responseType: 'arraybuffer',
    }),
  search: h5Search,
  afterFirstScreen,
  hasStoredAuthorization: () => appSession.authorization() !== null,
  loginByToken: accountApi.loginByToken,
  createLog: accountApi.createLog,
  bindSpid: accountApi.bindSpid,
  bindUuid: accountApi.bindUuid,
  deviceUuid: () => deviceUuid(),
  storage: taroStorage,
  toast,
  platformType: () => platformType(String(Taro.getEnv())),
  deviceInfo: systemInfo,
})

/** Stores a spid from a launch or share query (and on H5 the address). */
export function captureSpid(
  query?: LaunchQuery | null,
  deps: Pick<LaunchDeps, 'storage' | 'search'> = defaultLaunchDeps(),
): string | null {
  return captureSpidWith(query, { storage: deps.storage, search: deps.search() })
}

/** The launch tasks with explicit dependencies (tests); no once-guard. */
export function runLaunchTasks(
  store: Pick<RootStore, 'session'>,
  query: LaunchQuery = {},
  deps: LaunchDeps = defaultLaunchDeps(),
): LaunchHandle {
  captureSpid(query, deps)

  let stopSpeedTest: () => void = () => undefined
  const startProbe = () => {
    stopSpeedTest = startSpeedTest({
      probe: deps.probe,
      onSlow: () => deps.toast(ErrorText.poorNetwork),
      scheduler: deps.scheduler,
    })
  }
  const cancelProbeStart = deps.afterFirstScreen
    ? deps.afterFirstScreen(startProbe)
    : (startProbe(), () => undefined)

  const loggedIn = createLoggedInTasks({ ...deps, session: store.session })
  // A login later in this launch (login page, share link) gets the same follow-up.
  const stopWatching = reaction(
    () => store.session.isLoggedIn,
    (isLoggedIn) => {
      if (isLoggedIn) void loggedIn.run()
    },
  )
  const cancelCheck = deps.scheduler.setTimeout(() => {
    void checkStoredToken({ ...deps, session: store.session }).then((confirmed) => {
      if (confirmed) return loggedIn.run()
      return undefined
    })
  }, Limits.firstTokenCheckDelayMs)

  return {
    stop() {
      cancelProbeStart()
      stopSpeedTest()
      stopWatching()
      cancelCheck()
    },
  }
}

let started: LaunchHandle | null = null

/** Called once by app.ts on launch; later calls only capture the query's spid. */
export function startLaunchTasks(store: RootStore, query: LaunchQuery = {}): LaunchHandle {
  if (started) {
    captureSpid(query)
    return started
  }
  started = runLaunchTasks(store, query)
  return started
}
