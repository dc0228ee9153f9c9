import type { ServerFrame } from '@api/chatFrames'
import { CHAT_TEXTS } from '@rules/chat'
import { Limits } from '@rules/limits'

/** One authenticated WebSocket, as the hub sees it. */
export interface Connection {
  /** Unique over all processes (a random id). */
  readonly id: string
  readonly userId: number
  /** '' when the client named none: such connections are never kicked. */
  readonly platform: string
  /** When it authenticated (ms): a kick reaches only connections older than the login that sent it. */
  readonly since: number
  /** The session's token family (a refresh keeps it; a logout ends it). */
  readonly familyId: string
  send(text: string): void
  /** Tells the client why and closes the socket. */
  kick(reason: string): void
  /** The session ended (logout, password change, deletion): tells the client and closes. */
  endSession(): void
}

/** Which of a user's sessions ended: some token families, or all but (optionally) one. */
export type SessionsEnded = { familyIds: string[] } | { all: true; keepFamilyId?: string }

/** What goes to one user's connections (or to many users': the same frame, serialised once). */
export type Delivery =
  | { userId: number; frame: ServerFrame; exceptConn?: string }
  /** One frame for every connection of each of these users (a group message). */
  | { userIds: number[]; frame: ServerFrame; exceptConn?: string }
  /**
   * A newer login on the same platform (at `at`, ms): every older connection of the user on it is
   * kicked. A kick that arrives late through Redis never kicks a login made after it.
   */
  | { userId: number; kick: { platform: string; reason: string; at: number }; exceptConn: string }
  /** Sessions were revoked: their sockets close at once, on every process. */
  | { userId: number; endSessions: SessionsEnded }

const ended = (conn: Connection, which: SessionsEnded): boolean =>
  'all' in which ? conn.familyId !== which.keepFamilyId : which.familyIds.includes(conn.familyId)

/**
 * This process's connected clients, by user. A user has at most Limits.chatSocketsPerPlatform
 * sockets per platform name and Limits.chatSocketsPerUser in all here: past either, the oldest is
 * kicked. The newest is the one a person is looking at (a phone that reconnected leaves dead
 * sockets behind until the heartbeat finds them); a kicked client does not reconnect, so two live
 * clients cannot take turns kicking each other.
 */
export class Hub {
  private readonly byUser = new Map<number, Set<Connection>>()
  /** Told when a user's first socket here opens (true) and their last one closes (false). */
  onPresence: ((userId: number, online: boolean) => void) | null = null

  add(conn: Connection): void {
    let set = this.byUser.get(conn.userId)
    if (!set) {
      set = new Set()
      this.byUser.set(conn.userId, set)
      this.onPresence?.(conn.userId, true)
    }
    set.add(conn)
    this.keepWithinCaps(set, conn)
  }

  /** Sets keep insertion order: the first ones found are the oldest. */
  private keepWithinCaps(set: Set<Connection>, added: Connection): void {
    let samePlatform = 0
    for (const conn of set) if (conn.platform === added.platform) samePlatform++
    for (const conn of [...set]) {
      if (samePlatform <= Limits.chatSocketsPerPlatform) break
      if (conn === added || conn.platform !== added.platform) continue
      samePlatform--
      set.delete(conn)
      conn.kick(CHAT_TEXTS.kickedContent)
    }
    for (const conn of [...set]) {
      if (set.size <= Limits.chatSocketsPerUser) break
      if (conn === added) continue
      set.delete(conn)
      conn.kick(CHAT_TEXTS.kickedContent)
    }
  }

  remove(conn: Connection): void {
    const set = this.byUser.get(conn.userId)
    if (!set) return
    set.delete(conn)
    if (set.size === 0) {
      this.byUser.delete(conn.userId)
      this.onPresence?.(conn.userId, false)
    }
  }

  /** The user has a socket open in this process. */
  has(userId: number): boolean {
    return this.byUser.has(userId)
  }

  /** The users with a socket open in this process. */
  users(): IterableIterator<number> {
    return this.byUser.keys()
  }

  get size(): number {
    let n = 0
    for (const set of this.byUser.values()) n += set.size
    return n
  }

  deliver(deliveries: readonly Delivery[]): void {
    for (const d of deliveries) {
      if ('userIds' in d) {
        this.deliverToMany(d.userIds, d.frame, d.exceptConn)
        continue
      }
      const set = this.byUser.get(d.userId)
      if (!set) continue
      if ('endSessions' in d) {
        for (const conn of [...set]) if (ended(conn, d.endSessions)) conn.endSession()
        continue
      }
      if ('kick' in d) {
        for (const conn of [...set]) {
          if (
            conn.id !== d.exceptConn &&
            conn.platform !== '' &&
            conn.platform === d.kick.platform &&
            conn.since <= d.kick.at
          ) {
            conn.kick(d.kick.reason)
          }
        }
        continue
      }
      const text = JSON.stringify(d.frame)
      for (const conn of set) if (conn.id !== d.exceptConn) conn.send(text)
    }
  }

  private deliverToMany(userIds: readonly number[], frame: ServerFrame, exceptConn?: string): void {
    let text: string | undefined
    for (const userId of userIds) {
      const set = this.byUser.get(userId)
      if (!set) continue
      text ??= JSON.stringify(frame)
      for (const conn of set) if (conn.id !== exceptConn) conn.send(text)
    }
  }
}
