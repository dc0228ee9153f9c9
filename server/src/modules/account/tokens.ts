import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import { Limits } from '@rules/limits'
import type { Db } from '../../db/client'
import { sessions, users } from '../../db/schema'

export type RevokeReason =
  'rotated' | 'logout' | 'reuse' | 'password' | 'phone' | 'reset' | 'deleted'

export interface IssuedTokens {
  accessToken: string
  refreshToken: string
  accessExpiresAt: number
  refreshExpiresAt: number
}

/** 32 random bytes, base64url. Only the SHA-256 of a token is ever stored. */
export const newToken = (): string => randomBytes(32).toString('base64url')

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/** Starts a session (a new token family unless one is given, as on rotation). */
export async function issueTokens(
  tx: Db,
  userId: number,
  now: number,
  familyId: string = randomUUID(),
): Promise<IssuedTokens> {
  const issued: IssuedTokens = {
    accessToken: newToken(),
    refreshToken: newToken(),
    accessExpiresAt: now + Limits.accessTokenTtlSec * 1000,
    refreshExpiresAt: now + Limits.refreshTokenTtlSec * 1000,
  }
  await tx.insert(sessions).values({
    userId,
    familyId,
    accessHash: hashToken(issued.accessToken),
    accessExpiresAt: new Date(issued.accessExpiresAt),
    refreshHash: hashToken(issued.refreshToken),
    refreshExpiresAt: new Date(issued.refreshExpiresAt),
    createdAt: new Date(now),
  })
  return issued
}

export interface AccessLookup {
  sessionId: number
  userId: number
  familyId: string
  accessExpiresAt: Date
  /** Null while the session is live. */
  revokedReason: RevokeReason | null
  userDeleted: boolean
  /** users.im_status (1: may use the chat's input), read with the session at no extra cost. */
  imStatus: number
}

export async function findSessionByAccessToken(
  db: Db,
  token: string,
): Promise<AccessLookup | null> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      familyId: sessions.familyId,
      accessExpiresAt: sessions.accessExpiresAt,
      revokedAt: sessions.revokedAt,
      revokedReason: sessions.revokedReason,
      deletedAt: users.deletedAt,
      imStatus: users.imStatus,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.accessHash, hashToken(token)))
  const row = rows[0]
  if (!row) return null
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    familyId: row.familyId,
    accessExpiresAt: row.accessExpiresAt,
    // A revoked row always has a reason; 'deleted' stands in should one ever lack it.
    revokedReason:
      row.revokedAt === null ? null : ((row.revokedReason as RevokeReason) ?? 'deleted'),
    userDeleted: row.deletedAt !== null,
    imStatus: row.imStatus,
  }
}

/** Whether the family still has a session whose refresh token can be used. */
export async function familyIsLive(db: Db, familyId: string, now: number): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.familyId, familyId),
        isNull(sessions.revokedAt),
        gt(sessions.refreshExpiresAt, new Date(now)),
      ),
    )
    .limit(1)
  return rows.length > 0
}

/** The session a refresh token belongs to, locked for rotation. */
export async function lockSessionByRefreshToken(tx: Db, token: string) {
  const rows = await tx
    .select()
    .from(sessions)
    .where(eq(sessions.refreshHash, hashToken(token)))
    .for('update')
  return rows[0]
}

export async function revokeSession(tx: Db, sessionId: number, reason: RevokeReason, now: number) {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(now), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

export async function revokeFamily(tx: Db, familyId: string, reason: RevokeReason, now: number) {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(now), revokedReason: reason })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)))
}

/** Every live session of a user, except (optionally) the family of the one making the call. */
export async function revokeUserSessions(
  tx: Db,
  userId: number,
  reason: RevokeReason,
  now: number,
  keepFamilyId?: string,
) {
  const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt))
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(now), revokedReason: reason })
    .where(keepFamilyId ? and(live, ne(sessions.familyId, keepFamilyId)) : live)
}

export async function familyOf(tx: Db, sessionId: number): Promise<string | undefined> {
  const rows = await tx
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
  return rows[0]?.familyId
}
