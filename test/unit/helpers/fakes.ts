/** Fakes for the request layer: a scripted transport, a recording UI, a session on memory storage. */
import type { LoginResult, UserProfile } from '@/types/api/account'
import { createClient, type Client } from '@/core/client'
import { createSession, type Session } from '@/core/session'
import { createMemoryStorage, type KeyValueStorage } from '@/core/storage'
import type {
  ClientUI,
  ConfirmOptions,
  Transport,
  TransportRequest,
  TransportResponse,
  TransportUpload,
} from '@/core/transport'

export const NOW = 1_800_000_000

export type Handler = (req: TransportRequest) => TransportResponse | Promise<TransportResponse>

export const ok = <T>(data: T, msg = ''): TransportResponse => ({
  statusCode: 200,
  data: { ret: 200, data, msg },
})

export const answer = (ret: number, msg = '', data: unknown = null): TransportResponse => ({
  statusCode: 200,
  data: { ret, data, msg },
})

export interface FakeTransport extends Transport {
  requests: TransportRequest[]
  uploads: TransportUpload[]
  handle: Handler
  uploadHandle: (req: TransportUpload) => Promise<TransportResponse>
}

export function fakeTransport(handle: Handler = () => ok(null)): FakeTransport {
  const transport: FakeTransport = {
    requests: [],
    uploads: [],
    handle,
    uploadHandle: async () => ok({ url: '/uploads/a.png', size: 1, mime: 'image/png' }),
    async request(req) {
      transport.requests.push(req)
      return transport.handle(req)
    },
    async upload(req) {
      transport.uploads.push(req)
      return transport.uploadHandle(req)
    },
  }
  return transport
}

export interface FakeUI extends ClientUI {
  toasts: string[]
  modals: ConfirmOptions[]
  navigations: string[]
  backs: number
  /** Settles the open modals with this answer. */
  answerModals(confirm: boolean): void
}

export function fakeUI(): FakeUI {
  const pending: Array<(confirm: boolean) => void> = []
  const ui: FakeUI = {
    toasts: [],
    modals: [],
    navigations: [],
    backs: 0,
    toast(message) {
      ui.toasts.push(message)
    },
    confirm(options) {
      ui.modals.push(options)
      return new Promise<boolean>((resolve) => pending.push(resolve))
    },
    navigateTo(url) {
      ui.navigations.push(url)
    },
    navigateBack() {
      ui.backs += 1
    },
    answerModals(confirm) {
      for (const resolve of pending.splice(0)) resolve(confirm)
    },
  }
  return ui
}

export const profile = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  user_id: 7,
  mobile: '138****0000',
  nickname: '读者',
  avatar: '',
  sex: 0,
  signature: '',
  real_name_verified: false,
  real_name: '',
  im_status: 1,
  has_password: true,
  wechat_bound: false,
  created_at: NOW - 1000,
  ...overrides,
})

export const loginResult = (overrides: Partial<LoginResult> = {}): LoginResult => ({
  access_token: 'access-1',
  expire_at: NOW + 7200,
  refresh_token: 'refresh-1',
  refresh_expire_at: NOW + 30 * 86400,
  user: profile(),
  userSig: 'sig-1',
  ...overrides,
})

export interface Rig {
  storage: KeyValueStorage
  session: Session
  transport: FakeTransport
  ui: FakeUI
  client: Client
  clock: { now: number }
}

/** A client on fakes; the clock is in unix seconds and can be moved. */
export function rig(handle?: Handler): Rig {
  const storage = createMemoryStorage()
  const clock = { now: NOW }
  const session = createSession({ storage, now: () => clock.now })
  const transport = fakeTransport(handle)
  const ui = fakeUI()
  const client = createClient({ transport, ui, session, baseUrl: 'http://api.test' })
  return { storage, session, transport, ui, client, clock }
}

/** Form bodies as objects. */
export function formOf(req: TransportRequest): Record<string, string> {
  const out: Record<string, string> = {}
  for (const pair of (req.data ?? '').split('&').filter(Boolean)) {
    const [key, value = ''] = pair.split('=')
    out[decodeURIComponent(key)] = decodeURIComponent(value)
  }
  return out
}

/** Lets pending promise callbacks run. */
export async function flush(times = 5): Promise<void> {
  for (let i = 0; i < times; i++) await Promise.resolve()
}
