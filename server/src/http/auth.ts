import type { FastifyRequest } from 'fastify'
import type { AppContext } from '../context'
import {
  familyIsLive,
  findSessionByAccessToken,
  type RevokeReason,
} from '../modules/account/tokens'
import { loginRequired, tokenExpired } from './errors'

/** Who is calling: the user and the session (token pair) they called with. */
export interface Caller {
  userId: number
  sessionId: number
  /** users.im_status when the token was checked: chat's input needs 1 (rules/chat.ts). */
  imStatus: number
}

/** `familyId`: the session's token family, which a refresh keeps (the chat socket's session). */
export type AuthState =
  | { kind: 'guest' }
  /** `imStatus`: the user's, when the token is known and merely past its time. */
  | { kind: 'expired'; imStatus?: number }
  | { kind: 'invalid' }
  | { kind: 'user'; caller: Caller; familyId: string }

/** `Authorization: Bearer <token>`, or the legacy `access_token` field of a POST body. */
export function tokenOf(req: FastifyRequest): string {
  const header = req.headers.authorization
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
    if (match) return match[1]
  }
  const body = req.body as Record<string, unknown> | undefined
  const field = body && typeof body === 'object' ? body.access_token : undefined
  return typeof field === 'string' ? field.trim() : ''
}

export const authenticate = (app: AppContext, req: FastifyRequest): Promise<AuthState> =>
  authenticateToken(app, tokenOf(req))

/** An access token's state (the chat gateway's WebSocket authenticates with it too). */
export async function authenticateToken(app: AppContext, token: string): Promise<AuthState> {
  if (!token) return { kind: 'guest' }
  if (token.length > 200) return { kind: 'invalid' }
  const found = await findSessionByAccessToken(app.db, token)
  if (!found || found.userDeleted) return { kind: 'invalid' }
  if (found.revokedReason !== null) return revokedState(app, found.revokedReason, found.familyId)
  if (found.accessExpiresAt.getTime() <= app.clock.now()) {
    return { kind: 'expired', imStatus: found.imStatus }
  }
  return {
    kind: 'user',
    caller: { userId: found.userId, sessionId: found.sessionId, imStatus: found.imStatus },
    familyId: found.familyId,
  }
}

/**
 * A token revoked because its refresh token was used (rotation) answers like an expired one while
 * its family lives on: a call that was in flight during the refresh then retries with the new pair
 * instead of logging the person out. Any other revocation (logout, reuse, password or phone change,
 * reset, deletion), or a rotated token whose family has since ended, is invalid.
 */
async function revokedState(
  app: AppContext,
  reason: RevokeReason,
  familyId: string,
): Promise<AuthState> {
  if (reason === 'rotated' && (await familyIsLive(app.db, familyId, app.clock.now()))) {
    return { kind: 'expired' }
  }
  return { kind: 'invalid' }
}

/** A login-required call: the caller, or the 301/302 error. */
export function requireCaller(state: AuthState): Caller {
  if (state.kind === 'user') return state.caller
  if (state.kind === 'expired') throw tokenExpired()
  throw loginRequired()
}

/** A public call: a bad or expired token is treated as a guest. */
export const optionalCaller = (state: AuthState): Caller | null =>
  state.kind === 'user' ? state.caller : null
