/**
 * The referrer id (spid) of a share link: kept on the device when the app opens from one, bound to
 * the person once logged in (User.User.BindSpid); on ret 200 its message is shown and spid cleared.
 */
import type { BindSpidRes } from '@/types/api/account'
import type { RetEnvelope } from '@/types/api/envelope'
import { ResponseCode } from '@/types/api/envelope'
import { StorageKey, type KeyValueStorage } from '@/core/storage'
import { isApiError, isAuthFailure } from '@/core/errors'

export type LaunchQuery = Record<string, unknown>

// A referrer is a user id.
const SPID = /^[1-9]\d{0,15}$/

function clean(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : ''
  const trimmed = text.trim()
  return SPID.test(trimmed) ? trimmed : null
}

/** The spid parameter of a query string (no URLSearchParams: not every mini-program has it). */
function fromSearch(search: string): string | null {
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const [key, value = ''] = pair.split('=')
    if (key !== 'spid') continue
    try {
      return clean(decodeURIComponent(value.replace(/\+/g, ' ')))
    } catch {
      return null
    }
  }
  return null
}

/** spid from a launch or share query: `spid=...`, or inside a mini-program code's `scene`. */
export function spidFromQuery(query: LaunchQuery | null | undefined): string | null {
  if (!query) return null
  const direct = clean(query.spid)
  if (direct) return direct
  if (typeof query.scene === 'string') {
    try {
      return fromSearch(decodeURIComponent(query.scene))
    } catch {
      return null
    }
  }
  return null
}

export interface CaptureSpidDeps {
  storage: KeyValueStorage
  /** H5: the page's location.search; '' elsewhere. */
  search?: string
}

/** Stores a spid found in the query (or, on H5, the address); answers it, or null. */
export function captureSpid(
  query: LaunchQuery | null | undefined,
  deps: CaptureSpidDeps,
): string | null {
  const spid = spidFromQuery(query) ?? (deps.search ? fromSearch(deps.search) : null)
  if (spid) deps.storage.set(StorageKey.spid, spid)
  return spid
}

export interface BindSpidDeps {
  storage: KeyValueStorage
  bindSpid: (spid: string) => Promise<RetEnvelope<BindSpidRes>>
  toast: (text: string) => void
}

/** Binds a stored spid; true when bound (message shown, spid removed), false when kept. */
export async function bindPendingSpid(deps: BindSpidDeps): Promise<boolean> {
  const spid = deps.storage.get(StorageKey.spid)
  if (!spid) return false
  try {
    const res = await deps.bindSpid(String(spid))
    if (Number(res.ret) !== ResponseCode.OK) return false
    if (res.msg) deps.toast(res.msg)
    deps.storage.remove(StorageKey.spid)
    return true
  } catch (error) {
    // A refusal (already bound, unknown referrer, oneself) is final; anything else (no network,
    // an expired session) keeps it for the next launch or login.
    if (isApiError(error) && error.code >= 400 && error.code < 500 && !isAuthFailure(error.code)) {
      deps.storage.remove(StorageKey.spid)
    }
    return false
  }
}
