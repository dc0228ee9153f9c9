import type { SessionTaskDeps } from '@/launch/sessionTasks'
import { SessionStore } from '@/stores/SessionStore'
import { profile, rig } from './fakes'

/** The logged-in launch tasks' dependencies, all answering ok, over a fresh session rig. */
export function sessionTaskDeps(overrides: Partial<SessionTaskDeps> = {}): SessionTaskDeps {
  const r = rig()
  const store = new SessionStore({
    session: r.session,
    api: { getMyProfile: async () => profile(), logout: async () => null },
  })
  return {
    session: store,
    hasStoredAuthorization: () => true,
    loginByToken: async () => ({ user: profile(), userSig: 's' }),
    createLog: jest.fn(async () => null),
    bindSpid: jest.fn(async () => ({ ret: 200, data: { spid_user_id: 1 }, msg: '' })),
    storage: r.storage,
    toast: jest.fn(),
    platformType: () => 'weapp',
    deviceInfo: () => '{}',
    ...overrides,
  }
}
