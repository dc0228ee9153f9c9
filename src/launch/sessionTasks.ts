/**
 * The launch work that needs a login: the first token check (LoginByToken, silent), then for a
 * logged-in person CreateLog and BindUUid (each once per person per launch) and the pending spid
 * binding.
 */
import type { BindSpidRes, CreateLogReq, LoginByTokenRes } from '@/types/api/account'
import type { BindUuidReq } from '@/types/api/account'
import type { RetEnvelope } from '@/types/api/envelope'
import type { KeyValueStorage } from '@/core/storage'
import type { SessionStore } from '@/stores/SessionStore'
import { bindPendingSpid } from './spid'

export interface SessionTaskDeps {
  session: Pick<SessionStore, 'isLoggedIn' | 'user' | 'confirmSession'>
  /** Whether an Apiauthorization is stored. */
  hasStoredAuthorization: () => boolean
  loginByToken: () => Promise<LoginByTokenRes>
  createLog: (req: CreateLogReq) => Promise<unknown>
  bindSpid: (spid: string) => Promise<RetEnvelope<BindSpidRes>>
  storage: KeyValueStorage
  toast: (text: string) => void
  platformType: () => string
  deviceInfo: () => string
  /** User.User.BindUUid with this install's id (deviceUuid); skipped when not given. */
  bindUuid?: (req: BindUuidReq) => Promise<unknown>
  deviceUuid?: () => string
}

/** Confirms a stored token and puts the answered profile in the store; true when confirmed. */
export async function checkStoredToken(deps: SessionTaskDeps): Promise<boolean> {
  if (!deps.hasStoredAuthorization()) return false
  try {
    deps.session.confirmSession(await deps.loginByToken())
    return true
  } catch {
    // A refused token has already ended the session in the request layer.
    return false
  }
}

export interface LoggedInTasks {
  /** Runs CreateLog and BindUUid (first time for this person) and the spid binding. */
  run(): Promise<void>
}

export function createLoggedInTasks(deps: SessionTaskDeps): LoggedInTasks {
  const logged = new Set<number>()
  let binding: Promise<boolean> | null = null

  const log = async (): Promise<void> => {
    const userId = deps.session.user?.user_id
    if (userId === undefined || logged.has(userId)) return
    logged.add(userId)
    try {
      await deps.createLog({ platform_type: deps.platformType(), device_info: deps.deviceInfo() })
    } catch {
      logged.delete(userId)
    }
  }

  const devices = new Set<number>()
  const bindDevice = async (): Promise<void> => {
    const userId = deps.session.user?.user_id
    if (!deps.bindUuid || !deps.deviceUuid || userId === undefined || devices.has(userId)) return
    devices.add(userId)
    try {
      await deps.bindUuid({ uuid: deps.deviceUuid(), platform: deps.platformType() })
    } catch {
      devices.delete(userId)
    }
  }

  const bind = (): Promise<boolean> => {
    binding ??= bindPendingSpid(deps).finally(() => {
      binding = null
    })
    return binding
  }

  return {
    async run() {
      if (!deps.session.isLoggedIn) return
      await Promise.all([log(), bindDevice(), bind()])
    },
  }
}
