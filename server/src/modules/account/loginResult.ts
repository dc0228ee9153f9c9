import type { LoginResult } from '@api/account'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { toProfile } from './profile'
import { issueTokens } from './tokens'
import type { UserRow } from '../../db/users'

/** Every way of logging in ends here: a new session, the profile and the chat signature. */
export async function loginResultFor(
  app: AppContext,
  tx: Db,
  user: UserRow,
  familyId?: string,
): Promise<LoginResult> {
  const tokens = await issueTokens(tx, user.id, app.clock.now(), familyId)
  return {
    access_token: tokens.accessToken,
    expire_at: unixSeconds(tokens.accessExpiresAt),
    refresh_token: tokens.refreshToken,
    refresh_expire_at: unixSeconds(tokens.refreshExpiresAt),
    user: toProfile(user),
    userSig: await app.userSigner.sign(String(user.id)),
  }
}
