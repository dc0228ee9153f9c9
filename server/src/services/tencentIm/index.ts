import type { Clock } from '../../clock'
import type { Config } from '../../config'
import { NoGroupMirror } from './none'
import { TencentImRestClient } from './rest'
import type { GroupMirror, MirrorChange, MirrorCommand } from './types'

/** Tencent's REST client when TENCENT_SDKAPPID is configured; otherwise nothing is mirrored. */
export function createGroupMirror(config: Config, clock: Clock): GroupMirror {
  const { sdkAppId, secretKey, imApiBase } = config.tencent
  return sdkAppId
    ? new TencentImRestClient({ sdkAppId: Number(sdkAppId), secretKey, apiBase: imApiBase }, clock)
    : new NoGroupMirror()
}

/** A change for the mirror, typed like the method it calls. */
export function mirrorChange<K extends MirrorCommand>(
  command: K,
  ...args: Parameters<GroupMirror[K]>
): MirrorChange {
  return { command, args } as MirrorChange
}

/**
 * Sends committed changes to the mirror. A group's changes go one after another in this process
 * (a mute is not overtaken by its unmute). A failure is logged with the group and the command and
 * goes no further: our database is the source of truth and the reader's change stands. Drift left
 * by a failure (or by two processes racing) is for a periodic reconciliation to repair, which
 * would compare each live group's members, roles and mutes with Tencent's (not built).
 */
export class GroupMirrorQueue {
  private readonly tails = new Map<number, Promise<void>>()

  constructor(
    readonly mirror: GroupMirror,
    private readonly log: (msg: string, err?: unknown) => void,
  ) {}

  /** Resolves when these changes were sent (or failed and were logged); never rejects. */
  push(groupId: number, changes: MirrorChange[]): Promise<void> {
    if (changes.length === 0 || this.mirror.kind === 'none') return Promise.resolve()
    const previous = this.tails.get(groupId) ?? Promise.resolve()
    const done = previous.then(() => this.send(groupId, changes))
    this.tails.set(groupId, done)
    void done.then(() => {
      if (this.tails.get(groupId) === done) this.tails.delete(groupId)
    })
    return done
  }

  private async send(groupId: number, changes: MirrorChange[]): Promise<void> {
    for (const change of changes) {
      try {
        const method = this.mirror[change.command] as (...args: unknown[]) => Promise<void>
        await method.apply(this.mirror, change.args)
      } catch (err) {
        this.log(`group mirror: ${change.command} for group ${groupId} failed`, err)
      }
    }
  }
}

export { NoGroupMirror, TencentImRestClient }
export type { GroupMirror, MirrorChange }
