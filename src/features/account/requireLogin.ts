import { promptLogin } from '@/core/request'
import type { SessionStore } from '@/stores/SessionStore'

/** Runs `action` for a logged-in person; a guest gets the one-time login modal instead. */
export function requireLogin(session: SessionStore, action: () => void): void {
  if (session.isLoggedIn) action()
  else promptLogin()
}
